// Owners, attorneys and firms as read from the marks: the store interface every backend implements.

/** Index rows a name lookup reads at most before ranking: a bound on its work whatever the name. */
export const PREFIX_ROWS = 20_000;

export interface OwnerMatchRow {
  owner_id: string;
  name: string;
  trademark_count: number;
  /** Comma-joined office codes, in code order. */
  offices: string;
}

export interface PartyRepo {
  /** How many distinct owner records an entity groups. */
  entityMemberCount(entityId: string): Promise<number>;
  /**
   * Candidate owners for a fuzzy name search: those with a word of their name key starting with
   * one of `fragments` (core/name-prefixes.ts), most trademarks first, at most `limit`, read from
   * an index (never a scan of every owner). The caller scores them.
   */
  ownersContaining(fragments: readonly string[], limit: number): Promise<(OwnerMatchRow & {
    entity_id: string | null;
  })[]>;
  /** When each owner record last changed: the latest updated_at of its marks (the owners list's
   *  `sort=updated_at`); owners naming no mark are absent. */
  ownersUpdatedAt(ownerIds: readonly string[]): Promise<Map<string, string>>;
  /** One owner record's name, entity, mark count and offices, or null when no mark names it. */
  owner(ownerId: string): Promise<(OwnerMatchRow & {
    entity_id: string | null;
  }) | null>;
  /**
   * Attorneys (`kind` att_) or firms (firm_) with a word of their name key starting with one of
   * `fragments` (all of them when none is given, most marks first from an index of the counts),
   * most trademarks first, at most `limit`; `owner_id` holds the party id. Never a scan.
   */
  representativesContaining(kind: 'att_' | 'firm_', fragments: readonly string[], limit: number): Promise<OwnerMatchRow[]>;
  /** One attorney's or firm's mark count and offices, or null when no mark names it. */
  representative(id: string): Promise<OwnerMatchRow | null>;
  /** The spellings of an attorney's or firm's name, most marks first. */
  representativeNames(id: string): Promise<{
    name: string;
    n: number;
  }[]>;
  /** The firms an attorney is placed at, most marks first. */
  attorneyFirms(attorneyId: string): Promise<{
    party_id: string;
    n: number;
  }[]>;
  /** The attorneys placed at a firm, most marks first. */
  firmAttorneys(firmId: string): Promise<{
    party_id: string;
    n: number;
  }[]>;
  /** The owners of an attorney's or firm's marks (its clients), most shared marks first. */
  clientsOf(id: string, limit: number): Promise<{
    owner_id: string;
    name: string;
    trademark_count: number;
  }[]>;
  /** The id an owner or attorney id was merged into by the operator (migration 073), or null. */
  partyMergedInto(partyId: string): Promise<string | null>;
  /** The ids merged directly into one owner or attorney id, sorted. */
  partiesMergedInto(partyId: string): Promise<string[]>;
  /** Which of these ids were merged into another. */
  mergedAmong(partyIds: readonly string[]): Promise<Set<string>>;
  /** Records that `partyId` is `mergedInto` from `at` on (an operator action); a second merge of it fails. */
  mergeParty(partyId: string, mergedInto: string, at: string): Promise<void>;
}

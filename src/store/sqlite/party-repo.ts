// Party lookups: owner, attorney and firm candidates for a name, read from the word-prefix index
// with the counts the triggers keep (migration 050), the busiest attorneys and firms, and one
// party's summary, spellings, firms and clients (trademark_owners, trademark_representatives).
import type { Db } from './sqlite.js';
import { PREFIX_ROWS, type OwnerMatchRow, type PartyRepo } from '../party-repo.js';

export const createPartyRepo = (db: Db): PartyRepo => {
  const oneOwner = db.prepare(
    `SELECT o.owner_id, MIN(o.name) AS name, MIN(o.entity_id) AS entity_id, COUNT(*) AS trademark_count,
            GROUP_CONCAT(DISTINCT t.office_code ORDER BY t.office_code) AS offices
     FROM trademark_owners o JOIN trademarks t ON t.id = o.trademark_id WHERE o.owner_id = ? GROUP BY o.owner_id`,
  );
  // Attorneys and firms (trademark_representatives, migration 032): the same shape as owner rows.
  const repSelect = `SELECT r.party_id AS owner_id, MIN(r.name) AS name, COUNT(*) AS trademark_count, GROUP_CONCAT(DISTINCT t.office_code ORDER BY t.office_code) AS offices
     FROM trademark_representatives r JOIN trademarks t ON t.id = r.trademark_id`;
  const oneRep = db.prepare(`${repSelect} WHERE r.party_id = ? GROUP BY r.party_id`);
  const repNames = db.prepare<[string], { name: string; n: number }>(
    'SELECT name, COUNT(*) AS n FROM trademark_representatives WHERE party_id = ? GROUP BY name ORDER BY n DESC, name',
  );
  const repFirms = db.prepare<[string], { party_id: string; n: number }>(
    'SELECT firm_id AS party_id, COUNT(*) AS n FROM trademark_representatives WHERE party_id = ? AND firm_id IS NOT NULL GROUP BY firm_id ORDER BY n DESC, firm_id',
  );
  const firmMembers = db.prepare<[string], { party_id: string; n: number }>(
    'SELECT party_id, COUNT(*) AS n FROM trademark_representatives WHERE firm_id = ? GROUP BY party_id ORDER BY n DESC, party_id',
  );
  const clients = db.prepare<[string, number], { owner_id: string; name: string; trademark_count: number }>(
    `SELECT o.owner_id, MIN(o.name) AS name, COUNT(DISTINCT o.trademark_id) AS trademark_count
     FROM trademark_representatives r JOIN trademark_owners o ON o.trademark_id = r.trademark_id
     WHERE r.party_id = ? GROUP BY o.owner_id ORDER BY trademark_count DESC, o.owner_id LIMIT ?`,
  );
  // Name lookups (migration 050): candidates are read from the word-prefix index, at most
  // PREFIX_ROWS rows, and ranked by the marks counts the triggers keep; nothing here scans.
  const summary = `SELECT s.party_id AS owner_id, s.name, s.marks AS trademark_count,
       COALESCE((SELECT GROUP_CONCAT(office_code) FROM party_office_marks p WHERE p.party_id = s.party_id AND p.marks > 0), '') AS offices`;
  const ownerEntity = '(SELECT entity_id FROM trademark_owners o WHERE o.owner_id = s.party_id LIMIT 1) AS entity_id';
  const byPrefix = (n: number, owners: boolean) =>
    db.prepare(
      `${summary}${owners ? `, ${ownerEntity}` : ''}
       FROM (SELECT DISTINCT party_id FROM party_name_prefixes
             WHERE ${Array.from({ length: n }, () => '(prefix >= ? AND prefix < ?)').join(' OR ')} LIMIT ${PREFIX_ROWS}) c
       JOIN party_stats s ON s.party_id = c.party_id
       WHERE s.marks > 0 ORDER BY s.marks DESC, s.party_id LIMIT ?`,
    );
  const byPrefixCache = new Map<string, ReturnType<typeof byPrefix>>();
  const prefixStmt = (n: number, owners: boolean) => {
    const key = `${n}:${owners}`;
    let stmt = byPrefixCache.get(key);
    if (!stmt) byPrefixCache.set(key, (stmt = byPrefix(n, owners)));
    return stmt;
  };
  /** `[from, to)` bounds of every indexed prefix that starts with `kind` + fragment (U+10FFFF sorts last in UTF-8). */
  const ranges = (kind: string, fragments: readonly string[]): string[] => fragments.flatMap((f) => [`${kind}${f}`, `${kind}${f}\u{10ffff}`]);
  const byMarks = db.prepare(`${summary} FROM party_stats s WHERE s.kind = ? AND s.marks > 0 ORDER BY s.marks DESC, s.party_id LIMIT ?`);
  const ownersUpdated = db.prepare<[string], { owner_id: string; updated_at: string }>(
    `SELECT o.owner_id, MAX(t.updated_at) AS updated_at FROM trademark_owners o JOIN trademarks t ON t.id = o.trademark_id
     WHERE o.owner_id IN (SELECT value FROM json_each(?)) GROUP BY o.owner_id`,
  );
  const entityMembers = db.prepare<[string], { n: number }>('SELECT COUNT(DISTINCT owner_id) AS n FROM trademark_owners WHERE entity_id = ?');
  const mergedInto = db.prepare<[string], string>('SELECT merged_into FROM party_merges WHERE party_id = ?').pluck();
  const mergedFrom = db.prepare<[string], string>('SELECT party_id FROM party_merges WHERE merged_into = ? ORDER BY party_id').pluck();
  const isMerged = db.prepare<[string], string>('SELECT party_id FROM party_merges WHERE party_id = ?').pluck();
  const insertMerge = db.prepare('INSERT INTO party_merges (party_id, merged_into, created_at) VALUES (?, ?, ?)');
  return {
    /** How many distinct owner records an entity groups. */
    async entityMemberCount(entityId: string): Promise<number> {
      return entityMembers.get(entityId)!.n;
    },
    /**
     * Candidate owners for a fuzzy name search: those with a word of their name key starting with
     * one of `fragments` (core/name-prefixes.ts), most trademarks first, at most `limit`. The caller scores them.
     */
    async ownersContaining(fragments: readonly string[], limit: number): Promise<(OwnerMatchRow & { entity_id: string | null })[]> {
      if (fragments.length === 0) return [];
      return prefixStmt(fragments.length, true).all(...ranges('own_', fragments), limit) as (OwnerMatchRow & { entity_id: string | null })[];
    },
    /** When each owner record last changed: the latest updated_at of its marks. */
    async ownersUpdatedAt(ownerIds: readonly string[]): Promise<Map<string, string>> {
      if (ownerIds.length === 0) return new Map();
      return new Map(ownersUpdated.all(JSON.stringify(ownerIds)).map((r) => [r.owner_id, r.updated_at]));
    },
    /** One owner record's name, entity, mark count and offices, or null when no mark names it. */
    async owner(ownerId: string): Promise<(OwnerMatchRow & { entity_id: string | null }) | null> {
      return (oneOwner.get(ownerId) as (OwnerMatchRow & { entity_id: string | null }) | undefined) ?? null;
    },
    /**
     * Attorneys (`kind` att_) or firms (firm_) with a word of their name key starting with one of
     * `fragments` (all of them when none is given, from the marks index), most trademarks first, at
     * most `limit`; `owner_id` holds the party id.
     */
    async representativesContaining(kind: 'att_' | 'firm_', fragments: readonly string[], limit: number): Promise<OwnerMatchRow[]> {
      if (fragments.length === 0) return byMarks.all(kind, limit) as OwnerMatchRow[];
      return prefixStmt(fragments.length, false).all(...ranges(kind, fragments), limit) as OwnerMatchRow[];
    },
    /** One attorney's or firm's mark count and offices, or null when no mark names it. */
    async representative(id: string): Promise<OwnerMatchRow | null> {
      return (oneRep.get(id) as OwnerMatchRow | undefined) ?? null;
    },
    /** The spellings of an attorney's or firm's name, most marks first. */
    async representativeNames(id: string): Promise<{ name: string; n: number }[]> {
      return repNames.all(id);
    },
    /** The firms an attorney is placed at, most marks first. */
    async attorneyFirms(attorneyId: string): Promise<{ party_id: string; n: number }[]> {
      return repFirms.all(attorneyId);
    },
    /** The attorneys placed at a firm, most marks first. */
    async firmAttorneys(firmId: string): Promise<{ party_id: string; n: number }[]> {
      return firmMembers.all(firmId);
    },
    /** The owners of an attorney's or firm's marks (its clients), most shared marks first. */
    async clientsOf(id: string, limit: number): Promise<{ owner_id: string; name: string; trademark_count: number }[]> {
      return clients.all(id, limit);
    },
    async partyMergedInto(partyId: string): Promise<string | null> {
      return mergedInto.get(partyId) ?? null;
    },
    async partiesMergedInto(partyId: string): Promise<string[]> {
      return mergedFrom.all(partyId);
    },
    async mergedAmong(partyIds: readonly string[]): Promise<Set<string>> {
      return new Set(partyIds.filter((id) => isMerged.get(id) !== undefined));
    },
    async mergeParty(partyId: string, mergedInto: string, at: string): Promise<void> {
      insertMerge.run(partyId, mergedInto, at);
    },
  };
};


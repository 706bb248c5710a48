// Party lookups: owner name search over the trademark_owners side table with per-owner counts and
// offices (earlier-shape `GET /v1/owners/search`, candidates of the fuzzy owner search, one owner's
// summary), and the same for attorneys and firms (trademark_representatives).
import type { Db } from './sqlite.js';
import type { OwnerMatchRow, PartyRepo } from '../party-repo.js';

export const createPartyRepo = (db: Db): PartyRepo => {
  const search = (withOffice: boolean) =>
    db.prepare(
      `SELECT o.owner_id, MIN(o.name) AS name, COUNT(*) AS trademark_count, GROUP_CONCAT(DISTINCT t.office_code) AS offices
       FROM trademark_owners o JOIN trademarks t ON t.id = o.trademark_id
       WHERE o.name LIKE ? ESCAPE '\\' ${withOffice ? 'AND t.office_code = ?' : ''}
       GROUP BY o.owner_id ORDER BY trademark_count DESC, name, o.owner_id LIMIT ? OFFSET ?`,
    );
  const count = (withOffice: boolean) =>
    db.prepare(
      `SELECT COUNT(DISTINCT o.owner_id) AS n FROM trademark_owners o JOIN trademarks t ON t.id = o.trademark_id
       WHERE o.name LIKE ? ESCAPE '\\' ${withOffice ? 'AND t.office_code = ?' : ''}`,
    );
  const stmts = { search: [search(false), search(true)], count: [count(false), count(true)] } as const;
  const pattern = (q: string): string => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const like = (n: number) =>
    db.prepare(
      `SELECT o.owner_id, MIN(o.name) AS name, MIN(o.entity_id) AS entity_id, COUNT(*) AS trademark_count,
              GROUP_CONCAT(DISTINCT t.office_code) AS offices
       FROM trademark_owners o JOIN trademarks t ON t.id = o.trademark_id
       WHERE ${Array.from({ length: n }, () => "o.name LIKE ? ESCAPE '\\'").join(' OR ')}
       GROUP BY o.owner_id ORDER BY trademark_count DESC, o.owner_id LIMIT ?`,
    );
  const likeByCount = new Map<number, ReturnType<typeof like>>();
  const oneOwner = db.prepare(
    `SELECT o.owner_id, MIN(o.name) AS name, MIN(o.entity_id) AS entity_id, COUNT(*) AS trademark_count,
            GROUP_CONCAT(DISTINCT t.office_code) AS offices
     FROM trademark_owners o JOIN trademarks t ON t.id = o.trademark_id WHERE o.owner_id = ? GROUP BY o.owner_id`,
  );
  // Attorneys and firms (trademark_representatives, migration 032): the same shape as owner rows.
  const repSelect = `SELECT r.party_id AS owner_id, MIN(r.name) AS name, COUNT(*) AS trademark_count, GROUP_CONCAT(DISTINCT t.office_code) AS offices
     FROM trademark_representatives r JOIN trademarks t ON t.id = r.trademark_id`;
  const repLike = (n: number) =>
    db.prepare(
      `${repSelect} WHERE substr(r.party_id, 1, 4) = substr(?, 1, 4) ${n ? `AND (${Array.from({ length: n }, () => "r.name LIKE ? ESCAPE '\\'").join(' OR ')})` : ''}
       GROUP BY r.party_id ORDER BY trademark_count DESC, r.party_id LIMIT ?`,
    );
  const repLikeByCount = new Map<number, ReturnType<typeof repLike>>();
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
  const entityMembers = db.prepare<[string], { n: number }>('SELECT COUNT(DISTINCT owner_id) AS n FROM trademark_owners WHERE entity_id = ?');
  return {
    /** How many distinct owner records an entity groups. */
    async entityMemberCount(entityId: string): Promise<number> {
      return entityMembers.get(entityId)!.n;
    },
    /**
     * Candidate owners for a fuzzy name search: those whose name contains any of `fragments`
     * (case-insensitive for ASCII), most trademarks first, at most `limit`. The caller scores them.
     */
    async ownersContaining(fragments: readonly string[], limit: number): Promise<(OwnerMatchRow & { entity_id: string | null })[]> {
      if (fragments.length === 0) return [];
      let stmt = likeByCount.get(fragments.length);
      if (!stmt) likeByCount.set(fragments.length, (stmt = like(fragments.length)));
      return stmt.all(...fragments.map(pattern), limit) as (OwnerMatchRow & { entity_id: string | null })[];
    },
    /** One owner record's name, entity, mark count and offices, or null when no mark names it. */
    async owner(ownerId: string): Promise<(OwnerMatchRow & { entity_id: string | null }) | null> {
      return (oneOwner.get(ownerId) as (OwnerMatchRow & { entity_id: string | null }) | undefined) ?? null;
    },
    /**
     * Attorneys (`kind` att_) or firms (firm_) whose name contains any of `fragments` (all of them
     * when none is given), most trademarks first, at most `limit`; `owner_id` holds the party id.
     */
    async representativesContaining(kind: 'att_' | 'firm_', fragments: readonly string[], limit: number): Promise<OwnerMatchRow[]> {
      let stmt = repLikeByCount.get(fragments.length);
      if (!stmt) repLikeByCount.set(fragments.length, (stmt = repLike(fragments.length)));
      return stmt.all(kind, ...fragments.map(pattern), limit) as OwnerMatchRow[];
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
    /** Owners whose name contains `q` (case-insensitive for ASCII), most trademarks first. */
    async searchOwners(q: string, office: string | null, limit: number, offset: number): Promise<{ rows: OwnerMatchRow[]; total: number }> {
      const args = office ? [pattern(q), office] : [pattern(q)];
      const i = office ? 1 : 0;
      return {
        rows: stmts.search[i].all(...args, limit, offset) as OwnerMatchRow[],
        total: (stmts.count[i].get(...args) as { n: number }).n,
      };
    },
  };
};


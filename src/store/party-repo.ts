// Party lookups: owner name search over the trademark_owners side table with per-owner counts and
// offices (earlier-shape `GET /v1/owners/search`, candidates of the fuzzy owner search, one owner's
// summary), and a text prefilter for names without ids.
import type { TrademarkRecord } from '../core/schemas/trademark.js';
import type { Db } from './sqlite.js';

export interface OwnerMatchRow {
  owner_id: string;
  name: string;
  trademark_count: number;
  /** Comma-joined office codes. */
  offices: string;
}

export const createPartyRepo = (db: Db) => {
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
  const mentioning = db.prepare<[string, string, number], { id: string; record: string }>(
    'SELECT id, record FROM trademarks WHERE id > ? AND instr(lower(record), ?) > 0 ORDER BY id LIMIT ?',
  );
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
  const entityMembers = db.prepare<[string], { n: number }>('SELECT COUNT(DISTINCT owner_id) AS n FROM trademark_owners WHERE entity_id = ?');
  return {
    /** How many distinct owner records an entity groups. */
    async entityMemberCount(entityId: string): Promise<number> {
      return entityMembers.get(entityId)!.n;
    },
    /**
     * Records whose stored text contains `token` (case-insensitive for ASCII), a batch at a time:
     * a cheap prefilter for lookups by a name the records carry without an id (attorneys, firms).
     */
    async *recordsMentioning(token: string, batchSize = 1000): AsyncGenerator<TrademarkRecord[]> {
      let after = '';
      for (;;) {
        const rows = mentioning.all(after, token.toLowerCase(), batchSize);
        if (rows.length === 0) return;
        after = rows[rows.length - 1]!.id;
        yield rows.map((r) => JSON.parse(r.record) as TrademarkRecord);
      }
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

export type PartyRepo = ReturnType<typeof createPartyRepo>;

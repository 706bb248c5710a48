// Party lookups on PostgreSQL: the same answers as SQLite's (src/store/sqlite/party-repo.ts).
// Name lookups read the word-prefix index and the counts its triggers keep (migration 40), at most
// PREFIX_ROWS index rows; a party's summary, spellings, firms and clients read the side tables.
import { PREFIX_ROWS, type OwnerMatchRow, type PartyRepo } from '../party-repo.js';
import type { PgDb } from './pg.js';

type OwnerRow = OwnerMatchRow & { entity_id: string | null };

const OFFICES = "string_agg(DISTINCT t.office_code, ',' ORDER BY t.office_code)";
const SUMMARY = `SELECT s.party_id AS owner_id, s.name, s.marks AS trademark_count,
  COALESCE((SELECT string_agg(office_code, ',' ORDER BY office_code) FROM party_office_marks p WHERE p.party_id = s.party_id AND p.marks > 0), '') AS offices`;
const OWNER_ENTITY = '(SELECT entity_id FROM trademark_owners o WHERE o.owner_id = s.party_id LIMIT 1) AS entity_id';

/** `[from, to)` bounds of every indexed prefix that starts with `kind` + fragment (U+10FFFF sorts last in UTF-8). */
const ranges = (kind: string, fragments: readonly string[]): string[] => fragments.flatMap((f) => [`${kind}${f}`, `${kind}${f}\u{10ffff}`]);

export const createPgPartyRepo = (db: PgDb): PartyRepo => {
  const byPrefix = async <R extends OwnerMatchRow>(kind: string, fragments: readonly string[], limit: number, owners: boolean): Promise<R[]> => {
    const bounds = ranges(kind, fragments);
    const where = fragments.map((_, i) => `(prefix >= $${2 * i + 1} AND prefix < $${2 * i + 2})`).join(' OR ');
    return db.query<R>(
      `${SUMMARY}${owners ? `, ${OWNER_ENTITY}` : ''}
       FROM (SELECT DISTINCT party_id FROM party_name_prefixes WHERE ${where} LIMIT ${PREFIX_ROWS}) c
       JOIN party_stats s ON s.party_id = c.party_id
       WHERE s.marks > 0 ORDER BY s.marks DESC, s.party_id LIMIT $${bounds.length + 1}`,
      [...bounds, limit],
    );
  };
  return {
    async entityMemberCount(entityId) {
      return Number((await db.query<{ n: number }>('SELECT COUNT(DISTINCT owner_id) AS n FROM trademark_owners WHERE entity_id = $1', [entityId]))[0]!.n);
    },
    async ownersContaining(fragments, limit) {
      return fragments.length === 0 ? [] : byPrefix<OwnerRow>('own_', fragments, limit, true);
    },
    async ownersUpdatedAt(ownerIds) {
      if (ownerIds.length === 0) return new Map();
      const rows = await db.query<{ owner_id: string; updated_at: string }>(
        `SELECT o.owner_id, MAX(t.updated_at) AS updated_at FROM trademark_owners o JOIN trademarks t ON t.id = o.trademark_id
         WHERE o.owner_id = ANY($1) GROUP BY o.owner_id`,
        [[...ownerIds]],
      );
      return new Map(rows.map((r) => [r.owner_id, r.updated_at]));
    },
    async owner(ownerId) {
      const rows = await db.query<OwnerRow>(
        `SELECT o.owner_id, MIN(o.name) AS name, MIN(o.entity_id) AS entity_id, COUNT(*) AS trademark_count, ${OFFICES} AS offices
         FROM trademark_owners o JOIN trademarks t ON t.id = o.trademark_id WHERE o.owner_id = $1 GROUP BY o.owner_id`,
        [ownerId],
      );
      return rows[0] ?? null;
    },
    async representativesContaining(kind, fragments, limit) {
      if (fragments.length > 0) return byPrefix<OwnerMatchRow>(kind, fragments, limit, false);
      return db.query<OwnerMatchRow>(`${SUMMARY} FROM party_stats s WHERE s.kind = $1 AND s.marks > 0 ORDER BY s.marks DESC, s.party_id LIMIT $2`, [kind, limit]);
    },
    async representative(id) {
      const rows = await db.query<OwnerMatchRow>(
        `SELECT r.party_id AS owner_id, MIN(r.name) AS name, COUNT(*) AS trademark_count, ${OFFICES} AS offices
         FROM trademark_representatives r JOIN trademarks t ON t.id = r.trademark_id WHERE r.party_id = $1 GROUP BY r.party_id`,
        [id],
      );
      return rows[0] ?? null;
    },
    async representativeNames(id) {
      return db.query('SELECT name, COUNT(*) AS n FROM trademark_representatives WHERE party_id = $1 GROUP BY name ORDER BY n DESC, name', [id]);
    },
    async attorneyFirms(attorneyId) {
      return db.query(
        'SELECT firm_id AS party_id, COUNT(*) AS n FROM trademark_representatives WHERE party_id = $1 AND firm_id IS NOT NULL GROUP BY firm_id ORDER BY n DESC, firm_id',
        [attorneyId],
      );
    },
    async firmAttorneys(firmId) {
      return db.query('SELECT party_id, COUNT(*) AS n FROM trademark_representatives WHERE firm_id = $1 GROUP BY party_id ORDER BY n DESC, party_id', [firmId]);
    },
    async clientsOf(id, limit) {
      return db.query(
        `SELECT o.owner_id, MIN(o.name) AS name, COUNT(DISTINCT o.trademark_id) AS trademark_count
         FROM trademark_representatives r JOIN trademark_owners o ON o.trademark_id = r.trademark_id
         WHERE r.party_id = $1 GROUP BY o.owner_id ORDER BY trademark_count DESC, o.owner_id LIMIT $2`,
        [id, limit],
      );
    },
    async partyMergedInto(partyId) {
      return (await db.query<{ merged_into: string }>('SELECT merged_into FROM party_merges WHERE party_id = $1', [partyId]))[0]?.merged_into ?? null;
    },
    async partiesMergedInto(partyId) {
      return (await db.query<{ party_id: string }>('SELECT party_id FROM party_merges WHERE merged_into = $1 ORDER BY party_id', [partyId])).map((r) => r.party_id);
    },
    async mergedAmong(partyIds) {
      if (partyIds.length === 0) return new Set();
      return new Set((await db.query<{ party_id: string }>('SELECT party_id FROM party_merges WHERE party_id = ANY($1)', [partyIds])).map((r) => r.party_id));
    },
    async mergeParty(partyId, mergedInto, at) {
      await db.query('INSERT INTO party_merges (party_id, merged_into, created_at) VALUES ($1, $2, $3)', [partyId, mergedInto, at]);
    },
  };
};

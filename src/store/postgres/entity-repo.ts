// Owner entities on PostgreSQL: the same answers as SQLite's (src/store/sqlite/entity-repo.ts):
// where an entity was merged to (followed through later merges), its members, and hand merges
// and splits, each one transaction under the store's write lock.
import type { EntityMember, EntityRepo } from '../entity-repo.js';
import type { PgDb } from './pg.js';

export const createPgEntityRepo = (db: PgDb): EntityRepo => ({
  async mergedInto(id) {
    // Merges never form a cycle (merge refuses one); the depth bound is belt and braces, as on SQLite.
    const rows = await db.query<{ merged_into: string }>(
      `WITH RECURSIVE chain (id, depth) AS (
         SELECT merged_into, 1 FROM entity_merges WHERE entity_id = $1
         UNION ALL SELECT m.merged_into, c.depth + 1 FROM chain c JOIN entity_merges m ON m.entity_id = c.id WHERE c.depth < 100
       ) SELECT id AS merged_into FROM chain ORDER BY depth DESC LIMIT 1`,
      [id],
    );
    return rows[0]?.merged_into ?? null;
  },
  async members(id) {
    return db.query<EntityMember>(
      `SELECT o.owner_id, MIN(o.name) AS name, COUNT(*) AS trademark_count, string_agg(DISTINCT t.office_code, ',' ORDER BY t.office_code) AS offices
       FROM trademark_owners o JOIN trademarks t ON t.id = o.trademark_id
       WHERE o.entity_id = $1 GROUP BY o.owner_id ORDER BY trademark_count DESC, o.owner_id`,
      [id],
    );
  },
  async merge(from, into, at) {
    await db.tx(async (c) => {
      await c.query('INSERT INTO entity_merges (entity_id, merged_into, created_at) VALUES ($1, $2, $3)', [from, into, at]);
      await c.query('UPDATE trademark_owners SET entity_id = $1 WHERE entity_id = $2', [into, from]);
    });
  },
  async split(from, to, ownerIds, at) {
    await db.tx(async (c) => {
      await c.query(
        `INSERT INTO entity_splits (owner_id, entity_id, split_from, created_at) SELECT o, $2, $3, $4 FROM unnest($1::text[]) AS o
         ON CONFLICT (owner_id) DO UPDATE SET entity_id = excluded.entity_id, split_from = excluded.split_from, created_at = excluded.created_at`,
        [[...new Set(ownerIds)], to, from, at],
      );
      await c.query('UPDATE trademark_owners SET entity_id = $1 WHERE owner_id = ANY($2) AND entity_id = $3', [to, [...ownerIds], from]);
    });
  },
});

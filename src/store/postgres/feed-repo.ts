// Calendar feed tokens on PostgreSQL (interface: src/store/feed-repo.ts); the same rows as SQLite's.
import type { FeedRepo, FeedRow } from '../feed-repo.js';
import type { PgDb } from './pg.js';

const COLUMNS = ['id', 'org_id', 'livemode', 'name', 'hash', 'hint', 'path', 'input', 'created_at', 'revoked_at', 'last_used_at'] as const;

export const createPgFeedRepo = (db: PgDb): FeedRepo => {
  const write = async (sql: string, params: unknown[]): Promise<void> => {
    await db.tx(async (c) => {
      await c.query(sql, params);
    });
  };
  return {
    async create(row) {
      await write(`INSERT INTO feed_tokens (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})`, COLUMNS.map((k) => row[k]));
    },
    async byHash(hash) {
      const rows = await db.query<FeedRow & { org_name: string | null; org_limits: string | null }>(
        'SELECT f.*, o.name AS org_name, o.limits AS org_limits FROM feed_tokens f LEFT JOIN orgs o ON o.id = f.org_id WHERE f.hash = $1',
        [hash],
      );
      return rows[0] ?? null;
    },
    async get(orgId, livemode, id) {
      return (await db.query<FeedRow>('SELECT * FROM feed_tokens WHERE org_id = $1 AND livemode = $2 AND id = $3', [orgId, livemode ? 1 : 0, id]))[0] ?? null;
    },
    async list(orgId, livemode) {
      return db.query<FeedRow>('SELECT * FROM feed_tokens WHERE org_id = $1 AND livemode = $2 ORDER BY created_at, id', [orgId, livemode ? 1 : 0]);
    },
    async revoke(id, at) {
      await write('UPDATE feed_tokens SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL', [at, id]);
    },
    // A feed poll only stamps its token: no store write lock, so polling never waits for an ingest.
    async touch(id, at) {
      await db.query('UPDATE feed_tokens SET last_used_at = $1 WHERE id = $2', [at, id]);
    },
  };
};

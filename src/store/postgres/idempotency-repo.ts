// Stored responses for Idempotency-Key (spec §7) on PostgreSQL: the same rows and rules as
// SQLite's. A claim is one upsert, so two requests racing for a key cannot both win it. Claims
// and answers commit without waiting for the disk (db.relaxed, pg.ts says why that is safe).
import type { IdempotencyRepo, IdempotencyRow } from '../idempotency-repo.js';
import type { PgDb } from './pg.js';

const mode = (livemode: boolean): number => (livemode ? 1 : 0);

export const createPgIdempotencyRepo = (db: PgDb): IdempotencyRepo => ({
  async find(orgId, livemode, key, expiredBefore) {
    const rows = await db.query<IdempotencyRow>(
      'SELECT fingerprint, state, status, body, created_at FROM idempotency WHERE org_id = $1 AND livemode = $2 AND key = $3 AND created_at > $4',
      [orgId, mode(livemode), key, expiredBefore],
    );
    return rows[0] ?? null;
  },
  async claim(orgId, livemode, key, fingerprint, at, expiredBefore) {
    const won = await db.relaxed(
      `INSERT INTO idempotency (org_id, livemode, key, fingerprint, state, status, body, created_at)
       VALUES ($1, $2, $3, $4, 'processing', NULL, NULL, $5)
       ON CONFLICT (org_id, livemode, key) DO UPDATE SET fingerprint = excluded.fingerprint, state = 'processing',
         status = NULL, body = NULL, created_at = excluded.created_at
       WHERE idempotency.created_at <= $6
       RETURNING 1`,
      [orgId, mode(livemode), key, fingerprint, at, expiredBefore],
    );
    return won.length > 0;
  },
  async complete(orgId, livemode, key, status, body) {
    await db.relaxed("UPDATE idempotency SET state = 'done', status = $1, body = $2 WHERE org_id = $3 AND livemode = $4 AND key = $5", [status, body, orgId, mode(livemode), key]);
  },
  async release(orgId, livemode, key) {
    await db.relaxed('DELETE FROM idempotency WHERE org_id = $1 AND livemode = $2 AND key = $3', [orgId, mode(livemode), key]);
  },
  async purge(expiredBefore) {
    return Number((await db.query<{ n: number }>('WITH d AS (DELETE FROM idempotency WHERE created_at <= $1 RETURNING 1) SELECT COUNT(*) AS n FROM d', [expiredBefore]))[0]!.n);
  },
  async probe(at) {
    await db.query("INSERT INTO meta (key, value) VALUES ('idempotency_probe', $1) ON CONFLICT (key) DO UPDATE SET value = excluded.value", [at]);
  },
});

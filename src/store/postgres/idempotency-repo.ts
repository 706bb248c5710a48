// Stored responses for Idempotency-Key (spec §7) on PostgreSQL: the same rows and rules as
// SQLite's. A claim is one upsert, so two requests racing for a key cannot both win it; the same
// statement reads the entry that held the key, so a write's idempotency costs two round trips
// (claim, stored answer). Claims and answers commit without waiting for the disk (db.relaxed,
// pg.ts says why that is safe).
import type { IdempotencyRepo, IdempotencyRow } from '../idempotency-repo.js';

// The read sees the entry as it was before this statement's upsert (one snapshot for the whole
// statement): the holder when the upsert did not win.
const CLAIM = `WITH held AS (
    SELECT fingerprint, state, status, body, created_at FROM idempotency WHERE org_id = $1 AND livemode = $2 AND key = $3 AND created_at > $6
  ), won AS (
    INSERT INTO idempotency (org_id, livemode, key, fingerprint, state, status, body, created_at)
    VALUES ($1, $2, $3, $4, 'processing', NULL, NULL, $5)
    ON CONFLICT (org_id, livemode, key) DO UPDATE SET fingerprint = excluded.fingerprint, state = 'processing',
      status = NULL, body = NULL, created_at = excluded.created_at
    WHERE idempotency.created_at <= $6 OR (idempotency.state = 'processing' AND idempotency.created_at <= $7)
    RETURNING 1
  )
  SELECT EXISTS (SELECT 1 FROM won) AS won, h.fingerprint, h.state, h.status, h.body, h.created_at FROM (SELECT 1) AS one LEFT JOIN held h ON TRUE`;
import type { PgDb } from './pg.js';

const mode = (livemode: boolean): number => (livemode ? 1 : 0);

export const createPgIdempotencyRepo = (db: PgDb): IdempotencyRepo => ({
  async claim(orgId, livemode, key, fingerprint, at, expiredBefore, abandonedBefore) {
    const row = (await db.relaxed<IdempotencyRow & { won: boolean }>(CLAIM, [orgId, mode(livemode), key, fingerprint, at, expiredBefore, abandonedBefore], { prepared: true }))[0]!;
    if (row.won) return { won: true };
    const { won: _won, ...held } = row;
    return { won: false, held: held.state === null ? null : held };
  },
  async complete(orgId, livemode, key, status, body) {
    await db.relaxed("UPDATE idempotency SET state = 'done', status = $1, body = $2 WHERE org_id = $3 AND livemode = $4 AND key = $5", [status, body, orgId, mode(livemode), key], { prepared: true });
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

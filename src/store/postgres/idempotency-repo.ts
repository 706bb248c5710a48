// Stored responses for Idempotency-Key (spec §7) on PostgreSQL: the same rows and rules as
// SQLite's. A claim is one upsert, so two requests racing for a key cannot both win it; the same
// statement reads the entry that held the key. A write's rate-limit take carries its claim
// (claimAfterTake, used by limit-repo.ts), so an idempotent write costs two round trips: take with
// claim, stored answer. Claims and answers commit without waiting for the disk (db.relaxed, pg.ts
// says why that is safe).
import type { IdempotencyClaimResult, IdempotencyRepo, IdempotencyRow } from '../idempotency-repo.js';
import type { ClaimRequest } from '../limit-repo.js';
import type { PgDb } from './pg.js';

// $1..$7 are a ClaimRequest (claimParams). The read sees the entry as it was before this
// statement's upsert (one snapshot for the whole statement): the holder when the upsert did not win.
const HELD = `held AS (
    SELECT fingerprint, state, status, body, created_at FROM idempotency WHERE org_id = $1 AND livemode = $2 AND key = $3 AND created_at > $6
  )`;
/** The upsert that claims the key; `gate` (a FROM clause) makes it claim only for the gate's rows. */
const won = (gate: string): string => `won AS (
    INSERT INTO idempotency (org_id, livemode, key, fingerprint, state, status, body, created_at)
    SELECT $1, $2, $3, $4::text, 'processing', NULL, NULL, $5::text ${gate}
    ON CONFLICT (org_id, livemode, key) DO UPDATE SET fingerprint = excluded.fingerprint, state = 'processing',
      status = NULL, body = NULL, created_at = excluded.created_at
    WHERE idempotency.created_at <= $6 OR (idempotency.state = 'processing' AND idempotency.created_at <= $7)
    RETURNING 1
  )`;
const CLAIM_COLUMNS = 'EXISTS (SELECT 1 FROM won) AS won, h.fingerprint, h.state, h.status, h.body, h.created_at';
const CLAIM = `WITH ${HELD}, ${won('')} SELECT ${CLAIM_COLUMNS} FROM (SELECT 1) AS one LEFT JOIN held h ON TRUE`;

/**
 * One statement: `take` (a query of one row with a boolean `ok`, its parameters numbered from $8)
 * runs once, and the key is claimed only when it is ok; the row has the take's `columns`, then the
 * claim's. Both commit together, so a refused call never holds a key and an admitted one never
 * goes without its claim.
 */
export const claimAfterTake = (take: string, columns: string): string =>
  `WITH t AS MATERIALIZED (${take}), ${HELD}, ${won('FROM t WHERE t.ok')}
  SELECT ${columns.split(', ').map((c) => `t.${c}`).join(', ')}, ${CLAIM_COLUMNS} FROM t LEFT JOIN held h ON TRUE`;

export const claimParams = (c: ClaimRequest): unknown[] => [c.orgId, mode(c.livemode), c.key, c.fingerprint, c.at, c.expiredBefore, c.abandonedBefore];

/** A claim's row (CLAIM_COLUMNS) as the repository answers it. */
export const claimResult = (row: Partial<IdempotencyRow> & { won: boolean }): IdempotencyClaimResult => {
  if (row.won) return { won: true };
  const held = { fingerprint: row.fingerprint!, state: row.state!, status: row.status ?? null, body: row.body ?? null, created_at: row.created_at! };
  return { won: false, held: row.state == null ? null : held };
};

const mode = (livemode: boolean): number => (livemode ? 1 : 0);

export const createPgIdempotencyRepo = (db: PgDb): IdempotencyRepo => ({
  async claim(orgId, livemode, key, fingerprint, at, expiredBefore, abandonedBefore) {
    const params = claimParams({ orgId, livemode, key, fingerprint, at, expiredBefore, abandonedBefore });
    return claimResult((await db.relaxed<IdempotencyRow & { won: boolean }>(CLAIM, params, { prepared: true }))[0]!);
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

// Stored responses for Idempotency-Key (spec §7): one row per (organization, mode, key), claimed
// as `processing` before the operation runs and completed with the response it produced.
import type { Db } from './sqlite.js';
import type { IdempotencyClaimResult, IdempotencyRepo, IdempotencyRow } from '../idempotency-repo.js';

export const createIdempotencyRepo = (db: Db): IdempotencyRepo => {
  const find = db.prepare<[string, number, string, string], IdempotencyRow>(
    'SELECT fingerprint, state, status, body, created_at FROM idempotency WHERE org_id = ? AND livemode = ? AND key = ? AND created_at > ?',
  );
  const claim = db.prepare(
    `INSERT INTO idempotency (org_id, livemode, key, fingerprint, state, status, body, created_at)
     VALUES (?, ?, ?, ?, 'processing', NULL, NULL, ?)
     ON CONFLICT (org_id, livemode, key) DO UPDATE SET fingerprint = excluded.fingerprint, state = 'processing',
       status = NULL, body = NULL, created_at = excluded.created_at
     WHERE idempotency.created_at <= ? OR (idempotency.state = 'processing' AND idempotency.created_at <= ?)`,
  );
  const complete = db.prepare(
    "UPDATE idempotency SET state = 'done', status = ?, body = ? WHERE org_id = ? AND livemode = ? AND key = ?",
  );
  const release = db.prepare('DELETE FROM idempotency WHERE org_id = ? AND livemode = ? AND key = ?');
  const purge = db.prepare('DELETE FROM idempotency WHERE created_at <= ?');
  const probe = db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('idempotency_probe', ?)");

  return {
    async claim(orgId: string, livemode: boolean, key: string, fingerprint: string, at: string, expiredBefore: string, abandonedBefore: string): Promise<IdempotencyClaimResult> {
      const mode = livemode ? 1 : 0;
      // Synchronous: nothing runs between the claim and the read of the entry that held it.
      if (claim.run(orgId, mode, key, fingerprint, at, expiredBefore, abandonedBefore).changes > 0) return { won: true };
      return { won: false, held: find.get(orgId, mode, key, expiredBefore) ?? null };
    },
    async complete(orgId: string, livemode: boolean, key: string, status: number, body: string): Promise<void> {
      complete.run(status, body, orgId, livemode ? 1 : 0, key);
    },
    /** Drops a claim, so a retry after a server failure runs again. */
    async release(orgId: string, livemode: boolean, key: string): Promise<void> {
      release.run(orgId, livemode ? 1 : 0, key);
    },
    async purge(expiredBefore: string): Promise<number> {
      return purge.run(expiredBefore).changes;
    },
    /** A real write, for the readiness probe of the response cache. */
    async probe(at: string): Promise<void> {
      probe.run(at);
    },
  };
};


// Stored responses for Idempotency-Key (spec §7): one row per (organization, mode, key), claimed
// as `processing` before the operation runs and completed with the response it produced.
import type { Db } from './sqlite.js';
import type { IdempotencyRepo, IdempotencyRow } from '../idempotency-repo.js';

export const createIdempotencyRepo = (db: Db): IdempotencyRepo => {
  const find = db.prepare<[string, number, string, string], IdempotencyRow>(
    'SELECT fingerprint, state, status, body, created_at FROM idempotency WHERE org_id = ? AND livemode = ? AND key = ? AND created_at > ?',
  );
  const claim = db.prepare(
    `INSERT INTO idempotency (org_id, livemode, key, fingerprint, state, status, body, created_at)
     VALUES (?, ?, ?, ?, 'processing', NULL, NULL, ?)
     ON CONFLICT (org_id, livemode, key) DO UPDATE SET fingerprint = excluded.fingerprint, state = 'processing',
       status = NULL, body = NULL, created_at = excluded.created_at
     WHERE idempotency.created_at <= ?`,
  );
  const complete = db.prepare(
    "UPDATE idempotency SET state = 'done', status = ?, body = ? WHERE org_id = ? AND livemode = ? AND key = ?",
  );
  const release = db.prepare('DELETE FROM idempotency WHERE org_id = ? AND livemode = ? AND key = ?');
  const purge = db.prepare('DELETE FROM idempotency WHERE created_at <= ?');
  const probe = db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('idempotency_probe', ?)");

  return {
    /** The live (unexpired) entry for a key; entries created at or before `expiredBefore` are ignored. */
    async find(orgId: string, livemode: boolean, key: string, expiredBefore: string): Promise<IdempotencyRow | null> {
      return find.get(orgId, livemode ? 1 : 0, key, expiredBefore) ?? null;
    },
    /** Claims a key; false when an unexpired entry already holds it. */
    async claim(orgId: string, livemode: boolean, key: string, fingerprint: string, at: string, expiredBefore: string): Promise<boolean> {
      return claim.run(orgId, livemode ? 1 : 0, key, fingerprint, at, expiredBefore).changes > 0;
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


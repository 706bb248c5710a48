// Leases on long multi-transaction writer jobs on PostgreSQL (the search index's sync, a watch
// evaluation, which every node that ingests runs): a session
// advisory lock held on a client of its own until release. The server frees it when that session
// ends, so a killed process never leaves a lease behind, on this machine or any other that shares
// the store; SQLite's leases need a process-liveness test for that (src/store/sqlite/lease.ts).
import type { LeaseName, Leases } from '../lease.js';
import { storeError, type PgClient, type PgDb } from './pg.js';
import { BULK_LOCK } from './trademark-repo.js';

/** Advisory lock keys, beside pg.ts's write lock (7_401_224) and the migrations' (7_401_225). */
const LEASE_KEYS: Record<LeaseName, number> = { bulk_load: BULK_LOCK, index_sync: 7_401_230, watch_eval: 7_401_231 };

export const createPgLeases = (db: PgDb): Leases => {
  const held = new Map<LeaseName, PgClient>();
  return {
    /** The server process id of another session that holds the lease, or null. */
    async holder(name: LeaseName): Promise<number | null> {
      if (held.has(name)) return null;
      const rows = await db.query<{ pid: number }>(
        "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND classid = 0 AND objid = $1 AND objsubid = 1 AND granted",
        [LEASE_KEYS[name]],
      );
      return rows[0]?.pid ?? null;
    },
    async claim(name: LeaseName): Promise<boolean> {
      if (held.has(name)) return true;
      await db.ready();
      const c = await db.pool.connect().catch((err: unknown) => {
        throw storeError(err, db.url);
      });
      try {
        const ok = (await c.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [LEASE_KEYS[name]])).rows[0]!.ok;
        if (ok) {
          held.set(name, c);
          // A session the server ends (terminated, network lost) has lost the lock with it; an
          // unhandled error on a checked-out client would end the process.
          c.on('error', () => {
            if (held.get(name) !== c) return;
            held.delete(name);
            c.release(true);
          });
        } else c.release();
        return ok;
      } catch (err) {
        c.release();
        throw storeError(err, db.url);
      }
    },
    async release(name: LeaseName): Promise<void> {
      const c = held.get(name);
      if (!c) return;
      held.delete(name);
      try {
        await c.query('SELECT pg_advisory_unlock($1)', [LEASE_KEYS[name]]);
        c.release();
      } catch {
        // A session that cannot unlock is dropped: ending it frees the lock.
        c.release(true);
      }
    },
  };
};

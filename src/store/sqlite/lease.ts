// Leases on long multi-transaction writer jobs (a bulk load with its indexes dropped, a search
// index build), kept in the meta table. A job runs in many short BEGIN IMMEDIATE transactions, so
// the write lock alone cannot say that it is still under way; the lease names the process that
// runs it, and a lease whose process is gone (killed, crashed) is free: its job was interrupted,
// and the next writer to start repairs what it left.
import { processAlive, type LeaseName, type Leases } from '../lease.js';
import { writeTransaction, type Db } from './sqlite.js';

/** The leases as this backend's own writers use them, synchronously inside their transactions. */
export const createLeases = (db: Db) => {
  const get = db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?');
  const put = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value');
  const drop = db.prepare('DELETE FROM meta WHERE key = ? AND value = ?');
  const key = (name: LeaseName) => `lease:${name}`;
  const me = String(process.pid);

  /** The live process other than this one that holds a lease, or null. */
  const holder = (name: LeaseName): number | null => {
    const pid = Number(get.get(key(name))?.value ?? 0);
    return pid > 0 && String(pid) !== me && processAlive(pid) ? pid : null;
  };

  return {
    holder,
    /** Takes a lease unless a live process holds it; true when this process now holds it. */
    claim: writeTransaction(db, (name: LeaseName): boolean => {
      if (holder(name) !== null) return false;
      put.run(key(name), me);
      return true;
    }),
    release(name: LeaseName): void {
      drop.run(key(name), me);
    },
  };
};


/** The same leases behind the store interface (the search index's sync takes index_sync through it). */
export const storeLeases = (db: Db): Leases => {
  const leases = createLeases(db);
  return {
    holder: async (name) => leases.holder(name),
    claim: async (name) => leases.claim(name),
    release: async (name) => leases.release(name),
  };
};

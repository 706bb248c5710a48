// Leases on long multi-transaction writer jobs (a bulk load with its indexes dropped, a search
// index build, a watch evaluation): the interface, and the liveness test of the process that holds one.

export type LeaseName = 'bulk_load' | 'index_sync' | 'watch_eval';

export interface Leases {
  /** The live process other than this one that holds a lease, or null. */
  holder(name: LeaseName): Promise<number | null>;
  /** Takes a lease unless a live process holds it; true when this process now holds it. */
  claim(name: LeaseName): Promise<boolean>;
  release(name: LeaseName): Promise<void>;
}

/** Whether a process id is alive on this machine (a SQLite store is a local file, so its writers are local). */
export const processAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

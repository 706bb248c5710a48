// A read replica of the store: a streaming standby that searches and lists may read instead of the
// primary (issue 25, docs/scaling.md "A read replica"). The composition root (src/context.ts)
// opens one for `--read-url` / TM_DB_READ; src/read-routing.ts decides per request which to read.
import type { Store } from './store.js';

/** How far the standby's replay is behind the primary's write-ahead log at one moment. */
export interface ReplicaLag {
  /** WAL bytes written on the primary and not yet replayed on the standby (0 when it has caught up). */
  bytes: number;
  /** Time since the standby replayed its last transaction, when it is behind; 0 when it has caught up. */
  ms: number;
}

export interface ReplicaLink {
  /** The standby as a store, for reads only (it is never migrated or written). */
  readonly store: Store;
  /** Asks both servers; throws when either cannot be reached or the standby is not in recovery. */
  lag(): Promise<ReplicaLag>;
  close(): Promise<void>;
}

// The store: one object per concern (trademarks, events, offices, …), each async and batch-shaped,
// so that every backend implements the same surface. Operations and surfaces see only these
// types; src/context.ts picks the implementation (src/store/sqlite/ or src/store/postgres/).
import type { AssignmentRepo } from './assignment-repo.js';
import type { AuthRepo } from './auth-repo.js';
import type { DocumentRepo } from './document-repo.js';
import type { EntityRepo } from './entity-repo.js';
import type { EventRepo } from './event-repo.js';
import type { FeedRepo } from './feed-repo.js';
import type { FigureRepo } from './figure-repo.js';
import type { IdRepo } from './id-repo.js';
import type { Leases } from './lease.js';
import type { LedgerRepo } from './ledger-repo.js';
import type { MonitorRepo } from './monitor-repo.js';
import type { OfficeRepo } from './office-repo.js';
import type { PartyRepo } from './party-repo.js';
import type { PortfolioRepo } from './portfolio-repo.js';
import type { ProceedingRepo } from './proceeding-repo.js';
import type { ScreeningRepo } from './screening-repo.js';
import type { SearchRepo } from './search-repo.js';
import type { SearchWriter } from './search-write-repo.js';
import type { StoreTables } from './tables.js';
import type { TrademarkRepo } from './trademark-repo.js';
import type { WatchRepo } from './watch-repo.js';
import type { WebhookRepo } from './webhook-repo.js';

export type Backend = 'sqlite' | 'postgres';

export interface Checkpointer {
  /** Runs a last checkpoint and ends the checkpointing. */
  stop(): Promise<void>;
}

/** The search index's tables, which live in the store (src/search/search-index.ts reads and writes them). */
export interface SearchTables {
  reads: SearchRepo;
  writer: SearchWriter;
  leases: Leases;
  /** Settings for a long write (an index build); returns the function that restores them. */
  loadMode(): () => void;
}

/** The repositories of a store, one per concern (each backend makes them on first use: lazy-repos.ts). */
export interface StoreRepos {
  trademarks: TrademarkRepo;
  events: EventRepo;
  offices: OfficeRepo;
  auth: AuthRepo;
  parties: PartyRepo;
  assignments: AssignmentRepo;
  proceedings: ProceedingRepo;
  entities: EntityRepo;
  documents: DocumentRepo;
  portfolios: PortfolioRepo;
  screenings: ScreeningRepo;
  ledger: LedgerRepo;
  webhooks: WebhookRepo;
  watches: WatchRepo;
  monitors: MonitorRepo;
  /** Calendar feed tokens. */
  feeds: FeedRepo;
  /** Design-code keys and image hashes for figurative search. */
  figures: FigureRepo;
  /** Ids by prefix, for every kind of id a command takes. */
  ids: IdRepo;
}

export interface Store extends StoreRepos {
  readonly backend: Backend;
  /** Where the store lives: a file path, or a PostgreSQL URL without its password. */
  readonly path: string;
  /** Raw table access for `tm copy` (moving a whole store), never for operations. */
  tables(): StoreTables;
  /** The search index's tables; made on each call (the index opens them once). */
  searchTables(): SearchTables;
  /** A serving process's commits leave copying the log back to some other writer (SQLite's WAL; nothing on PostgreSQL). */
  deferCheckpoints(): void;
  /** Moves this process's checkpoints off the serving path until `stop()` (a no-op where the server checkpoints). */
  startCheckpointer(): Checkpointer;
  /** Applies the migrations not yet applied; returns the versions it applied (a new store is migrated on first use too). */
  migrate(): Promise<number[]>;
  /** A cheap round trip, for readiness probes. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

// The SQLite store: one better-sqlite3 connection to a local file, every repository over it. All
// SQLite SQL lives below this folder; src/context.ts opens it for a path.
import { withLazyRepos } from '../lazy-repos.js';
import type { Store } from '../store.js';
import type { ChangeHooks } from '../trademark-repo.js';
import { createAssignmentRepo } from './assignment-repo.js';
import { createAuthRepo } from './auth-repo.js';
import { deferCheckpoints, startCheckpointer } from './checkpointer.js';
import { createDocumentRepo } from './document-repo.js';
import { createEntityRepo } from './entity-repo.js';
import { createEventRepo } from './event-repo.js';
import { createFeedRepo } from './feed-repo.js';
import { createFigureRepo } from './figure-repo.js';
import { createIdRepo } from './id-repo.js';
import { storeLeases } from './lease.js';
import { createLedgerRepo } from './ledger-repo.js';
import { createLedgerWriter, type LedgerWriter } from './ledger-writer.js';
import { createMonitorRepo } from './monitor-repo.js';
import { createOfficeRepo } from './office-repo.js';
import { createPartyRepo } from './party-repo.js';
import { createPortfolioRepo } from './portfolio-repo.js';
import { createProceedingRepo } from './proceeding-repo.js';
import { createScreeningRepo } from './screening-repo.js';
import { createSearchRepo } from './search-repo.js';
import { createSearchWriter } from './search-write-repo.js';
import { loadPragmas, migrate, migrationsAppliedAtOpen, openDatabase, type Db } from './sqlite.js';
import { createSqliteTables } from './tables.js';
import { createTrademarkRepo } from './trademark-repo.js';
import { createWatchRepo } from './watch-repo.js';
import { createWebhookRepo } from './webhook-repo.js';

export interface SqliteStore extends Store {
  readonly backend: 'sqlite';
  /** The connection, for tools and tests that inspect the file (never for ops or surfaces). */
  readonly db: Db;
}

/** `hooks.projection` joins every change-writing transaction (createContext passes the ledger projector). */
export const openSqliteStore = (path: string, hooks: ChangeHooks = {}): SqliteStore => {
  const db: Db = openDatabase(path, { progress: hooks.progress });
  let applied = migrationsAppliedAtOpen(db);
  let writer: LedgerWriter | undefined;
  const ledgerWriter = (): LedgerWriter => (writer ??= createLedgerWriter(db));
  const base = {
    backend: 'sqlite' as const,
    path,
    db,
    tables: () => createSqliteTables(db),
    searchTables: () => ({ reads: createSearchRepo(db), writer: createSearchWriter(db), leases: storeLeases(db), loadMode: () => loadPragmas(db) }),
    /** A serving process's commits never copy the WAL back (checkpointer.ts); some other writer must. */
    deferCheckpoints: () => deferCheckpoints(db),
    /** Defers this connection's checkpoints to a thread of this process, until `stop()`. */
    startCheckpointer: () => startCheckpointer(db, path),
    async migrate(): Promise<number[]> {
      // Opening applied what was missing; those are reported once, with any another process left since.
      const now = [...applied, ...migrate(db, hooks.progress)];
      applied = [];
      return now;
    },
    async ping(): Promise<void> {
      db.prepare('SELECT 1').get();
    },
    async close(): Promise<void> {
      if (db.open) db.close();
    },
  };
  return withLazyRepos(base, {
    trademarks: () => createTrademarkRepo(db, hooks, ledgerWriter),
    events: () => createEventRepo(db),
    offices: () => createOfficeRepo(db),
    auth: () => createAuthRepo(db),
    parties: () => createPartyRepo(db),
    assignments: () => createAssignmentRepo(db),
    proceedings: () => createProceedingRepo(db),
    entities: () => createEntityRepo(db),
    documents: () => createDocumentRepo(db),
    portfolios: () => createPortfolioRepo(db),
    screenings: () => createScreeningRepo(db),
    ledger: () => createLedgerRepo(db, ledgerWriter()),
    webhooks: () => createWebhookRepo(db),
    watches: () => createWatchRepo(db, ledgerWriter()),
    monitors: () => createMonitorRepo(db),
    feeds: () => createFeedRepo(db),
    figures: () => createFigureRepo(db),
    ids: () => createIdRepo(db),
  });
};

/** The connection of a SQLite store (tests and tools that inspect the file); throws for another backend. */
export const sqliteDb = (store: Store): Db => {
  if (store.backend !== 'sqlite') throw new Error(`this needs a SQLite store, not ${store.backend}`);
  return (store as SqliteStore).db;
};

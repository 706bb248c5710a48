// The PostgreSQL store: a `pg` pool for a postgres:// URL, migrated on first use, with every
// repository of the store interface written for PostgreSQL.
import { displayLocation } from '../location.js';
import type { Store } from '../store.js';
import type { ChangeHooks } from '../trademark-repo.js';
import { createPgAssignmentRepo } from './assignment-repo.js';
import { createPgAuthRepo } from './auth-repo.js';
import { createPgChanges } from './changes.js';
import { createPgDocumentRepo } from './document-repo.js';
import { createPgEntityRepo } from './entity-repo.js';
import { createPgEventRepo } from './event-repo.js';
import { createPgFeedRepo } from './feed-repo.js';
import { createPgFigureRepo } from './figure-repo.js';
import { createPgIdRepo } from './id-repo.js';
import { createPgLedgerRepo } from './ledger-repo.js';
import { checkPgSchema, migratePg } from './migrations/index.js';
import { createPgMonitorRepo } from './monitor-repo.js';
import { createPgOfficeRepo } from './office-repo.js';
import { createPgPartyRepo } from './party-repo.js';
import { openPgDb, type PgDb } from './pg.js';
import { createPgPortfolioRepo } from './portfolio-repo.js';
import { createPgProceedingRepo } from './proceeding-repo.js';
import { createPgScreeningRepo } from './screening-repo.js';
import { createPgLeases } from './lease.js';
import { createPgSearchRepo } from './search-repo.js';
import { createPgSearchWriter } from './search-write-repo.js';
import { createPgTables } from './tables.js';
import { createPgTrademarkRepo } from './trademark-repo.js';
import { createRequestTrip } from './request-trip.js';
import { createPgWatchRepo } from './watch-repo.js';
import { createPgWebhookRepo } from './webhook-repo.js';

export interface PostgresStore extends Store {
  readonly backend: 'postgres';
  /** The pool, for tools and tests that inspect the database (never for ops or surfaces). */
  readonly pg: PgDb;
}

/** How long a connection to a standby may take before reads go back to the primary. */
const STANDBY_CONNECT_MS = 2_000;

/**
 * `hooks.projection` joins every change-writing transaction (createContext passes the ledger
 * projector). `standby`: a read replica (src/store/postgres/replica.ts), checked, never migrated.
 */
export const openPostgresStore = (url: string, hooks: ChangeHooks = {}, options: { standby?: boolean } = {}): PostgresStore => {
  const db = options.standby ? openPgDb(url, checkPgSchema, STANDBY_CONNECT_MS) : openPgDb(url, migratePg);
  // Listens from the first cached read on; a standby's store serves searches, which read no
  // cached rows, so it never does (a standby refuses LISTEN).
  const changes = createPgChanges(url);
  const trip = createRequestTrip(db);
  let reported = 0;
  return {
    backend: 'postgres',
    path: displayLocation(url),
    pg: db,
    trademarks: createPgTrademarkRepo(db, trip, hooks),
    events: createPgEventRepo(db),
    offices: createPgOfficeRepo(db),
    auth: createPgAuthRepo(db, changes, trip),
    parties: createPgPartyRepo(db),
    assignments: createPgAssignmentRepo(db),
    proceedings: createPgProceedingRepo(db),
    entities: createPgEntityRepo(db),
    documents: createPgDocumentRepo(db),
    portfolios: createPgPortfolioRepo(db),
    screenings: createPgScreeningRepo(db),
    ledger: createPgLedgerRepo(db),
    webhooks: createPgWebhookRepo(db),
    watches: createPgWatchRepo(db),
    monitors: createPgMonitorRepo(db),
    feeds: createPgFeedRepo(db),
    figures: createPgFigureRepo(db),
    ids: createPgIdRepo(db),
    tables: () => createPgTables(db),
    // The server needs no load settings for a long write: loadMode has nothing to set or restore.
    searchTables: () => ({ reads: createPgSearchRepo(db), writer: createPgSearchWriter(db), leases: createPgLeases(db), loadMode: () => () => {} }),
    // The server checkpoints its own write-ahead log; a serving process has nothing to move.
    deferCheckpoints: () => {},
    startCheckpointer: () => ({ stop: async () => {} }),
    async migrate() {
      await db.ready();
      const applied = db.applied().slice(reported);
      reported += applied.length;
      return applied;
    },
    async ping() {
      await db.query('SELECT 1');
    },
    async close() {
      await changes.close();
      await db.close();
    },
  };
};

/** The pool of a PostgreSQL store (tests and tools); throws for another backend. */
export const postgresDb = (store: Store): PgDb => {
  if (store.backend !== 'postgres') throw new Error(`this needs a PostgreSQL store, not ${store.backend}`);
  return (store as PostgresStore).pg;
};

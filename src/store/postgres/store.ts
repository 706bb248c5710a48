// The PostgreSQL store: a `pg` pool for a postgres:// URL, migrated on first use, with the
// repositories written for PostgreSQL so far. The others (and the parts of partly written ones)
// throw "not supported on PostgreSQL yet" (unsupported.ts); docs/scaling.md lists which is which.
import type { AssignmentRepo } from '../assignment-repo.js';
import { displayLocation } from '../location.js';
import type { ProceedingRepo } from '../proceeding-repo.js';
import type { Store } from '../store.js';
import type { WatchRepo, WatchRow } from '../watch-repo.js';
import { createPgAuthRepo } from './auth-repo.js';
import { createPgDocumentRepo } from './document-repo.js';
import { createPgEventRepo } from './event-repo.js';
import { createPgIdRepo } from './id-repo.js';
import { migratePg } from './migrations/index.js';
import { createPgOfficeRepo } from './office-repo.js';
import { openPgDb, type PgDb } from './pg.js';
import { createPgPortfolioRepo } from './portfolio-repo.js';
import { createPgScreeningRepo } from './screening-repo.js';
import { createPgTrademarkRepo } from './trademark-repo.js';
import { notOnPostgres, partialRepo } from './unsupported.js';

export interface PostgresStore extends Store {
  readonly backend: 'postgres';
  /** The pool, for tools and tests that inspect the database (never for ops or surfaces). */
  readonly pg: PgDb;
}

/** Which of these marks a side table names (one query per ingest batch). */
const marksIn = (db: PgDb, table: string) => async (trademarkIds: readonly string[]): Promise<string[]> =>
  trademarkIds.length === 0
    ? []
    : (await db.query<{ trademark_id: string }>(`SELECT DISTINCT trademark_id FROM ${table} WHERE trademark_id = ANY($1)`, [[...trademarkIds]])).map((r) => r.trademark_id);

/** What an ingest's watch evaluation reads; creating watches is not here yet, so none is ever active. */
const watchReads = (db: PgDb): Partial<WatchRepo> => ({
  async active() {
    return (await db.query<WatchRow>("SELECT * FROM watches WHERE status = 'active' ORDER BY id")).map((w) => ({ ...w, cursor: Number(w.cursor) }));
  },
  async headSeq() {
    return Number((await db.query<{ seq: number | null }>('SELECT MAX(seq) AS seq FROM events'))[0]!.seq ?? 0);
  },
  async recordError(watchId, message, at) {
    await db.tx(async (c) => {
      await c.query('UPDATE watches SET last_error = $1, last_error_at = $2 WHERE id = $3', [message, at, watchId]);
    });
  },
});

export const openPostgresStore = (url: string): PostgresStore => {
  const db = openPgDb(url, migratePg);
  let reported = 0;
  return {
    backend: 'postgres',
    path: displayLocation(url),
    pg: db,
    trademarks: createPgTrademarkRepo(db),
    events: createPgEventRepo(db),
    offices: createPgOfficeRepo(db),
    auth: createPgAuthRepo(db),
    parties: partialRepo('parties'),
    assignments: partialRepo<AssignmentRepo>('assignments', { marksWithAssignments: marksIn(db, 'assignment_marks') }),
    proceedings: partialRepo<ProceedingRepo>('proceedings', { marksWithProceedings: marksIn(db, 'proceeding_marks') }),
    entities: partialRepo('entities'),
    documents: createPgDocumentRepo(db),
    portfolios: createPgPortfolioRepo(db),
    screenings: createPgScreeningRepo(db),
    ledger: partialRepo('ledger'),
    webhooks: partialRepo('webhooks'),
    watches: partialRepo<WatchRepo>('watches', watchReads(db)),
    monitors: partialRepo('monitors'),
    feeds: partialRepo('feeds'),
    ids: createPgIdRepo(db),
    searchTables() {
      throw notOnPostgres('the search index');
    },
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
      await db.close();
    },
  };
};

/** The pool of a PostgreSQL store (tests and tools); throws for another backend. */
export const postgresDb = (store: Store): PgDb => {
  if (store.backend !== 'postgres') throw new Error(`this needs a PostgreSQL store, not ${store.backend}`);
  return (store as PostgresStore).pg;
};

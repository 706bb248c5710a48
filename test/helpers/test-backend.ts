// The backend a test file runs on. vitest.config.ts runs the operation suites and a set of surface
// suites twice: in the `sqlite` project, and in the `postgres` project (only with TM_TEST_PG),
// which sets TM_TEST_BACKEND=postgres. A suite asks here for its store's location (`--db`/TM_DB
// for a spawned CLI or `tm serve`, or createContext's `db`) and gets a SQLite file in its folder or
// one of this worker's PostgreSQL databases (pg-reset.ts), emptied before the file and on release.
import { join } from 'node:path';
import { inject, it } from 'vitest';
import { isPostgresUrl } from '../../src/store/location.js';
import { databaseUrl } from './pg.js';
import { resetDatabase } from './pg-reset.js';

export const TEST_BACKEND: 'sqlite' | 'postgres' = process.env.TM_TEST_BACKEND === 'postgres' ? 'postgres' : 'sqlite';

/** A test of SQLite's own workings (its query plans, its migrations on an old file): skipped on PostgreSQL. */
export const itOnSqlite = it.skipIf(TEST_BACKEND !== 'sqlite');

/** Databases per worker: a file may hold this many stores open at once. */
export const PG_SLOTS = 3;

declare module 'vitest' {
  export interface ProvidedContext {
    /** The prefix of this run's PostgreSQL databases; its template is `${prefix}_tpl`. */
    pgRun: string;
  }
}

export const slotName = (slot: number): string => `${inject('pgRun')}_w${process.env.VITEST_POOL_ID ?? '1'}_${slot}`;

const claimed = new Map<string, number>();

/** Where a test's new store lives: `dir/tm.db`, or a free PostgreSQL database of this worker. */
export const storeLocation = (dir: string): string => {
  if (TEST_BACKEND === 'sqlite') return join(dir, 'tm.db');
  const taken = new Set(claimed.values());
  for (let slot = 0; slot < PG_SLOTS; slot++) {
    if (taken.has(slot)) continue;
    const url = databaseUrl(slotName(slot));
    claimed.set(url, slot);
    return url;
  }
  throw new Error(`test-backend: more than ${PG_SLOTS} PostgreSQL stores open at once in one test file`);
};

/** Gives a location back (after its store is closed): a database is emptied for its next use. */
export const releaseLocation = async (location: string): Promise<void> => {
  if (!isPostgresUrl(location) || !claimed.has(location)) return;
  await resetDatabase(location);
  claimed.delete(location);
};

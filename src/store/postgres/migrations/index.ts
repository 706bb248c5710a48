// PostgreSQL's numbered migrations, applied in order, each in its own transaction, under a session
// advisory lock so that two processes opening a new database never apply one twice.
import { TmError } from '../../../errors.js';
import type { PgClient } from '../pg.js';
import { sql as core } from './001-core.js';
import { sql as recordsWatches } from './002-records-watches.js';
import { sql as auth } from './020-auth.js';
import { sql as portfolios } from './021-portfolios.js';
import { sql as screenings } from './022-screenings.js';
import { sql as search } from './030-search.js';
import { sql as partyLookup, backfill as partyLookupBackfill } from './040-party-lookup.js';
import { sql as monitoring } from './050-monitoring.js';
import { sql as orgPlans } from './060-org-plans.js';
import { sql as limitWindows } from './061-limit-windows.js';
import { sql as limitTakeBatch } from './062-limit-take-batch.js';
import { sql as changeNotices } from './066-change-notices.js';
import { sql as bulkLoad } from './070-bulk-load.js';
import { sql as partyMerges } from './073-party-merges.js';
import { sql as figures } from './090-figures.js';
import { sql as designKeyBackfill, backfill as designKeyBackfillRows } from './091-design-key-backfill.js';
import { sql as limitTakeUnlocked } from './092-limit-take-unlocked.js';

/** `backfill` fills a new table from rows already stored, in the migration's transaction. */
export const PG_MIGRATIONS: ReadonlyArray<{ version: number; name: string; sql: string; backfill?: (c: PgClient) => Promise<void> }> = [
  { version: 1, name: 'core', sql: core },
  { version: 2, name: 'records-watches', sql: recordsWatches },
  { version: 20, name: 'auth', sql: auth },
  { version: 21, name: 'portfolios', sql: portfolios },
  { version: 22, name: 'screenings', sql: screenings },
  { version: 30, name: 'search', sql: search },
  { version: 40, name: 'party-lookup', sql: partyLookup, backfill: partyLookupBackfill },
  { version: 50, name: 'monitoring', sql: monitoring },
  { version: 60, name: 'org-plans', sql: orgPlans },
  { version: 61, name: 'limit-windows', sql: limitWindows },
  { version: 62, name: 'limit-take-batch', sql: limitTakeBatch },
  { version: 66, name: 'change-notices', sql: changeNotices },
  { version: 70, name: 'bulk-load', sql: bulkLoad },
  { version: 73, name: 'party-merges', sql: partyMerges },
  { version: 90, name: 'figures', sql: figures },
  { version: 91, name: 'design-key-backfill', sql: designKeyBackfill, backfill: designKeyBackfillRows },
  { version: 92, name: 'limit-take-unlocked', sql: limitTakeUnlocked },
];

const MIGRATION_LOCK = 7_401_225;

const recordedVersions = async (c: PgClient): Promise<Set<number>> => {
  const exists = await c.query("SELECT 1 FROM pg_tables WHERE schemaname = current_schema() AND tablename = 'schema_migrations'");
  if (exists.rowCount === 0) return new Set();
  return new Set((await c.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version));
};

/**
 * A standby is read, never migrated (it is read-only): its schema came from the primary. Throws
 * when a migration is missing there (not a copy of this store, or a primary not yet migrated).
 */
export const checkPgSchema = async (c: PgClient): Promise<number[]> => {
  const have = await recordedVersions(c);
  const missing = PG_MIGRATIONS.filter((m) => !have.has(m.version)).map((m) => m.version);
  if (missing.length > 0) {
    throw new TmError('service_unavailable', `the read replica lacks migration(s) ${missing.join(', ')}: it is not a standby of a current tm store.`, {
      param: 'read_url',
      suggestion: 'Point --read-url at a streaming standby of the --db store, after the primary has been migrated (tm migrate).',
    });
  }
  return [];
};

/** Applies every migration not yet recorded in schema_migrations; returns the versions it applied. */
export const migratePg = async (c: PgClient): Promise<number[]> => {
  const recorded = (): Promise<Set<number>> => recordedVersions(c);
  // A current store is only read here: opening one takes no lock.
  const before = await recorded();
  if (PG_MIGRATIONS.every((m) => before.has(m.version))) return [];
  const applied: number[] = [];
  await c.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
  try {
    await c.query('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())');
    for (const m of PG_MIGRATIONS) {
      // Checked under the lock: another process may have applied it meanwhile.
      if ((await recorded()).has(m.version)) continue;
      await c.query('BEGIN');
      try {
        await c.query(m.sql);
        await m.backfill?.(c);
        await c.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
        await c.query('COMMIT');
      } catch (err) {
        await c.query('ROLLBACK');
        throw err;
      }
      applied.push(m.version);
    }
  } finally {
    await c.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  }
  return applied;
};

// The databases a PostgreSQL test run uses: one migrated template made once per run (with the
// rows the migrations seed kept in a `seed` schema), copied into a few databases per vitest worker,
// each put back to its freshly migrated state before a test file uses it. Emptying every table
// costs milliseconds; a database per test would cost seconds on a busy server (DROP DATABASE
// waits for a checkpoint). Every database of a run shares its prefix, so the run's teardown drops them all.
import pg from 'pg';
import { openPostgresStore } from '../../src/store/postgres/store.js';
import { admin, databaseUrl } from './pg.js';

const tablesOf = async (c: pg.Client, schema: string): Promise<string[]> =>
  (await c.query<{ tablename: string }>("SELECT tablename FROM pg_tables WHERE schemaname = $1 AND tablename <> 'schema_migrations' ORDER BY tablename", [schema])).rows.map((r) => r.tablename);

/** Makes `name`, migrated as a store's first use migrates it, with its seeded rows copied to `seed`. */
export const createTemplate = async (name: string): Promise<void> => {
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const store = openPostgresStore(databaseUrl(name));
  await store.migrate();
  await store.close();
  await admin(async (c) => {
    await c.query('CREATE SCHEMA seed');
    for (const t of await tablesOf(c, 'public')) {
      if ((await c.query(`SELECT 1 FROM public.${t} LIMIT 1`)).rowCount) await c.query(`CREATE TABLE seed.${t} AS SELECT * FROM public.${t}`);
    }
  }, databaseUrl(name));
};

/** Drops every database whose name starts with `prefix`, ending their sessions. */
export const dropDatabases = async (prefix: string): Promise<void> =>
  admin(async (c) => {
    const names = (await c.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [prefix])).rows;
    for (const { datname } of names) await c.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  });

/** Copies the template into `name` unless it exists (a worker's databases outlive its test files). */
export const copyTemplate = async (template: string, name: string): Promise<void> =>
  admin(async (c) => {
    if ((await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount) return;
    await c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  });

/** Empties every table of the database at `url`, restarts its identity sequences and restores the seed rows. */
export const resetDatabase = async (url: string): Promise<void> =>
  admin(async (c) => {
    const tables = await tablesOf(c, 'public');
    const seeded = await tablesOf(c, 'seed');
    const sequences = (await c.query<{ name: string }>("SELECT sequencename AS name FROM pg_sequences WHERE schemaname = 'public'")).rows.map((r) => r.name);
    // DELETE, not TRUNCATE: a TRUNCATE makes new files for every table and index (seconds for
    // fifty tables on a busy server), a DELETE of a test's few rows is milliseconds. Triggers
    // (the party counts) are held off: their tables are emptied too. A process a test left running
    // must not make every later file wait: a lock not granted in 10 s fails the reset instead.
    await c.query(
      [
        "SET lock_timeout = '10s'",
        'BEGIN',
        'SET LOCAL session_replication_role = replica',
        ...tables.map((t) => `DELETE FROM public.${t}`),
        ...sequences.map((q) => `ALTER SEQUENCE public.${q} RESTART`),
        ...seeded.map((t) => `INSERT INTO public.${t} OVERRIDING SYSTEM VALUE SELECT * FROM seed.${t}`),
        'COMMIT',
      ].join(';\n'),
    );
  }, url);

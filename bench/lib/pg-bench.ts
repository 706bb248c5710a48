// PostgreSQL for the benchmarks' `--backend postgres`: a fresh database per run on the server that
// TM_BENCH_PG names (default the local one every machine here runs), dropped and made again so each
// run starts empty, and its size on disk as the server counts it.
import pg from 'pg';

export const PG_BENCH_URL = process.env.TM_BENCH_PG ?? 'postgres://root@127.0.0.1:5432/postgres';

const admin = async <T>(fn: (c: pg.Client) => Promise<T>): Promise<T> => {
  const c = new pg.Client({ connectionString: PG_BENCH_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
};

/** The URL of database `name` on the bench server. */
export const benchDatabaseUrl = (name: string): string => {
  const url = new URL(PG_BENCH_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

/** Drops database `name` (a `tm_bench_` one, never the server's own) and makes it again, empty; returns its URL. */
export const freshBenchDatabase = async (name: string): Promise<string> => {
  if (!/^tm_bench_[a-z0-9_]+$/.test(name)) throw new Error(`a bench database is named tm_bench_…, not ${name}`);
  await admin(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${name}`);
  });
  return benchDatabaseUrl(name);
};

export const dropBenchDatabase = async (name: string): Promise<void> => {
  await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
};

/** Bytes the database takes on disk (tables, indexes, TOAST, free space maps), as pg_database_size counts them. */
export const databaseBytes = async (name: string): Promise<number> =>
  admin(async (c) => Number((await c.query<{ n: string }>('SELECT pg_database_size($1) AS n', [name])).rows[0]!.n));

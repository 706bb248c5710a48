// PostgreSQL for tests: TM_TEST_PG names a server (e.g. postgres://root@127.0.0.1:5432/postgres);
// each suite makes its own database with a random name there and drops it afterwards. Without
// TM_TEST_PG the PostgreSQL suites are skipped (test/helpers/pg-global-setup.ts says so once).
import pg from 'pg';
import { randomBytes } from 'node:crypto';

export const PG_ADMIN_URL = process.env.TM_TEST_PG ?? '';
export const PG_ENABLED = PG_ADMIN_URL !== '';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** Runs `fn` on one client of `url` (the TM_TEST_PG server's admin database unless given). */
export const admin = async <T>(fn: (c: pg.Client) => Promise<T>, url = PG_ADMIN_URL): Promise<T> => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
};

/** The URL of database `name` on the TM_TEST_PG server. */
export const databaseUrl = (name: string): string => {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

/** A new empty database on the TM_TEST_PG server; `drop()` ends its sessions and drops it. */
export const createTestDatabase = async (): Promise<TestDatabase> => {
  const name = `tm_test_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  return {
    url: databaseUrl(name),
    drop: () => admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
};

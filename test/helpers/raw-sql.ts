// Plain SQL on the store under test, whichever backend it is: for a suite that checks a table the
// store interface does not expose (the delivery outbox's states, a feed token's stored columns) or
// sets up a state no operation reaches (a delivery made due). Parameters are written `?`.
import { postgresDb } from '../../src/store/postgres/store.js';
import { sqliteDb } from '../../src/store/sqlite/store.js';
import type { Store } from '../../src/store/store.js';

const numbered = (sql: string): string => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

/** The rows of one query. */
export const sqlRows = async <R = Record<string, unknown>>(store: Store, sql: string, ...params: unknown[]): Promise<R[]> =>
  store.backend === 'postgres'
    ? (await postgresDb(store).query(numbered(sql), params)) as R[]
    : sqliteDb(store).prepare(sql).all(...params) as R[];

/** Runs one statement that returns no rows. */
export const sqlRun = async (store: Store, sql: string, ...params: unknown[]): Promise<void> => {
  if (store.backend === 'postgres') await postgresDb(store).query(numbered(sql), params);
  else sqliteDb(store).prepare(sql).run(...params);
};

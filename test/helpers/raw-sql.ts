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

/** Closes the store's connection under it (SQLite's handle, PostgreSQL's pool): its next query fails. */
export const closeUnderneath = async (store: Store): Promise<void> => {
  if (store.backend === 'postgres') await postgresDb(store).close();
  else sqliteDb(store).close();
};

/** PostgreSQL only: a trigger that fails every insert or update of `table` with `message`, or (on = false) its removal. */
export const pgFailWrites = async (store: Store, table: string, message: string, on: boolean): Promise<void> => {
  const name = `${table}_fails`;
  if (on) {
    await sqlRun(store, `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION '${message}'; END $$`);
    await sqlRun(store, `CREATE TRIGGER ${name} BEFORE INSERT OR UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}()`);
  } else {
    await sqlRun(store, `DROP TRIGGER ${name} ON ${table}`);
    await sqlRun(store, `DROP FUNCTION ${name}()`);
  }
};

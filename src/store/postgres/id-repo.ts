// Ids by prefix in PostgreSQL (interface and the table of kinds: src/store/id-repo.ts). A kind
// whose table this store does not have yet fails as every unported part does (unsupported.ts);
// it works as soon as a migration adds the table.
import { ID_TABLES, idPrefixParams, idPrefixSql, type IdRepo, type SqlDialect } from '../id-repo.js';
import type { PgDb } from './pg.js';
import { notOnPostgres } from './unsupported.js';

const POSTGRES: SqlDialect = { param: (n) => `$${n}`, nullSafeEq: 'IS NOT DISTINCT FROM' };

/** PostgreSQL's SQLSTATE for a relation that does not exist. */
const UNDEFINED_TABLE = '42P01';

export const createPgIdRepo = (db: PgDb): IdRepo => ({
  async startingWith(kind, prefix, limit, orgId) {
    const table = ID_TABLES[kind];
    const withOrg = table.org && orgId !== undefined;
    try {
      const rows = await db.query<{ id: string }>(idPrefixSql(table, withOrg, POSTGRES), idPrefixParams(prefix, limit, orgId, withOrg));
      return rows.map((r) => r.id);
    } catch (err) {
      if ((err as { code?: string }).code === UNDEFINED_TABLE) throw notOnPostgres(`${kind} ids (${table.table})`);
      throw err;
    }
  },
});

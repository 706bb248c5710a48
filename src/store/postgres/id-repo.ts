// Ids by prefix in PostgreSQL (interface and the table of kinds: src/store/id-repo.ts): the same
// statement as SQLite's, in PostgreSQL's parameters and null-safe equality.
import { ID_TABLES, idPrefixParams, idPrefixSql, type IdRepo, type SqlDialect } from '../id-repo.js';
import type { PgDb } from './pg.js';

const POSTGRES: SqlDialect = { param: (n) => `$${n}`, nullSafeEq: 'IS NOT DISTINCT FROM' };

export const createPgIdRepo = (db: PgDb): IdRepo => ({
  async startingWith(kind, prefix, limit, orgId) {
    const table = ID_TABLES[kind];
    const withOrg = table.org && orgId !== undefined;
    const rows = await db.query<{ id: string }>(idPrefixSql(table, withOrg, POSTGRES), idPrefixParams(prefix, limit, orgId, withOrg));
    return rows.map((r) => r.id);
  },
});

// Ids by prefix in SQLite (interface and the table of kinds: src/store/id-repo.ts).
import { ID_TABLES, idPrefixParams, idPrefixSql, type IdKind, type IdRepo, type SqlDialect } from '../id-repo.js';
import type { Statement } from 'better-sqlite3';
import type { Db } from './sqlite.js';

const SQLITE: SqlDialect = { param: () => '?', nullSafeEq: 'IS' };

export const createIdRepo = (db: Db): IdRepo => {
  // One prepared statement per kind and scope, made on first use: most runs expand no prefix.
  const statements = new Map<string, Statement<unknown[], string>>();
  const statement = (kind: IdKind, withOrg: boolean) => {
    const key = `${kind}:${withOrg}`;
    let s = statements.get(key);
    if (!s) statements.set(key, (s = db.prepare<unknown[], string>(idPrefixSql(ID_TABLES[kind], withOrg, SQLITE)).pluck()));
    return s;
  };
  return {
    async startingWith(kind, prefix, limit, orgId) {
      const withOrg = ID_TABLES[kind].org && orgId !== undefined;
      return statement(kind, withOrg).all(...idPrefixParams(prefix, limit, orgId, withOrg));
    },
  };
};

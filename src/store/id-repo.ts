// Ids by prefix (issue 26 point 4, docs/cli.md "Ids and id prefixes"): the stored ids of one kind
// that start with what a user typed, as git expands a short commit id. The table below says where
// each kind of id is stored; both backends read it, so a kind added here works on both.

/** Where one kind of id lives: its table and column, and whether rows belong to an organization. */
export interface IdTable {
  table: string;
  column: string;
  /** The rows carry `org_id`: a lookup can keep to one organization's. */
  org: boolean;
}

/**
 * Every kind of id a command or route takes, by its type prefix. Owners, attorneys, firms and
 * entities have no table of their own: they are the side-table rows that name them on marks.
 */
export const ID_TABLES = {
  tm_: { table: 'trademarks', column: 'id', org: false },
  own_: { table: 'trademark_owners', column: 'owner_id', org: false },
  ent_: { table: 'trademark_owners', column: 'entity_id', org: false },
  att_: { table: 'trademark_representatives', column: 'party_id', org: false },
  firm_: { table: 'trademark_representatives', column: 'party_id', org: false },
  asg_: { table: 'assignments', column: 'id', org: false },
  prc_: { table: 'proceedings', column: 'id', org: false },
  org_: { table: 'orgs', column: 'id', org: false },
  key_: { table: 'api_keys', column: 'id', org: true },
  ptf_: { table: 'portfolios', column: 'id', org: true },
  scr_: { table: 'screenings', column: 'id', org: true },
  wat_: { table: 'watches', column: 'id', org: true },
  mon_: { table: 'monitors', column: 'id', org: true },
  alr_: { table: 'alerts', column: 'id', org: true },
  wh_: { table: 'webhook_endpoints', column: 'id', org: true },
  dlv_: { table: 'webhook_deliveries', column: 'id', org: true },
  feed_: { table: 'feed_tokens', column: 'id', org: true },
} as const satisfies Record<string, IdTable>;

export type IdKind = keyof typeof ID_TABLES;

/** The upper end of the range of ids that start with `prefix`. */
export const prefixEnd = (prefix: string): string => `${prefix}\uffff`;

/** How a backend writes SQL: its placeholder for the nth parameter, and its null-safe equality. */
export interface SqlDialect {
  param: (n: number) => string;
  /** `IS` in SQLite, `IS NOT DISTINCT FROM` in PostgreSQL. */
  nullSafeEq: string;
}

/**
 * The query both backends run: ids in [prefix, prefixEnd(prefix)), an index range on a bytewise
 * sorted column (SQLite's BINARY, PostgreSQL's COLLATE "C"), never a scan. Parameters in order:
 * the range's two ends, the organization (when `withOrg`), the limit.
 */
export const idPrefixSql = (t: IdTable, withOrg: boolean, d: SqlDialect): string => {
  const org = withOrg ? ` AND org_id ${d.nullSafeEq} ${d.param(3)}` : '';
  const limit = d.param(withOrg ? 4 : 3);
  return `SELECT DISTINCT ${t.column} AS id FROM ${t.table} WHERE ${t.column} >= ${d.param(1)} AND ${t.column} < ${d.param(2)}${org} ORDER BY ${t.column} LIMIT ${limit}`;
};

/** The parameters of idPrefixSql, in its order. */
export const idPrefixParams = (prefix: string, limit: number, orgId: string | null | undefined, withOrg: boolean): unknown[] =>
  withOrg ? [prefix, prefixEnd(prefix), orgId ?? null, limit] : [prefix, prefixEnd(prefix), limit];

export interface IdRepo {
  /**
   * Up to `limit` stored ids of `kind` that start with `prefix`, in id order. With `orgId` (a
   * string, or null for rows of no organization), only that organization's rows of an
   * organization's kind; undefined looks across organizations.
   */
  startingWith(kind: IdKind, prefix: string, limit: number, orgId?: string | null): Promise<string[]>;
}

// The records an international registration's family is looked for among (src/ops/trademarks/
// ir-family.ts), read in one statement on PostgreSQL: the given ids, the WO record of the IR
// number (as findId finds it: by application number, else by registration number) and the first
// marks of the search index's filtered list, in that order. Made apart, those are three to four
// round trips more for every IR-linked detail read (issue 25: about one request in twenty of the
// detail bench, and the statements they cost were a fifth of the detail path's).
import { canonicalNumber } from '../../core/ids.js';
import type { TrademarkRecord } from '../../core/schemas/trademark.js';
import type { SearchFilter } from '../search-repo.js';
import type { IrCandidates } from '../trademark-repo.js';
import type { PgDb } from './pg.js';
import { orderClause, Params, whereClause } from './search-filter.js';

/** The statement and its parameters; `src` orders the sources, `n` the rows within one. */
const statement = (ids: readonly string[], irNumber: string, filter: SearchFilter | null, limit: number): { sql: string; params: unknown[] } => {
  const p = new Params();
  const given = p.add([...ids]);
  const key = p.add(canonicalNumber(irNumber));
  const wo = `COALESCE((SELECT id FROM trademarks WHERE office_code = 'WO' AND app_key = ${key} LIMIT 1),
    (SELECT id FROM trademarks WHERE office_code = 'WO' AND reg_key = ${key} LIMIT 1))`;
  const sources = [`SELECT id, 0 AS src, n FROM unnest(${given}::text[]) WITH ORDINALITY AS g(id, n)`, `SELECT ${wo}, 1, 1`];
  if (filter) {
    const where = whereClause(filter, p);
    const order = orderClause('filing_date', p);
    sources.push(`SELECT id, 2, n FROM unnest(ARRAY(SELECT m.trademark_id FROM search_mark m WHERE ${where} ORDER BY ${order} LIMIT ${p.add(limit)})) WITH ORDINALITY AS l(id, n)`);
  }
  const sql = `WITH wanted AS (${sources.join(' UNION ALL ')})
    SELECT t.id, t.record FROM wanted w JOIN trademarks t ON t.id = w.id ORDER BY w.src, w.n`;
  return { sql, params: p.values };
};

export const createPgIrCandidates = (db: PgDb): IrCandidates => async (ids, irNumber, filter, limit) => {
  const { sql, params } = statement(ids, irNumber, filter, limit);
  // Two texts (with a list or without), each prepared once per connection; explicit columns only.
  const rows = await db.query<{ id: string; record: string }>(sql, params, { prepared: true });
  const out = new Map<string, TrademarkRecord>();
  for (const r of rows) if (!out.has(r.id)) out.set(r.id, JSON.parse(r.record) as TrademarkRecord);
  return out;
};

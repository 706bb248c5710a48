// A search filter as a PostgreSQL WHERE clause over search_mark m, and the list orders: the same
// rows and the same order as SQLite's (src/store/sqlite/search-repo.ts). SQLite puts NULLs first
// in an ascending order and last in a descending one; PostgreSQL does the opposite unless told.
import { classMask, type DateOp, type ListOrder, type ListOrderField, type SearchFilter } from '../search-repo.js';

const DATE_OPS: Record<DateOp, string> = { gte: '>=', gt: '>', lte: '<=', lt: '<' };

const UPDATED_AT = '(SELECT t.updated_at FROM trademarks t WHERE t.id = m.trademark_id)';

const LIST_ORDERS: Record<ListOrderField, string> = {
  filing_date: 'm.filing_date ASC NULLS FIRST, m.mid ASC',
  '-filing_date': 'm.filing_date DESC NULLS LAST, m.mid DESC',
  expiry_date: 'm.expiry_date ASC NULLS FIRST, m.mid ASC',
  '-expiry_date': 'm.expiry_date DESC NULLS LAST, m.mid DESC',
  mark_text: 'm.folded ASC, m.mid ASC',
  '-mark_text': 'm.folded DESC, m.mid DESC',
  updated_at: `${UPDATED_AT} ASC NULLS FIRST, m.mid ASC`,
  '-updated_at': `${UPDATED_AT} DESC NULLS LAST, m.mid DESC`,
};

/** A LIKE pattern that matches `value` literally anywhere (backslash is LIKE's default escape). */
export const containsPattern = (value: string): string => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Collects parameters and hands out their $n placeholders. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

const reverse = (v: string): string => [...v].reverse().join('');

/** Several values of one text filter match any of them. */
const anyOf = (values: readonly string[] | undefined, build: (v: string) => string): string | null =>
  values?.length ? `(${values.map(build).join(' OR ')})` : null;

export const whereClause = (f: SearchFilter, p: Params): string => {
  const clauses: string[] = [];
  const add = (c: string | null) => {
    if (c) clauses.push(c);
  };
  const inList = (column: string, values: readonly unknown[] | undefined, negate = false): string | null =>
    values?.length ? (negate ? `NOT (${column} = ANY(${p.add(values)}))` : `${column} = ANY(${p.add(values)})`) : null;
  const owners = (column: string, values: readonly string[] | undefined, negate = false): string | null =>
    values?.length ? `m.trademark_id ${negate ? 'NOT ' : ''}IN (SELECT trademark_id FROM trademark_owners WHERE ${column} = ANY(${p.add(values)}))` : null;
  // The trigram index narrows the rows; strpos is the exact test (and the only one below 3 characters).
  const contains = (v: string, negate: boolean): string => {
    const fts = v.length >= 3 ? ` AND m.mid IN (SELECT mid FROM search_fts WHERE body LIKE ${p.add(containsPattern(v))})` : '';
    return `${negate ? 'NOT ' : ''}(strpos(m.compact, ${p.add(v)}) > 0${fts})`;
  };
  const prefix = (column: string, v: string): string => `(${column} >= ${p.add(v)} AND ${column} < ${p.add(`${v}\u{10FFFF}`)})`;
  add(inList('m.office_code', f.offices));
  add(inList('m.status_primary', f.statusPrimary));
  add(inList('m.status_stage', f.statusStage));
  add(inList('m.register_type', f.registerType));
  if (f.niceClasses?.length) add(`(m.classes & ${p.add(classMask(f.niceClasses))}::bigint) != 0`);
  for (const d of f.dates ?? []) add(`m.${d.field} ${DATE_OPS[d.op]} ${p.add(d.value)}`);
  add(owners('owner_id', f.ownerIds));
  add(owners('entity_id', f.entityIds));
  // Through the trademarks table's (office_code, app_key) and (office_code, reg_key) indexes, as on SQLite.
  const numbers = (column: string, values: readonly string[] | undefined): string | null =>
    values?.length ? `m.trademark_id IN (SELECT id FROM trademarks WHERE office_code = ANY(${p.add(f.offices ?? [])}) AND ${column} = ANY(${p.add(values)}))` : null;
  add(numbers('app_key', f.applicationNumbers));
  add(numbers('reg_key', f.registrationNumbers));
  add(anyOf(f.ownerNames, (n) => `m.trademark_id IN (SELECT trademark_id FROM trademark_owners WHERE lower(name) LIKE ${p.add(containsPattern(n.toLowerCase()))})`));
  const t = f.text ?? {};
  add(anyOf(t.is, (v) => `m.compact = ${p.add(v)}`));
  add(anyOf(t.startsWith, (v) => prefix('m.compact', v)));
  add(anyOf(t.endsWith, (v) => prefix('m.rcompact', reverse(v))));
  add(anyOf(t.contains, (v) => contains(v, false)));
  for (const v of t.notContains ?? []) add(contains(v, true));
  const x = f.exclude ?? {};
  add(inList('m.office_code', x.offices, true));
  add(inList('m.status_primary', x.statusPrimary, true));
  if (x.niceClasses?.length) add(`(m.classes & ${p.add(classMask(x.niceClasses))}::bigint) = 0`);
  add(owners('owner_id', x.ownerIds, true));
  add(owners('entity_id', x.entityIds, true));
  for (const v of x.contains ?? []) add(contains(v, true));
  return clauses.length ? clauses.join(' AND ') : 'TRUE';
};

/** The ORDER BY of a filtered list: a field order, or a text order (the exact mark, then marks starting with it, shortest first). */
export const orderClause = (order: ListOrder, p: Params): string => {
  if (typeof order === 'string') return LIST_ORDERS[order];
  const [is, from, to] = [p.add(order.text), p.add(order.text), p.add(`${order.text}\u{10FFFF}`)];
  return `(m.compact = ${is}) DESC, (m.compact >= ${from} AND m.compact < ${to}) DESC, length(m.compact) ASC, m.filing_date DESC NULLS LAST, m.mid ASC`;
};

// SQL that reads the search index (migration 002) for queries: postings of hashed channel keys,
// trigram substrings, mark rows, filtered listing, and the state the cursors need. Writes live in
// search-write-repo.ts.
import type { Db } from './sqlite.js';
import { fromBlob } from '../gram-postings.js';
import { createGramReader } from './gram-postings.js';
import { keyAt } from './key-postings.js';
import { classMask, SMALL_POSTINGS as SMALL, type KeyRange, type ListOrder, type ListOrderField, type MarkFormsRow, type ReadCache, type SearchFilter, type SearchMarkRow, type SearchRepo } from '../search-repo.js';

const FORMS = 'mid, trademark_id, folded, compact, near_words, skeleton, pcodes, wcodes, filing_date';

const DATE_OPS = { gte: '>=', gt: '>', lte: '<=', lt: '<' } as const;

const LIST_ORDERS: Record<ListOrderField, string> = {
  filing_date: 'm.filing_date ASC, m.mid ASC',
  '-filing_date': 'm.filing_date DESC, m.mid DESC',
  expiry_date: 'm.expiry_date ASC, m.mid ASC',
  '-expiry_date': 'm.expiry_date DESC, m.mid DESC',
  mark_text: 'm.folded ASC, m.mid ASC',
  '-mark_text': 'm.folded DESC, m.mid DESC',
  updated_at: '(SELECT t.updated_at FROM trademarks t WHERE t.id = m.trademark_id) ASC, m.mid ASC',
  '-updated_at': '(SELECT t.updated_at FROM trademarks t WHERE t.id = m.trademark_id) DESC, m.mid DESC',
};


/** The first `n` marks of a key's lists, read in length order: the shortest marks, which score
 *  highest. The lists are stepped through and the read stops at `n`: a common key's lists at the
 *  longer lengths (a prefix or two-sound code at 1M marks: tens of thousands of marks) are never
 *  copied out of the database. */
const firstMids = (lists: IterableIterator<Buffer>, n: number): number[] => {
  const out: number[] = [];
  for (const blob of lists) {
    const mids = fromBlob(blob);
    for (let i = 0; i < mids.length && out.length < n; i++) out.push(mids[i]!);
    if (out.length >= n) break;
  }
  return out;
};

const ftsPhrase = (fragment: string): string => `"${fragment.replace(/"/g, '""')}"`;

const json = (values: readonly unknown[]): string => JSON.stringify(values);

type Clause = { sql: string; params: unknown[] };

const containsClause = (value: string, negate: boolean): Clause => {
  // The trigram table narrows the rows; instr() is the exact test (and the only one below 3 characters).
  const fts = value.length >= 3 ? ' AND m.mid IN (SELECT rowid FROM search_fts WHERE search_fts MATCH ?)' : '';
  const params = fts ? [value, ftsPhrase(value)] : [value];
  return { sql: `${negate ? 'NOT ' : ''}(instr(m.compact, ?) > 0${fts})`, params };
};

const prefixClause = (column: string, v: string): Clause => ({ sql: `(${column} >= ? AND ${column} < ?)`, params: [v, `${v}\u{10FFFF}`] });

const reverse = (v: string): string => [...v].reverse().join('');

/** Several values of one text filter match any of them. */
const anyOf = (values: readonly string[] | undefined, build: (v: string) => Clause): Clause | null => {
  if (!values?.length) return null;
  const clauses = values.map(build);
  return { sql: `(${clauses.map((c) => c.sql).join(' OR ')})`, params: clauses.flatMap((c) => c.params) };
};

const whereClause = (f: SearchFilter): Clause => {
  const clauses: Clause[] = [];
  const add = (c: Clause | null) => {
    if (c) clauses.push(c);
  };
  const inList = (column: string, values: readonly unknown[] | undefined, negate = false): Clause | null =>
    values?.length ? { sql: `${column} ${negate ? 'NOT ' : ''}IN (SELECT value FROM json_each(?))`, params: [json(values)] } : null;
  const owners = (column: string, values: readonly string[] | undefined, negate = false): Clause | null =>
    values?.length
      ? {
          sql: `m.trademark_id ${negate ? 'NOT ' : ''}IN (SELECT trademark_id FROM trademark_owners WHERE ${column} IN (SELECT value FROM json_each(?)))`,
          params: [json(values)],
        }
      : null;
  add(inList('m.office_code', f.offices));
  add(inList('m.status_primary', f.statusPrimary));
  add(inList('m.status_stage', f.statusStage));
  add(inList('m.register_type', f.registerType));
  if (f.niceClasses?.length) add({ sql: '(m.classes & ?) != 0', params: [classMask(f.niceClasses)] });
  for (const d of f.dates ?? []) add({ sql: `m.${d.field} ${DATE_OPS[d.op]} ?`, params: [d.value] });
  add(owners('owner_id', f.ownerIds));
  add(owners('entity_id', f.entityIds));
  // Through the trademarks table's (office_code, app_key) and (office_code, reg_key) indexes.
  const numbers = (column: string, values: readonly string[] | undefined): Clause | null =>
    values?.length
      ? {
          sql: `m.trademark_id IN (SELECT id FROM trademarks WHERE office_code IN (SELECT value FROM json_each(?)) AND ${column} IN (SELECT value FROM json_each(?)))`,
          params: [json(f.offices ?? []), json(values)],
        }
      : null;
  add(numbers('app_key', f.applicationNumbers));
  add(numbers('reg_key', f.registrationNumbers));
  add(
    anyOf(f.ownerNames, (n) => ({
      sql: "m.trademark_id IN (SELECT trademark_id FROM trademark_owners WHERE lower(name) LIKE ? ESCAPE '\\')",
      params: [`%${n.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`],
    })),
  );
  const t = f.text ?? {};
  add(anyOf(t.is, (v) => ({ sql: 'm.compact = ?', params: [v] })));
  add(anyOf(t.startsWith, (v) => prefixClause('m.compact', v)));
  add(anyOf(t.endsWith, (v) => prefixClause('m.rcompact', reverse(v))));
  add(anyOf(t.contains, (v) => containsClause(v, false)));
  for (const v of t.notContains ?? []) add(containsClause(v, true));
  const x = f.exclude ?? {};
  add(inList('m.office_code', x.offices, true));
  add(inList('m.status_primary', x.statusPrimary, true));
  if (x.niceClasses?.length) add({ sql: '(m.classes & ?) = 0', params: [classMask(x.niceClasses)] });
  add(owners('owner_id', x.ownerIds, true));
  add(owners('entity_id', x.entityIds, true));
  for (const v of x.contains ?? []) add(containsClause(v, true));
  return { sql: clauses.length ? clauses.map((c) => c.sql).join(' AND ') : '1', params: clauses.flatMap((c) => c.params) };
};

/** Read transactions of one connection, one at a time: a search awaits between its reads, and a
 *  second search on the same connection must not open or end a transaction inside the first. */
const snapshots = new WeakMap<Db, Promise<unknown>>();

const readSnapshot = async <T>(db: Db, read: () => Promise<T>): Promise<T> => {
  const before = snapshots.get(db) ?? Promise.resolve();
  const run = before.then(async () => {
    // Inside a writer's open transaction the reads already see one state.
    if (db.inTransaction) return read();
    db.exec('BEGIN DEFERRED');
    try {
      const out = await read();
      db.exec('COMMIT');
      return out;
    } catch (err) {
      if (db.inTransaction) db.exec('ROLLBACK');
      throw err;
    }
  });
  snapshots.set(db, run.catch(() => undefined));
  return run;
};

export const createSearchRepo = (db: Db): SearchRepo => {
  const getState = db.prepare<[string], { value: string }>('SELECT value FROM search_state WHERE key = ?');
  const maxMid = db.prepare<[], number | null>('SELECT max(mid) FROM search_mark').pluck();
  // Each key's marks are packed lists per near-form length (migration 092, key-postings.ts); a list's
  // bytes / 4 is its size, so the probe counts without reading the lists.
  const postings = db
    .prepare<[{ h: number; min: number; max: number }], Buffer>(`SELECT mids FROM search_key WHERE hl BETWEEN ${keyAt('@h', '@min')} AND ${keyAt('@h', '@max')} ORDER BY hl`)
    .pluck();
  // One statement probes many keys: most lookups of a query (deletion neighbours, substrings) find
  // nothing, and a lookup inside a statement costs a fraction of a statement of its own. The probe
  // also tells the keys with more than SMALL postings apart; the small ones are read all at once.
  const present = db
    .prepare<[{ min: number; max: number; small: number; keys: string }], [number, number]>(
      `SELECT j.key, (SELECT SUM(length(mids)) FROM search_key WHERE hl BETWEEN ${keyAt('j.value', '@min')} AND ${keyAt('j.value', '@max')}) > @small * 4
       FROM json_each(@keys) j WHERE EXISTS (SELECT 1 FROM search_key WHERE hl BETWEEN ${keyAt('j.value', '@min')} AND ${keyAt('j.value', '@max')})`,
    )
    .raw();
  const small = db
    .prepare<[{ keys: string; min: number; max: number }], [number, Buffer]>(
      `SELECT j.key, k.mids FROM json_each(@keys) j JOIN search_key k ON k.hl BETWEEN ${keyAt('j.value', '@min')} AND ${keyAt('j.value', '@max')} ORDER BY j.key, k.hl`,
    )
    .raw();
  const substring = db
    .prepare<[string, number], number>(
      'SELECT m.mid FROM search_fts f JOIN search_mark m ON m.mid = f.rowid WHERE search_fts MATCH ? ORDER BY length(m.compact), m.mid LIMIT ?',
    )
    .pluck();
  const startingWith = db
    .prepare<[string, string, number], number>('SELECT mid FROM search_mark WHERE compact >= ? AND compact < ? ORDER BY length(compact), mid LIMIT ?')
    .pluck();
  const substringAny = db.prepare<[string, number], number>('SELECT rowid FROM search_fts WHERE search_fts MATCH ? LIMIT ?').pluck();
  const formsByMid = db.prepare<[string], MarkFormsRow>(`SELECT ${FORMS} FROM search_mark WHERE mid IN (SELECT value FROM json_each(?))`).raw();
  const updatedAt = db.prepare<[string], { mid: number; updated_at: string }>(
    'SELECT m.mid, t.updated_at FROM search_mark m JOIN trademarks t ON t.id = m.trademark_id WHERE m.mid IN (SELECT value FROM json_each(?))',
  );
  const allForms = db.prepare<[number, number], MarkFormsRow>(`SELECT ${FORMS} FROM search_mark WHERE mid > ? ORDER BY mid LIMIT ?`).raw();

  return {
    async state(key: string): Promise<string | null> {
      return getState.get(key)?.value ?? null;
    },
    async size(): Promise<number> {
      return maxMid.get() ?? 0;
    },
    /** Runs `read` in one read transaction, after any other of this connection's. */
    snapshot<T>(read: () => Promise<T>): Promise<T> {
      return readSnapshot(db, read);
    },
    /** The marks filed under each key with a near form of min..max characters, shortest first, in
     *  the order of `reads`. Keys with at most SMALL postings are read whole; the others ("common")
     *  up to `cap(i, common)`, asked once the probe has found every common key of the query.
     *  Common keys go through `cache`, and a key it knows to be common is not probed. */
    async postingsOf(reads: readonly KeyRange[], cap: (i: number, common: ReadonlySet<number>) => number, cache?: ReadCache): Promise<ArrayLike<number>[]> {
      const out: ArrayLike<number>[] = reads.map(() => []);
      const ranges = new Map<number, { min: number; max: number; hashes: number[]; at: number[] }>();
      const common = new Set<number>();
      reads.forEach((r, i) => {
        if (cache && cache.known(r.hash, r.min, r.max) > SMALL) {
          common.add(i);
          return;
        }
        const id = r.min * 256 + r.max;
        let g = ranges.get(id);
        if (!g) ranges.set(id, (g = { min: r.min, max: r.max, hashes: [], at: [] }));
        g.hashes.push(r.hash);
        g.at.push(i);
      });
      for (const g of ranges.values()) {
        const few: number[] = [];
        for (const [k, many] of present.all({ min: g.min, max: g.max, small: SMALL, keys: json(g.hashes) })) {
          if (many) common.add(g.at[k]!);
          else few.push(k);
        }
        if (few.length === 0) continue;
        for (const [k, mids] of small.all({ keys: json(few.map((f) => g.hashes[f]!)), min: g.min, max: g.max })) (out[g.at[few[k]!]!] as number[]).push(...fromBlob(mids));
      }
      for (const i of common) {
        const r = reads[i]!;
        const n = cap(i, common);
        const cached = cache?.get(r.hash, r.min, r.max, n);
        if (cached) out[i] = cached;
        else {
          const rows = firstMids(postings.iterate({ h: r.hash, min: r.min, max: r.max }), n);
          out[i] = cache ? cache.put(r.hash, r.min, r.max, n, rows) : rows;
        }
      }
      return out;
    },
    /** Trigram keys' packed lists over a range of trigram counts (the q-gram path). */
    gramLists: createGramReader(db),
    /** Marks whose compact form starts with `prefix`, shortest first (an index range, no key). */
    async startingWith(prefix: string, cap: number): Promise<number[]> {
      return startingWith.all(prefix, `${prefix}\u{10FFFF}`, cap);
    },
    /** Marks whose text contains a fragment (3+ characters), shortest first. */
    async substring(fragment: string, cap: number): Promise<number[]> {
      // Ordering by length needs every match's row; when all matches fit under the cap, none is needed.
      const phrase = ftsPhrase(fragment);
      const any = substringAny.all(phrase, cap + 1);
      return any.length <= cap ? any : substring.all(phrase, cap);
    },
    /** The scoring columns of the given marks, in no particular order. */
    async forms(mids: readonly number[]): Promise<MarkFormsRow[]> {
      return mids.length ? formsByMid.all(json(mids)) : [];
    },
    /** Every mark's scoring columns in mid order, a batch at a time (the benchmark's exhaustive scorer). */
    async *scan(batch = 5000): AsyncGenerator<MarkFormsRow[]> {
      for (let after = 0; ; ) {
        const rows = allForms.all(after, batch);
        if (rows.length === 0) return;
        after = rows[rows.length - 1]![0];
        yield rows;
      }
    },
    /** updated_at per mark, read only when a search sorts by it (it lives in the wide trademarks rows). */
    async updatedAt(mids: readonly number[]): Promise<Map<number, string>> {
      return new Map(updatedAt.all(json(mids)).map((r) => [r.mid, r.updated_at]));
    },
    /** The subset of `mids` that pass the filter. */
    async passing(mids: readonly number[], filter: SearchFilter): Promise<Set<number>> {
      const w = whereClause(filter);
      const rows = db
        .prepare(`SELECT m.mid FROM search_mark m WHERE m.mid IN (SELECT value FROM json_each(?)) AND ${w.sql}`)
        .all(json(mids), ...w.params) as { mid: number }[];
      return new Set(rows.map((r) => r.mid));
    },
    async list(filter: SearchFilter, order: ListOrder, limit: number, offset: number): Promise<SearchMarkRow[]> {
      const w = whereClause(filter);
      const orderSql =
        typeof order === 'string'
          ? LIST_ORDERS[order]
          : 'm.compact = ? DESC, (m.compact >= ? AND m.compact < ?) DESC, length(m.compact) ASC, m.filing_date DESC, m.mid ASC';
      const orderParams = typeof order === 'string' ? [] : [order.text, order.text, `${order.text}\u{10FFFF}`];
      return db
        .prepare(`SELECT m.* FROM search_mark m WHERE ${w.sql} ORDER BY ${orderSql} LIMIT ? OFFSET ?`)
        .all(...w.params, ...orderParams, limit, offset) as SearchMarkRow[];
    },
    async total(filter: SearchFilter): Promise<number> {
      const w = whereClause(filter);
      return (db.prepare(`SELECT COUNT(*) AS n FROM search_mark m WHERE ${w.sql}`).get(...w.params) as { n: number }).n;
    },
  };
};


// The search index's reads on PostgreSQL (migration 30), the same answers as SQLite's
// (src/store/sqlite/search-repo.ts): postings of hashed channel keys, packed trigram lists,
// substrings through the pg_trgm index, mark rows and filtered lists. A search's reads run in one
// REPEATABLE READ transaction on one client (snapshot), and each call reads many keys in one
// round trip (unnest … LATERAL), since a round trip costs more than the index lookup it carries.
import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import { fromBlob, type GramList } from '../gram-postings.js';
import { SMALL_POSTINGS as SMALL, type KeyRange, type ListOrder, type MarkFormsRow, type ReadCache, type SearchFilter, type SearchMarkRow, type SearchRepo } from '../search-repo.js';
import { storeError, type PgClient, type PgDb } from './pg.js';
import { containsPattern, orderClause, Params, whereClause } from './search-filter.js';

const FORMS = 'mid, trademark_id, folded, compact, near_words, skeleton, pcodes, wcodes, filing_date';

/** Per key (i, h, lo, hi, cap): its first `cap` postings in its length window, shortest mark first. */
const POSTINGS = `SELECT x.i, p.mids FROM unnest($1::int[], $2::bigint[], $3::int[], $4::int[], $5::int[]) AS x(i, h, lo, hi, cap)
  CROSS JOIN LATERAL (SELECT array_agg(s.mid) AS mids FROM (SELECT k.mid FROM search_key k WHERE k.h = x.h AND k.len BETWEEN x.lo AND x.hi ORDER BY k.len, k.mid LIMIT x.cap) s) p
  WHERE p.mids IS NOT NULL`;

type Config = pg.QueryConfig | pg.QueryArrayConfig;
type Query = <R extends pg.QueryResultRow>(config: Config) => Promise<R[]>;

/** Queries on the search's snapshot client when one is open, else on the pool. */
const createQuery = (db: PgDb, session: AsyncLocalStorage<PgClient>): Query => async <R extends pg.QueryResultRow>(config: Config) => {
  const c = session.getStore();
  if (!c) await db.ready();
  try {
    return (await (c ?? db.pool).query<R>(config as pg.QueryConfig)).rows;
  } catch (err) {
    throw storeError(err, db.url);
  }
};

export const createPgSearchRepo = (db: PgDb): SearchRepo => {
  const session = new AsyncLocalStorage<PgClient>();
  const query = createQuery(db, session);
  /** The first column of every row, as numbers; a `name` prepares the statement once per client. */
  const mids = async (text: string, values: unknown[], name?: string): Promise<number[]> =>
    (await query<[number]>({ name, text, values, rowMode: 'array' })).map((r) => Number(r[0]));

  /** Postings per key (by index into `reads`), at most `caps[k]` each; keys with none are left out. */
  const postings = async (keys: readonly number[], reads: readonly KeyRange[], caps: readonly number[]): Promise<Map<number, number[]>> => {
    const rows = await query<{ i: number; mids: number[] }>({
      name: 'search_postings',
      text: POSTINGS,
      values: [keys, keys.map((i) => reads[i]!.hash), keys.map((i) => reads[i]!.min), keys.map((i) => reads[i]!.max), caps],
    });
    return new Map(rows.map((r) => [r.i, r.mids]));
  };

  return {
    async state(key: string): Promise<string | null> {
      return (await query<{ value: string }>({ name: 'search_state', text: 'SELECT value FROM search_state WHERE key = $1', values: [key] }))[0]?.value ?? null;
    },
    async size(): Promise<number> {
      return Number((await query<{ n: string | null }>({ name: 'search_size', text: 'SELECT max(mid) AS n FROM search_mark' }))[0]?.n ?? 0);
    },
    async snapshot<T>(read: () => Promise<T>): Promise<T> {
      if (session.getStore()) return read();
      await db.ready();
      const c = await db.pool.connect().catch((err: unknown) => {
        throw storeError(err, db.url);
      });
      try {
        await c.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
        const out = await session.run(c, read);
        await c.query('COMMIT');
        return out;
      } catch (err) {
        await c.query('ROLLBACK').catch(() => {});
        throw storeError(err, db.url);
      } finally {
        c.release();
      }
    },
    /** As on SQLite: one probe reads every key up to SMALL + 1 postings (the small ones are then
     *  read whole), and one more read takes the common ones up to their caps, past the cache. */
    async postingsOf(reads: readonly KeyRange[], cap: (i: number, common: ReadonlySet<number>) => number, cache?: ReadCache): Promise<ArrayLike<number>[]> {
      const out: ArrayLike<number>[] = reads.map(() => []);
      const common = new Set<number>();
      const probe: number[] = [];
      reads.forEach((r, i) => (cache && cache.known(r.hash, r.min, r.max) > SMALL ? common.add(i) : probe.push(i)));
      if (probe.length) {
        for (const [i, found] of await postings(probe, reads, probe.map(() => SMALL + 1))) {
          if (found.length > SMALL) common.add(i);
          else out[i] = found;
        }
      }
      const wanted: number[] = [];
      const caps: number[] = [];
      for (const i of common) {
        const r = reads[i]!;
        const n = cap(i, common);
        const cached = cache?.get(r.hash, r.min, r.max, n);
        if (cached) out[i] = cached;
        else {
          wanted.push(i);
          caps.push(n);
        }
      }
      if (wanted.length === 0) return out;
      const read = await postings(wanted, reads, caps);
      wanted.forEach((i, k) => {
        const r = reads[i]!;
        const rows = read.get(i) ?? [];
        out[i] = cache ? cache.put(r.hash, r.min, r.max, caps[k]!, rows) : rows;
      });
      return out;
    },
    async gramLists(hashes: readonly number[], min: number, max: number): Promise<GramList[][]> {
      const out: GramList[][] = hashes.map(() => []);
      const rows = await query<{ i: number; len: number; mids: Buffer }>({
        name: 'search_gram_lists',
        text: `SELECT x.i::int AS i, g.len, g.mids FROM unnest($1::bigint[]) WITH ORDINALITY AS x(h, i)
               JOIN search_gram g ON g.h = x.h AND g.len BETWEEN $2 AND $3 ORDER BY x.i, g.len`,
        values: [hashes, min, max],
      });
      for (const r of rows) out[r.i - 1]!.push({ len: r.len, mids: fromBlob(r.mids) });
      return out;
    },
    async startingWith(prefix: string, cap: number): Promise<number[]> {
      return mids('SELECT mid FROM search_mark WHERE compact >= $1 AND compact < $2 ORDER BY length(compact), mid LIMIT $3', [prefix, `${prefix}\u{10FFFF}`, cap], 'search_starting_with');
    },
    /** As on SQLite: ordering by length needs every match's row; when all matches fit under the cap, none is needed. */
    async substring(fragment: string, cap: number): Promise<number[]> {
      const pattern = containsPattern(fragment);
      const any = await mids('SELECT mid FROM search_fts WHERE body LIKE $1 LIMIT $2', [pattern, cap + 1], 'search_substring_any');
      if (any.length <= cap) return any;
      return mids(
        'SELECT m.mid FROM search_fts f JOIN search_mark m ON m.mid = f.mid WHERE f.body LIKE $1 ORDER BY length(m.compact), m.mid LIMIT $2',
        [pattern, cap],
        'search_substring',
      );
    },
    async forms(ids: readonly number[]): Promise<MarkFormsRow[]> {
      if (ids.length === 0) return [];
      return query<MarkFormsRow>({ name: 'search_forms', text: `SELECT ${FORMS} FROM search_mark WHERE mid = ANY($1::bigint[])`, values: [ids], rowMode: 'array' });
    },
    async *scan(batch = 5000): AsyncGenerator<MarkFormsRow[]> {
      for (let after = 0; ; ) {
        const rows = await query<MarkFormsRow>({ text: `SELECT ${FORMS} FROM search_mark WHERE mid > $1 ORDER BY mid LIMIT $2`, values: [after, batch], rowMode: 'array' });
        if (rows.length === 0) return;
        after = rows[rows.length - 1]![0];
        yield rows;
      }
    },
    async updatedAt(ids: readonly number[]): Promise<Map<number, string>> {
      const rows = await query<{ mid: number; updated_at: string }>({
        text: 'SELECT m.mid, t.updated_at FROM search_mark m JOIN trademarks t ON t.id = m.trademark_id WHERE m.mid = ANY($1::bigint[])',
        values: [ids],
      });
      return new Map(rows.map((r) => [r.mid, r.updated_at]));
    },
    async passing(ids: readonly number[], filter: SearchFilter): Promise<Set<number>> {
      const p = new Params();
      const among = p.add(ids);
      const where = whereClause(filter, p);
      return new Set(await mids(`SELECT m.mid FROM search_mark m WHERE m.mid = ANY(${among}::bigint[]) AND ${where}`, p.values));
    },
    async list(filter: SearchFilter, order: ListOrder, limit: number, offset: number): Promise<SearchMarkRow[]> {
      const p = new Params();
      const where = whereClause(filter, p);
      const orderBy = orderClause(order, p);
      return query<SearchMarkRow>({ text: `SELECT m.* FROM search_mark m WHERE ${where} ORDER BY ${orderBy} LIMIT ${p.add(limit)} OFFSET ${p.add(offset)}`, values: p.values });
    },
    async total(filter: SearchFilter): Promise<number> {
      const p = new Params();
      const where = whereClause(filter, p);
      return Number((await query<{ n: number }>({ text: `SELECT COUNT(*) AS n FROM search_mark m WHERE ${where}`, values: p.values }))[0]!.n);
    },
  };
};

// The q-gram path's postings on SQLite (migration 037): one row per trigram key and trigram count,
// holding the ids of every mark filed there as a packed list (src/store/gram-postings.ts). One row
// per mark and trigram (12 a mark) made the key b-tree three times larger and the bulk build slow,
// and a query could afford to read only a capped prefix of a common trigram; a packed list is read
// whole. A bulk build writes each group once at its end, a daily sync reads, merges and rewrites
// only the groups its marks touch. Rows are keyed by one integer, `hl` = hash × 256 + trigram count
// (migration 093, as search_key: key-postings.ts).
import { keyAt } from './key-postings.js';
import { createGramPending, fromBlob, mergeMids, toBlob, type GramList } from '../gram-postings.js';
import type { Db } from './sqlite.js';

export const createGramWriter = (db: Db) => {
  const read = db.prepare<[{ h: number; len: number }], Buffer>(`SELECT mids FROM search_gram WHERE hl = ${keyAt('@h', '@len')}`).pluck();
  const put = db.prepare<[{ h: number; len: number; mids: Buffer }]>(
    `INSERT INTO search_gram (hl, mids) VALUES (${keyAt('@h', '@len')}, @mids) ON CONFLICT (hl) DO UPDATE SET mids = excluded.mids`,
  );
  const drop = db.prepare<[{ h: number; len: number }]>(`DELETE FROM search_gram WHERE hl = ${keyAt('@h', '@len')}`);
  const pending = createGramPending();

  return {
    add: pending.add,
    remove: pending.remove,
    discard: pending.discard,
    /** Writes every pending group, in key order, so the b-tree is walked once. */
    flush(): void {
      for (const p of pending.take()) {
        const old = read.get({ h: p.h, len: p.len });
        const mids = mergeMids(old ? fromBlob(old) : new Uint32Array(0), p.add.subarray(0, p.added), p.remove);
        if (mids.length > 0) put.run({ h: p.h, len: p.len, mids: toBlob(mids) });
        else if (old) drop.run({ h: p.h, len: p.len });
      }
    },
  };
};

/** The lists of trigram keys over a range of trigram counts, per key in the order asked. */
export const createGramReader = (db: Db) => {
  const lists = db
    .prepare<[{ h: number; min: number; max: number }], [number, Buffer]>(
      `SELECT hl & 255, mids FROM search_gram WHERE hl BETWEEN ${keyAt('@h', '@min')} AND ${keyAt('@h', '@max')}`,
    )
    .raw();
  return async (hashes: readonly number[], min: number, max: number): Promise<GramList[][]> =>
    hashes.map((h) => lists.all({ h, min, max }).map(([len, blob]) => ({ len, mids: fromBlob(blob) })));
};

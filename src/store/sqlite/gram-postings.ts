// The q-gram path's postings (migration 037): one row per trigram key and trigram count, holding
// the ids of every mark filed there as a sorted little-endian Uint32 array. One row per mark and
// trigram (12 a mark) made the key b-tree three times larger and the bulk build slow, and a query
// could afford to read only a capped prefix of a common trigram; a packed list is read whole.
// Changes are gathered in memory and written per group at flush(): a bulk build writes each group
// once at its end, a daily sync reads, merges and rewrites only the groups its marks touch.
import type { GramList } from '../gram-postings.js';
import type { Db } from './sqlite.js';

/** Pending changes of one (key, length) group. */
interface Pending {
  h: number;
  len: number;
  add: Uint32Array;
  added: number;
  remove: number[];
}

const toBlob = (mids: Uint32Array): Buffer => Buffer.from(mids.buffer, mids.byteOffset, mids.byteLength);

/** A blob as a Uint32Array; copied when SQLite's buffer is not 4-byte aligned. */
export const fromBlob = (blob: Buffer): Uint32Array =>
  blob.byteOffset % 4 === 0
    ? new Uint32Array(blob.buffer, blob.byteOffset, blob.byteLength / 4)
    : new Uint32Array(blob.buffer.slice(blob.byteOffset, blob.byteOffset + blob.byteLength));

/** The merged list: `old` without `remove`, with `add`, ascending and without repeats. */
export const mergeMids = (old: Uint32Array, add: Uint32Array, remove: readonly number[]): Uint32Array => {
  const drop = new Set(remove);
  const out = new Uint32Array(old.length + add.length);
  let n = 0;
  for (const mid of old) if (!drop.has(mid)) out[n++] = mid;
  for (const mid of add) out[n++] = mid;
  const merged = out.subarray(0, n).sort();
  let k = 0;
  for (let i = 0; i < merged.length; i++) if (i === 0 || merged[i] !== merged[k - 1]) merged[k++] = merged[i]!;
  return merged.slice(0, k);
};

export const createGramWriter = (db: Db) => {
  const read = db.prepare<[number, number], Buffer>('SELECT mids FROM search_gram WHERE h = ? AND len = ?').pluck();
  const put = db.prepare('INSERT INTO search_gram (h, len, mids) VALUES (?, ?, ?) ON CONFLICT (h, len) DO UPDATE SET mids = excluded.mids');
  const drop = db.prepare('DELETE FROM search_gram WHERE h = ? AND len = ?');
  // Per trigram count, the groups by key: a bulk build looks a group up 12 times a mark, and a
  // string id per lookup was a measurable share of its CPU.
  let pending: Map<number, Pending>[] = [];

  const group = (h: number, len: number): Pending => {
    const groups = (pending[len] ??= new Map());
    let p = groups.get(h);
    if (!p) groups.set(h, (p = { h, len, add: new Uint32Array(4), added: 0, remove: [] }));
    return p;
  };

  return {
    /** Files a mark under its trigram keys. */
    add(mid: number, len: number, hashes: readonly number[]): void {
      for (const h of hashes) {
        const p = group(h, len);
        if (p.added === p.add.length) {
          const grown = new Uint32Array(2 * p.add.length);
          grown.set(p.add);
          p.add = grown;
        }
        p.add[p.added++] = mid;
      }
    },
    /** Takes a mark out of the lists of its old trigram keys. */
    remove(mid: number, len: number, hashes: readonly number[]): void {
      for (const h of hashes) group(h, len).remove.push(mid);
    },
    /** Writes every pending group, in key order, so the b-tree is walked once. */
    flush(): void {
      const groups = pending.flatMap((byKey) => [...byKey.values()]).sort((a, b) => a.h - b.h || a.len - b.len);
      pending = [];
      for (const p of groups) {
        const old = read.get(p.h, p.len);
        const mids = mergeMids(old ? fromBlob(old) : new Uint32Array(0), p.add.subarray(0, p.added), p.remove);
        if (mids.length > 0) put.run(p.h, p.len, toBlob(mids));
        else if (old) drop.run(p.h, p.len);
      }
    },
    /** Forgets pending changes (after a rollback, or when the index is cleared). */
    discard(): void {
      pending = [];
    },
  };
};

export type GramWriter = ReturnType<typeof createGramWriter>;

/** The lists of one trigram key over a range of trigram counts. */
export const createGramReader = (db: Db) => {
  const lists = db.prepare<[number, number, number], [number, Buffer]>('SELECT len, mids FROM search_gram WHERE h = ? AND len BETWEEN ? AND ?').raw();
  return (h: number, min: number, max: number): GramList[] => lists.all(h, min, max).map(([len, blob]) => ({ len, mids: fromBlob(blob) }));
};

// A per-process cache of the channel keys' posting reads, keyed by key hash and length window. Queries share their
// common keys (the word GROUP, a short sound key): those are the long reads, and they came back
// from the store row by row for query after query. A read is `ORDER BY len, mid LIMIT cap`, so a
// cached longer read answers a shorter one with its prefix, and a read that came back short is
// the whole list. Like the mark cache, everything is dropped when the index's last_seq moves.

/** A key's postings in one length window, in index order, and whether they are all of them. */
interface Entry {
  rows: Float64Array;
  complete: boolean;
}

/** Postings held per generation; two generations bound the cache at twice this (8 bytes each). */
const GENERATION = 1_000_000;

export interface PostingCache {
  /** Drops everything when the index has changed since the cached reads. */
  validate(indexSeq: string | null): void;
  /** The first `cap` postings of a key in min..max, when the cache holds enough of them. */
  get(hash: number, min: number, max: number, cap: number): Float64Array | undefined;
  /** Keeps a read of the first `cap` postings (a read shorter than `cap` is all of them); returns it as kept. */
  put(hash: number, min: number, max: number, cap: number, rows: ArrayLike<number>): Float64Array;
  /** How many postings of a key in min..max the cache holds (a lower bound of how many there are). */
  known(hash: number, min: number, max: number): number;
}

const keyOf = (hash: number, min: number, max: number): string => `${hash}/${min}/${max}`;

/** Two generations approximate LRU without per-hit bookkeeping: a hit in the old one moves up. */
export const createPostingCache = (generation = GENERATION): PostingCache => {
  let young = new Map<string, Entry>();
  let old = new Map<string, Entry>();
  let held = 0;
  let seq: string | null = null;

  const put = (key: string, e: Entry): void => {
    if (held + e.rows.length > generation) {
      old = young;
      young = new Map();
      held = 0;
    }
    young.set(key, e);
    held += e.rows.length;
  };

  const get = (key: string): Entry | undefined => {
    const e = young.get(key);
    if (e) return e;
    const o = old.get(key);
    if (o) {
      old.delete(key);
      put(key, o);
    }
    return o;
  };

  return {
    validate(indexSeq) {
      if (indexSeq === seq) return;
      young = new Map();
      old = new Map();
      held = 0;
      seq = indexSeq;
    },
    get(hash, min, max, cap) {
      const e = get(keyOf(hash, min, max));
      if (e && (e.complete || e.rows.length >= cap)) return e.rows.length > cap ? e.rows.subarray(0, cap) : e.rows;
      return undefined;
    },
    put(hash, min, max, cap, read) {
      const rows = Float64Array.from(read);
      put(keyOf(hash, min, max), { rows, complete: rows.length < cap });
      return rows;
    },
    known(hash, min, max) {
      const key = keyOf(hash, min, max);
      return (young.get(key) ?? old.get(key))?.rows.length ?? 0;
    },
  };
};

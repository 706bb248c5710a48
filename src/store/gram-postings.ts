// The q-gram path's posting lists as the search index reads them: one list of mark ids per trigram
// key and trigram count (src/search/qgram.ts merges them), stored as a sorted little-endian Uint32
// array; and the pending changes a writer gathers before it rewrites the lists they touch. Both
// backends keep the same lists (search_gram: h, len, mids), so the same query meets the same marks.

/** One length's list of a trigram key. */
export interface GramList {
  len: number;
  mids: Uint32Array;
}

/** Pending changes of one (key, length) group. */
export interface PendingGrams {
  h: number;
  len: number;
  add: Uint32Array;
  added: number;
  remove: number[];
}

export const toBlob = (mids: Uint32Array): Buffer => Buffer.from(mids.buffer, mids.byteOffset, mids.byteLength);

/** A blob as a Uint32Array; copied when the driver's buffer is not 4-byte aligned. */
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

/** Changes gathered in memory per group until a writer takes them (a bulk build once at its end,
 *  a daily sync per batch); `take()` hands them over in key order, so the b-tree is walked once. */
export const createGramPending = () => {
  // Per trigram count, the groups by key: a bulk build looks a group up 12 times a mark, and a
  // string id per lookup was a measurable share of its CPU.
  let pending: Map<number, PendingGrams>[] = [];

  const group = (h: number, len: number): PendingGrams => {
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
    /** Every pending group in (key, length) order; nothing is pending afterwards. */
    take(): PendingGrams[] {
      const groups = pending.flatMap((byKey) => [...byKey.values()]).sort((a, b) => a.h - b.h || a.len - b.len);
      pending = [];
      return groups;
    },
    /** Forgets pending changes (after a rollback, or when the index is cleared). */
    discard(): void {
      pending = [];
    },
  };
};

// The recall-first q-gram path (issue 10): every mark is filed under the pg_trgm-style trigrams of
// its folded words (`g:` keys, with the size of its trigram set in the len column), and a query
// reads its trigrams' postings within the length window a Jaccard floor allows, rarest trigrams
// whole and common ones capped, counts the trigrams each mark shares and keeps the marks with the
// best estimated Jaccard. Whatever a trigram-Jaccard scan ranks near the top is then a candidate
// even when no channel key of tm's own finds it (two letters inserted, a query that joins words).
// The trigrams themselves are src/search/trigram.ts's.

/** The key strings of a mark's trigrams. */
export const gramKeys = (grams: readonly string[]): string[] => grams.map((g) => `g:${g}`);

/** The len column of a mark's `g:` rows: its trigram count, capped as the column is. */
export const gramLength = (grams: readonly string[]): number => Math.min(255, grams.length);

/** A mark below this Jaccard is not looked for, which bounds the length window:
 *  J ≥ T needs T·|Q| ≤ |C| ≤ |Q|/T. */
export const JACCARD_FLOOR = 0.15;
/** Postings read per query over all its trigrams, and at least this many per trigram. */
const GRAM_BUDGET = 9000;
const GRAM_MIN_CAP = 150;
/** Postings counted per trigram to tell rare from common: a count stops here. */
const GRAM_PROBE = 2000;
/** Marks kept from the path, best estimated Jaccard first. */
export const GRAM_KEEP = 120;

/** What the path reads from the index: how many postings a key has in a length range (counted up
 *  to `limit`), and its postings packed as mid × 256 + len, shortest marks first. */
export interface GramReader {
  counts(hashes: readonly number[], min: number, max: number, limit: number): number[];
  postings(hash: number, min: number, max: number, cap: number): ArrayLike<number>;
}

/** A posting as the reader packs it: len is at most 255, so mid × 256 + len is exact. */
export const packPosting = (mid: number, len: number): number => mid * 256 + len;

/** Per mark id: its length × 256 + the trigrams it shares, 0 for a mark not met yet. Grown and
 *  kept per process, and cleared after each query through the list of marks met: a Map of a query's
 *  thousands of marks cost more than reading their postings. */
let tally = new Uint32Array(1 << 16);

/** The marks sharing the most of the query's trigrams, relative to their own trigram count: up to
 *  `keep` mark ids, best estimated Jaccard first. Rare trigrams are read whole; the budget left is
 *  shared among the common ones, which are read shortest marks first (for an equal number of
 *  shared trigrams, the shorter mark has the higher Jaccard). */
export const gramCandidates = (grams: readonly string[], hash: (key: string) => number, reader: GramReader, keep = GRAM_KEEP): number[] => {
  const q = grams.length;
  if (q === 0) return [];
  const min = Math.max(1, Math.ceil(JACCARD_FLOOR * q));
  const max = Math.min(255, Math.floor(q / JACCARD_FLOOR));
  const hashes = gramKeys(grams).map(hash);
  const counts = reader.counts(hashes, min, max, GRAM_PROBE + 1);
  const order = hashes.map((_, i) => i).filter((i) => counts[i]! > 0).sort((a, b) => counts[a]! - counts[b]!);
  const met: number[] = [];
  let left = GRAM_BUDGET;
  try {
    order.forEach((i, k) => {
      const cap = Math.max(GRAM_MIN_CAP, Math.floor(left / (order.length - k)));
      const rows = reader.postings(hashes[i]!, min, max, Math.min(cap, counts[i]!));
      left -= rows.length;
      for (let r = 0; r < rows.length; r++) {
        const p = rows[r]!;
        const mid = Math.floor(p / 256);
        if (mid >= tally.length) {
          const grown = new Uint32Array(Math.max(mid + 1, 2 * tally.length));
          grown.set(tally);
          tally = grown;
        }
        const v = tally[mid]!;
        if (v === 0) {
          met.push(mid);
          tally[mid] = (p % 256) * 256 + 1;
        } else tally[mid] = v + 1;
      }
    });
  } catch (err) {
    // A failed read must not leave its marks' tallies to the next query.
    for (const mid of met) tally[mid] = 0;
    throw err;
  }
  const mids = new Float64Array(met.length);
  const estimate = new Float64Array(met.length);
  let n = 0;
  for (const mid of met) {
    const v = tally[mid]!;
    tally[mid] = 0;
    const o = v % 256;
    mids[n] = mid;
    estimate[n++] = o / (q + Math.floor(v / 256) - o);
  }
  // The keep-th best estimate by a numeric sort of a copy, then only the marks at or above it are ordered.
  const floor = n <= keep ? 0 : Float64Array.from(estimate).sort()[n - keep]!;
  const best: number[] = [];
  for (let j = 0; j < n; j++) if (estimate[j]! >= floor) best.push(j);
  best.sort((a, b) => estimate[b]! - estimate[a]! || mids[a]! - mids[b]!);
  return best.slice(0, keep).map((j) => mids[j]!);
};

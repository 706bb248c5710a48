// The recall-first q-gram path (issue 10): every mark is filed under the pg_trgm-style trigrams of
// its folded words, in packed lists per trigram and trigram count (src/store/gram-postings.ts). A
// query reads the whole list of each of its trigrams within the length window a Jaccard floor
// allows, counts the trigrams each mark shares, and keeps the marks with the best exact Jaccard
// index and the best containment (a short mark inside a long one). Whatever a trigram-Jaccard scan
// ranks near the top is then a candidate, at any store size, even when no channel key of tm's own
// finds it (two letters inserted, a query that joins words). The trigrams are src/search/trigram.ts's.
import type { GramList } from '../store/gram-postings.js';
import { FEATURES, WEIGHTS, type Feature } from './fusion.js';

/** The key strings of a mark's trigrams. */
export const gramKeys = (grams: readonly string[]): string[] => grams.map((g) => `g:${g}`);

/** The len column of a mark's lists: its trigram count, capped as the column is. */
export const gramLength = (grams: readonly string[]): number => Math.min(255, grams.length);

/** A mark below this Jaccard is not looked for, which bounds the length window:
 *  J ≥ T needs T·|Q| ≤ |C| ≤ |Q|/T. */
export const JACCARD_FLOOR = 0.15;
/** Marks kept from the path: the best Jaccard index, then the best by the fused model's trigram
 *  inputs (src/search/fusion.ts) not yet kept. */
export const GRAM_KEEP = 120;
export const CONTAINED_KEEP = 80;
const weight = (f: Feature): number => WEIGHTS[1 + FEATURES.indexOf(f)]!;
const [W_TRIGRAM, W_CONTAINED, W_LENGTH] = [weight('trigram'), weight('contained'), weight('length_ratio')];

/** What the path reads from the index: a trigram key's lists over a range of trigram counts. */
export type GramReader = (hash: number, min: number, max: number) => GramList[];

/** Per mark id: its trigram count × 256 + the trigrams it shares, 0 for a mark not met yet. Grown
 *  and kept per process, and cleared after each query through the list of marks met: a Map of a
 *  query's tens of thousands of marks costs more than reading their lists. */
let tally = new Uint32Array(1 << 16);

const grow = (mid: number): void => {
  const grown = new Uint32Array(Math.max(mid + 1, 2 * tally.length));
  grown.set(tally);
  tally = grown;
};

/** The positions of the `keep` largest values, largest first, ties by the smaller mark id. */
const topBy = (value: Float64Array, mids: Uint32Array, n: number, keep: number): number[] => {
  const floor = n <= keep ? -Infinity : Float64Array.from(value.subarray(0, n)).sort()[n - keep]!;
  const best: number[] = [];
  for (let j = 0; j < n; j++) if (value[j]! >= floor) best.push(j);
  best.sort((a, b) => value[b]! - value[a]! || mids[a]! - mids[b]!);
  return best.slice(0, keep);
};

/** The marks sharing the most of the query's trigrams: up to `keep` by Jaccard index, then up to
 *  `contained` more by containment, as mark ids. Every list in the window is read whole, so the
 *  counts are exact. */
export const gramCandidates = (grams: readonly string[], hash: (key: string) => number, read: GramReader, keep = GRAM_KEEP, contained = CONTAINED_KEEP): number[] => {
  const q = Math.min(255, grams.length);
  if (q === 0) return [];
  const min = Math.max(1, Math.ceil(JACCARD_FLOOR * q));
  const max = Math.min(255, Math.floor(q / JACCARD_FLOOR));
  const met: number[] = [];
  try {
    for (const key of gramKeys(grams)) {
      for (const { len, mids } of read(hash(key), min, max)) {
        for (let r = 0; r < mids.length; r++) {
          const mid = mids[r]!;
          if (mid >= tally.length) grow(mid);
          const v = tally[mid]!;
          if (v === 0) {
            met.push(mid);
            tally[mid] = len * 256 + 1;
          } else tally[mid] = v + 1;
        }
      }
    }
  } catch (err) {
    // A failed read must not leave its marks' tallies to the next query.
    for (const mid of met) tally[mid] = 0;
    throw err;
  }
  const n = met.length;
  const mids = new Uint32Array(n);
  const jaccard = new Float64Array(n);
  const containment = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    const mid = met[j]!;
    const v = tally[mid]!;
    tally[mid] = 0;
    const shared = Math.min(q, v % 256);
    const len = Math.floor(v / 256);
    mids[j] = mid;
    jaccard[j] = shared / (q + len - shared);
    // The fused model's trigram inputs, with the trigram counts' ratio standing in for the length ratio.
    containment[j] = W_TRIGRAM * jaccard[j]! + W_CONTAINED * (shared / Math.min(q, len)) + W_LENGTH * (Math.min(q, len) / Math.max(q, len));
  }
  const kept = topBy(jaccard, mids, n, keep).map((j) => mids[j]!);
  const seen = new Set(kept);
  for (const j of topBy(containment, mids, n, keep + contained)) {
    if (kept.length >= keep + contained) break;
    if (!seen.has(mids[j]!)) kept.push(mids[j]!);
  }
  return kept;
};

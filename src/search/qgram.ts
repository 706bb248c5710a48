// The recall-first q-gram path (issue 10): every mark is filed under the pg_trgm-style trigrams of
// its folded words, in packed lists per trigram and trigram count (src/store/gram-postings.ts). A
// query reads the lists of its trigrams within the length window a Jaccard floor allows, counts
// the trigrams each mark shares, and keeps the marks with the best exact Jaccard index and the best
// by the fused model's trigram inputs (a short mark inside a long one). Whatever a trigram-Jaccard
// scan ranks near the top is then a candidate, at any store size, even when no channel key of tm's
// own finds it (two letters inserted, a query that joins words). The trigrams are src/search/trigram.ts's.
import type { GramList } from '../store/gram-postings.js';
import { FEATURES, WEIGHTS, type Feature } from './fusion.js';

/** The key strings of a mark's trigrams. */
export const gramKeys = (grams: readonly string[]): string[] => grams.map((g) => `g:${g}`);

/** The len column of a mark's lists: its trigram count, capped as the column is. */
export const gramLength = (grams: readonly string[]): number => Math.min(255, grams.length);

/** A mark below a Jaccard floor is not looked for. The floor bounds the length window (J ≥ T
 *  needs T·|Q| ≤ |C| ≤ |Q|/T) and the trigrams a mark must share, which lets the commonest lists
 *  only add to marks met in rarer ones (the prefix filter of set-similarity joins). A query reads
 *  at the high floor first. When fewer than TOP marks reach it, a trigram scan's top TOP goes below
 *  it, and the query counts again at the low floor; when fewer than TOP reach even that, once more
 *  with every list of up to OPEN_MAX marks opening marks (the top TOP of a small store or an odd
 *  query holds marks that share a single common trigram). */
const JACCARD_FLOORS = [0.3, 0.15] as const;
const PASSES = [
  { floor: JACCARD_FLOORS[0], prefix: true },
  { floor: JACCARD_FLOORS[1], prefix: true },
  { floor: JACCARD_FLOORS[1], prefix: false },
] as const;
const TOP = 50;
/** In the last pass, a list longer than this only counts marks met in the others: at register
 *  scale the word-initial trigram of a common letter holds 100,000 marks, and a mark that shares
 *  nothing but such a trigram with the query ranks below thousands that share more. A store of
 *  fewer marks than this reads the last pass as a full scan would. */
const OPEN_MAX = 20_000;
/** Marks kept from the path: the best Jaccard index, then the best by the fused model's trigram
 *  inputs (src/search/fusion.ts) not yet kept. */
export const GRAM_KEEP = 120;
export const CONTAINED_KEEP = 80;
const weight = (f: Feature): number => WEIGHTS[1 + FEATURES.indexOf(f)]!;
const [W_TRIGRAM, W_CONTAINED, W_LENGTH] = [weight('trigram'), weight('contained'), weight('length_ratio')];

/** What the path reads from the index: trigram keys' lists over a range of trigram counts, per key. */
export type GramReader = (hashes: readonly number[], min: number, max: number) => Promise<GramList[][]>;

/** Per mark id: its trigram count × 256 + the trigrams it shares, 0 for a mark not met yet. Grown
 *  and kept per process, and cleared after each query through the list of marks met: a Map of a
 *  query's tens of thousands of marks costs more than reading their lists. */
let tally = new Uint32Array(1 << 16);
let met = new Uint32Array(1 << 12);
/** Marks met per (trigram count, shared) pair, kept up to date as marks are counted: the two
 *  rankings depend on nothing else, so the keep thresholds come from at most 256 × 256 buckets
 *  instead of a sort of every mark met. */
const buckets = new Uint32Array(256 * 256);
/** Per bucket, how many of its marks each ranking keeps (zero outside a query, like the buckets). */
const byJaccard = new Uint32Array(256 * 256);
const byProxy = new Uint32Array(256 * 256);

/** `a`, or a copy at least twice as long when index `i` is past its end. */
const reach = (a: Uint32Array<ArrayBuffer>, i: number): Uint32Array<ArrayBuffer> => {
  if (i < a.length) return a;
  const grown = new Uint32Array(Math.max(i + 1, 2 * a.length));
  grown.set(a);
  return grown;
};

/** The least trigrams a mark of `min` or more trigrams shares with a query of q when its Jaccard reaches the floor. */
const minShared = (q: number, min: number, floor: number): number => Math.max(1, Math.ceil((floor * (q + min)) / (1 + floor) - 1e-9));

/** The marks sharing the most of the query's trigrams: up to `keep` by Jaccard index, then up to
 *  `contained` more by the fused model's trigram inputs, as mark ids, best Jaccard first. The
 *  counts are exact for every mark at or above the floor read at. */
export const gramCandidates = async (grams: readonly string[], hash: (key: string) => number, read: GramReader, keep = GRAM_KEEP, contained = CONTAINED_KEEP): Promise<number[]> => {
  const q = Math.min(255, grams.length);
  if (q === 0) return [];
  const keys = gramKeys(grams.slice(0, q)).map(hash);
  let lists: GramList[][] = [];
  let have: [number, number] | null = null;
  let kept: number[] = [];
  for (const { floor, prefix } of PASSES) {
    const [lo, hi] = [Math.max(1, Math.ceil(floor * q)), Math.min(255, Math.floor(q / floor))];
    lists = await widen(keys, read, lists, have, lo, hi);
    have = [lo, hi];
    const pass = count(q, lists, lo, floor, prefix, keep, contained);
    kept = pass.kept;
    if (pass.reaching >= TOP) break;
  }
  return kept;
};

/** Every key's lists over trigram counts lo..hi, given those over `have` (a window inside it: the
 *  floors only fall, so the windows only widen): only the counts outside `have` are read, every
 *  key's in one read per side. */
const widen = async (keys: readonly number[], read: GramReader, lists: readonly GramList[][], have: [number, number] | null, lo: number, hi: number): Promise<GramList[][]> => {
  if (have === null) return read(keys, lo, hi);
  const none = keys.map(() => []);
  const below = lo < have[0] ? await read(keys, lo, have[0] - 1) : none;
  const above = hi > have[1] ? await read(keys, have[1] + 1, hi) : none;
  return keys.map((_, k) => [...below[k]!, ...lists[k]!, ...above[k]!]);
};

/** Counts the trigrams each mark shares from the lists of one length window (`min` trigrams and up), then chooses. */
const count = (q: number, lists: readonly GramList[][], min: number, floor: number, prefix: boolean, keep: number, contained: number): { kept: number[]; reaching: number } => {
  const size = lists.map((ls) => ls.reduce((n, l) => n + l.mids.length, 0));
  // Rarest trigram first. A mark that shares t trigrams shares one of the q − t + 1 rarest, so
  // the t − 1 commonest lists (word-initial `  s`, `ing`) only count marks already met.
  const order = lists.map((_, i) => i).sort((a, b) => size[a]! - size[b]!);
  const opening = prefix ? q - minShared(q, min, floor) + 1 : order.filter((i) => size[i]! <= OPEN_MAX).length;
  let n = 0;
  try {
    order.forEach((i, rank) => {
      const opens = rank < opening;
      for (const { len, mids } of lists[i]!) {
        if (mids.length === 0) continue;
        // Lists are ascending: one check per list makes room for all of its marks.
        tally = reach(tally, mids[mids.length - 1]!);
        if (opens) met = reach(met, n + mids.length);
        const t = tally;
        for (let r = 0; r < mids.length; r++) {
          const mid = mids[r]!;
          const v = t[mid]!;
          if (v !== 0) {
            t[mid] = v + 1;
            buckets[v]!--;
            buckets[v + 1]!++;
          } else if (opens) {
            met[n++] = mid;
            t[mid] = len * 256 + 1;
            buckets[len * 256 + 1]!++;
          }
        }
      }
    });
  } catch (err) {
    // A failed read must not leave its marks' tallies to the next query.
    for (let j = 0; j < n; j++) tally[met[j]!] = 0;
    buckets.fill(0);
    throw err;
  }
  return choose(q, n, keep, contained, floor);
};

/** Picks the kept marks among the n met, counts those at or above the floor, and clears their
 *  tallies and buckets. */
const choose = (q: number, n: number, keep: number, contained: number, floor: number): { kept: number[]; reaching: number } => {
  const used: number[] = [];
  for (let len = 1; len < 256; len++) for (let shared = 1; shared <= Math.min(q, len); shared++) if (buckets[len * 256 + shared]) used.push(len * 256 + shared);
  const jaccardOf = (b: number): number => (b & 255) / (q + (b >> 8) - (b & 255));
  // The fused model's trigram inputs, with the trigram counts' ratio standing in for the length ratio.
  const proxyOf = (b: number): number => {
    const [len, shared] = [b >> 8, b & 255];
    return W_TRIGRAM * jaccardOf(b) + W_CONTAINED * (shared / Math.min(q, len)) + W_LENGTH * (Math.min(q, len) / Math.max(q, len));
  };
  // Whole buckets in rank order until `wanted` marks, the last one in part, none already in `before`.
  const take = (rank: (b: number) => number, wanted: number, into: Uint32Array, before?: Uint32Array): void => {
    let left = wanted;
    for (const b of [...used].sort((x, y) => rank(y) - rank(x))) {
      if (left <= 0) break;
      const fresh = buckets[b]! - (before?.[b] ?? 0);
      if (fresh <= 0) continue;
      into[b] = Math.min(fresh, left);
      left -= fresh;
    }
  };
  const reaching = used.reduce((sum, b) => sum + (jaccardOf(b) >= floor ? buckets[b]! : 0), 0);
  take(jaccardOf, keep, byJaccard);
  take(proxyOf, contained, byProxy, byJaccard);
  const kept: number[] = [];
  const keptBucket: number[] = [];
  for (let j = 0; j < n; j++) {
    const mid = met[j]!;
    const b = tally[mid]!;
    tally[mid] = 0;
    const quota = byJaccard[b]! > 0 ? byJaccard : byProxy[b]! > 0 ? byProxy : null;
    if (!quota) continue;
    quota[b]!--;
    kept.push(mid);
    keptBucket.push(b);
  }
  for (const b of used) buckets[b] = byJaccard[b] = byProxy[b] = 0;
  const order = kept.map((_, i) => i).sort((x, y) => jaccardOf(keptBucket[y]!) - jaccardOf(keptBucket[x]!) || kept[x]! - kept[y]!);
  return { kept: order.map((i) => kept[i]!), reaching };
};

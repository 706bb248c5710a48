// String measures: optimal string alignment distance (Damerau with adjacent transpositions), the
// fuzzy budget scaled to length, and bigram Dice similarity (BI-SIM's orthographic family).
import { SOUND_GROUPS } from './normalize.js';

// Bitmask of the sound groups of each ASCII letter, so a sound-group test is one AND.
const GROUP_MASK = new Uint16Array(128);
SOUND_GROUPS.forEach((g, i) => {
  for (const c of g) GROUP_MASK[c.charCodeAt(0)]! |= 1 << i;
});
const sameGroup = (a: number, b: number): boolean => a < 128 && b < 128 && (GROUP_MASK[a]! & GROUP_MASK[b]!) !== 0;

// The three DP rows, reused by every call: one query meets hundreds of candidates per search.
let rows = new Float64Array(3 * 64);

/** OSA distance, where `sound` makes a substitution within one sound group cost 0.5; stops early
 *  and returns `max + 1` once the distance must exceed `max`. */
const alignment = (a: string, b: string, max: number, sound: boolean): number => {
  if (a === b) return 0;
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > max) return max + 1;
  const w = m + 1;
  if (rows.length < 3 * w) rows = new Float64Array(6 * w);
  const r = rows;
  let prev2 = 0;
  let prev = w;
  let cur = 2 * w;
  for (let j = 0; j <= m; j++) r[prev + j] = j;
  for (let i = 1; i <= n; i++) {
    r[cur] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    const before = i > 1 ? a.charCodeAt(i - 2) : -1;
    for (let j = 1; j <= m; j++) {
      const cb = b.charCodeAt(j - 1);
      const cost = ca === cb ? 0 : sound && sameGroup(ca, cb) ? 0.5 : 1;
      let v = Math.min(r[prev + j]! + 1, r[cur + j - 1]! + 1, r[prev + j - 1]! + cost);
      if (j > 1 && ca === b.charCodeAt(j - 2) && before === cb) v = Math.min(v, r[prev2 + j - 2]! + 1);
      r[cur + j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    const t = prev2;
    prev2 = prev;
    prev = cur;
    cur = t;
  }
  return r[prev + m]!;
};

/** OSA distance (Damerau with adjacent transpositions); stops early and returns `max + 1` once the distance must exceed `max`. */
export const osa = (a: string, b: string, max = Infinity): number => alignment(a, b, max, false);

/** OSA distance where a substitution within one Editex sound group costs 0.5 (SEIKO/SEYCO = 1). */
export const soundOsa = (a: string, b: string, max = Infinity): number => alignment(a, b, max, true);

/** Length of the common prefix. */
export const commonPrefix = (a: string, b: string): number => {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
};

/** Edits a fuzzy match may need: none below 4 characters, then one per ~4 characters, at most 3. */
export const fuzzyBudget = (length: number): number => (length < 4 ? 0 : length <= 5 ? 1 : length <= 9 ? 2 : 3);

/** Padded bigrams as numbers (two UTF-16 units), with spaces at both ends. */
const bigrams = (s: string): number[] => {
  const out: number[] = [];
  let last = 32;
  for (let i = 0; i <= s.length; i++) {
    const c = i < s.length ? s.charCodeAt(i) : 32;
    out.push(last * 65536 + c);
    last = c;
  }
  return out;
};

// The query's bigrams are cached (one query meets every candidate); `taken` marks the ones matched.
const bigramCache = new Map<string, number[]>();
let taken = new Int32Array(64);
let stamp = 0;

/** Dice coefficient over padded bigrams (each bigram of `a` matched at most once), 0..1. */
export const dice = (a: string, b: string): number => {
  if (a === b) return 1;
  let grams = bigramCache.get(a);
  if (!grams) {
    if (bigramCache.size > 64) bigramCache.clear();
    grams = bigrams(a);
    bigramCache.set(a, grams);
  }
  if (taken.length < grams.length) taken = new Int32Array(2 * grams.length);
  if (++stamp > 2 ** 30) {
    taken.fill(0);
    stamp = 1;
  }
  let shared = 0;
  let last = 32;
  for (let i = 0; i <= b.length; i++) {
    const c = i < b.length ? b.charCodeAt(i) : 32;
    const g = last * 65536 + c;
    last = c;
    for (let k = 0; k < grams.length; k++) {
      if (grams[k] === g && taken[k] !== stamp) {
        taken[k] = stamp;
        shared++;
        break;
      }
    }
  }
  return (2 * shared) / (a.length + 1 + b.length + 1);
};

// String measures: optimal string alignment distance (Damerau with adjacent transpositions), the
// fuzzy budget scaled to length, and bigram Dice similarity (BI-SIM's orthographic family).
import { SOUND_GROUPS } from './normalize.js';

/** OSA distance; stops early and returns `max + 1` once the distance must exceed `max`. */
export const osa = (a: string, b: string, max = Infinity): number => {
  if (a === b) return 0;
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > max) return max + 1;
  if (n === 0) return m;
  if (m === 0) return n;
  let prev2 = new Array<number>(m + 1).fill(0);
  let prev = Array.from({ length: m + 1 }, (_, j) => j);
  let cur = new Array<number>(m + 1).fill(0);
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= m; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2]! + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[m]!;
};

// Bitmask of the sound groups of each ASCII letter, so the inner loop of soundOsa is one AND.
const GROUP_MASK = new Uint16Array(128);
SOUND_GROUPS.forEach((g, i) => {
  for (const c of g) GROUP_MASK[c.charCodeAt(0)]! |= 1 << i;
});
const sameGroup = (a: number, b: number): boolean => a < 128 && b < 128 && (GROUP_MASK[a]! & GROUP_MASK[b]!) !== 0;

/** OSA distance where a substitution within one Editex sound group costs 0.5 (SEIKO/SEYCO = 1). */
export const soundOsa = (a: string, b: string, max = Infinity): number => {
  if (a === b) return 0;
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > max) return max + 1;
  let prev2 = new Array<number>(m + 1).fill(0);
  let prev = Array.from({ length: m + 1 }, (_, j) => j);
  let cur = new Array<number>(m + 1).fill(0);
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= m; j++) {
      const cb = b.charCodeAt(j - 1);
      const cost = ca === cb ? 0 : sameGroup(ca, cb) ? 0.5 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) v = Math.min(v, prev2[j - 2]! + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[m]!;
};

/** Length of the common prefix. */
export const commonPrefix = (a: string, b: string): number => {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
};

/** Edits a fuzzy match may need: none below 4 characters, then one per ~4 characters, at most 3. */
export const fuzzyBudget = (length: number): number => (length < 4 ? 0 : length <= 5 ? 1 : length <= 9 ? 2 : 3);

const bigramCache = new Map<string, Map<string, number>>();

/** Padded bigram counts; the last few strings are cached, since one query meets every candidate. */
const bigramCounts = (s: string): Map<string, number> => {
  const cached = bigramCache.get(s);
  if (cached) return cached;
  const padded = ` ${s} `;
  const counts = new Map<string, number>();
  for (let i = 0; i < padded.length - 1; i++) {
    const g = padded.slice(i, i + 2);
    counts.set(g, (counts.get(g) ?? 0) + 1);
  }
  if (bigramCache.size > 64) bigramCache.clear();
  bigramCache.set(s, counts);
  return counts;
};

/** Dice coefficient over padded bigrams, 0..1. */
export const dice = (a: string, b: string): number => {
  if (a === b) return 1;
  const ca = bigramCounts(a);
  const padded = ` ${b} `;
  const used = new Map<string, number>();
  let shared = 0;
  for (let i = 0; i < padded.length - 1; i++) {
    const g = padded.slice(i, i + 2);
    const u = used.get(g) ?? 0;
    if (u < (ca.get(g) ?? 0)) {
      shared++;
      used.set(g, u + 1);
    }
  }
  return (2 * shared) / (a.length + 1 + b.length + 1);
};

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

const sameGroup = (a: string, b: string): boolean => SOUND_GROUPS.some((g) => g.includes(a) && g.includes(b));

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
    const ca = a[i - 1]!;
    for (let j = 1; j <= m; j++) {
      const cb = b[j - 1]!;
      const cost = ca === cb ? 0 : sameGroup(ca, cb) ? 0.5 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && ca === b[j - 2] && a[i - 2] === cb) v = Math.min(v, prev2[j - 2]! + 1);
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

const bigrams = (s: string): string[] => {
  const padded = ` ${s} `;
  const out: string[] = [];
  for (let i = 0; i < padded.length - 1; i++) out.push(padded.slice(i, i + 2));
  return out;
};

/** Dice coefficient over padded bigrams, 0..1. */
export const dice = (a: string, b: string): number => {
  if (a === b) return 1;
  const ga = bigrams(a);
  const gb = bigrams(b);
  const counts = new Map<string, number>();
  for (const g of ga) counts.set(g, (counts.get(g) ?? 0) + 1);
  let shared = 0;
  for (const g of gb) {
    const c = counts.get(g) ?? 0;
    if (c > 0) {
      shared++;
      counts.set(g, c - 1);
    }
  }
  return (2 * shared) / (ga.length + gb.length);
};

// Trigram similarity as PostgreSQL's pg_trgm computes it: each word padded with two spaces before
// and one after, its trigrams collected into a set, two texts compared by the Jaccard index of
// their sets. A feature of the fused score (the naive scan beats edit distance on long shared
// beginnings and endings) and the evaluation's baseline.
import { fold } from './normalize.js';

/** pg_trgm's trigrams of a folded text: each alphanumeric word padded with two spaces before and
 *  one after, every three-character window, as a set (also the index's `g:` keys, src/search/qgram.ts). */
export const trigrams = (folded: string): string[] => {
  const set = new Set<string>();
  for (const w of folded.split(/[^\p{L}\p{N}]+/u)) {
    if (!w) continue;
    const padded = `  ${w} `;
    for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3));
  }
  return [...set];
};

const SPACE = 32;
const WORD_SPLIT = /[^\p{L}\p{N}]+/u;

/** trigramSet's hashes before they are sorted, reused by every call (a search makes a set per new candidate). */
let scratch = new Int32Array(256);

/** pg_trgm's trigram set of a text, as sorted 32-bit hashes for a fast merge: the FNV-1a hash of
 *  each trigram of `trigrams`, computed on the padded word's character codes in place (a
 *  candidate's set is made once per process, for every candidate a search scores). */
export const trigramSet = (text: string): Int32Array => {
  const folded = fold(text);
  // A word of n characters has n + 1 windows, each of its characters and each separator at most one.
  if (scratch.length < folded.length + 1) scratch = new Int32Array(2 * folded.length + 2);
  let count = 0;
  for (const w of folded.split(WORD_SPLIT)) {
    if (!w) continue;
    // The padded word is two spaces, the word, one space: a window at i reads positions i..i+2.
    const code = (i: number): number => (i < 2 || i === w.length + 2 ? SPACE : w.charCodeAt(i - 2));
    for (let i = 0; i + 3 <= w.length + 3; i++) {
      let h = 0x811c9dc5;
      for (let k = 0; k < 3; k++) h = Math.imul(h ^ code(i + k), 0x01000193);
      scratch[count++] = h | 0;
    }
  }
  const sorted = scratch.subarray(0, count).sort();
  // Equal trigrams (and trigrams that share a hash) count once, as in a set.
  let n = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[n - 1]) sorted[n++] = sorted[i]!;
  return sorted.slice(0, n);
};

/** Trigrams two sorted sets share. */
export const sharedTrigrams = (a: Int32Array, b: Int32Array): number => {
  let i = 0;
  let j = 0;
  let both = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      both++;
      i++;
      j++;
    } else if (a[i]! < b[j]!) i++;
    else j++;
  }
  return both;
};

/** Jaccard index of two sorted trigram sets, 0..1. */
export const jaccard = (a: Int32Array, b: Int32Array): number => {
  const both = sharedTrigrams(a, b);
  const union = a.length + b.length - both;
  return union === 0 ? 0 : both / union;
};

/** Share of the smaller set found in the larger, 0..1: high when one mark sits inside the other
 *  (JAWS in JAWS DEVOUR YOUR HUNGER), where the Jaccard index is diluted by the longer mark. */
export const containment = (a: Int32Array, b: Int32Array, both = sharedTrigrams(a, b)): number => {
  const smaller = Math.min(a.length, b.length);
  return smaller === 0 ? 0 : both / smaller;
};

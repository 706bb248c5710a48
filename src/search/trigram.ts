// Trigram similarity as PostgreSQL's pg_trgm computes it: each word padded with two spaces before
// and one after, its trigrams collected into a set, two texts compared by the Jaccard index of
// their sets. A feature of the fused score (the naive scan beats edit distance on long shared
// beginnings and endings) and the evaluation's baseline.
import { fold } from './normalize.js';

/** pg_trgm's trigram set of a text, as sorted 32-bit hashes for a fast merge. */
export const trigramSet = (text: string): Int32Array => {
  const set = new Set<number>();
  for (const w of fold(text).split(/[^\p{L}\p{N}]+/u)) {
    if (!w) continue;
    const padded = `  ${w} `;
    for (let i = 0; i + 3 <= padded.length; i++) {
      let h = 0x811c9dc5;
      for (let k = i; k < i + 3; k++) h = Math.imul(h ^ padded.charCodeAt(k), 0x01000193);
      set.add(h | 0);
    }
  }
  return Int32Array.from(set).sort();
};

/** Jaccard index of two sorted trigram sets, 0..1. */
export const jaccard = (a: Int32Array, b: Int32Array): number => {
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
  const union = a.length + b.length - both;
  return union === 0 ? 0 : both / union;
};

// The naive baseline of the search evaluation: what PostgreSQL's pg_trgm does. Each word is padded
// with two spaces before and one after, its trigrams collected into a set, and every corpus mark is
// ranked by the Jaccard similarity of the two sets. No index, no channels: a full scan.
import { fold } from '../../src/search/normalize.js';

/** pg_trgm's trigram set of a text, as sorted ints for a fast merge. */
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

/** 1-based rank of `target` among `corpus` by Jaccard to the query, or null when it shares no
 *  trigram. Marks with the same score are split evenly before and after the target. */
export const trigramRank = (query: string, corpus: readonly Int32Array[], target: number): number | null => {
  const q = trigramSet(query);
  const t = jaccard(q, corpus[target]!);
  if (t === 0) return null;
  let above = 0;
  let ties = 0;
  for (let i = 0; i < corpus.length; i++) {
    if (i === target) continue;
    const s = jaccard(q, corpus[i]!);
    if (s > t) above++;
    else if (s === t) ties++;
  }
  return 1 + above + Math.floor(ties / 2);
};

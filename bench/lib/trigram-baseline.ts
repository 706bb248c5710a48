// The naive baseline of the search evaluation: what PostgreSQL's pg_trgm does. Each word is padded
// with two spaces before and one after, its trigrams collected into a set, and every corpus mark is
// ranked by the Jaccard similarity of the two sets. No index, no channels: a full scan. Also the
// coverage of a candidate set: how much of this scan's top 50 an index's candidates reach.
import { fold } from '../../src/search/normalize.js';
import { trigrams } from '../../src/search/qgram.js';

/** pg_trgm's trigram set of a text (src/search/qgram.ts), as sorted ints for a fast merge. */
export const trigramSet = (text: string): Int32Array => {
  const set = new Set<number>();
  for (const g of trigrams(fold(text))) {
    let h = 0x811c9dc5;
    for (let k = 0; k < 3; k++) h = Math.imul(h ^ g.charCodeAt(k), 0x01000193);
    set.add(h | 0);
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

/** Share of the scan's top `k` (marks sharing at least one trigram) that `candidates` holds. Marks
 *  tied with the k-th score are interchangeable: as many of them count as the top k has room for. */
export const topCoverage = (query: string, corpus: readonly Int32Array[], ids: readonly number[], candidates: ReadonlySet<number>, k = 50): number | null => {
  const q = trigramSet(query);
  const scored: [number, number][] = [];
  for (let i = 0; i < corpus.length; i++) {
    const s = jaccard(q, corpus[i]!);
    if (s > 0) scored.push([s, ids[i]!]);
  }
  if (!scored.length) return null;
  scored.sort((a, b) => b[0] - a[0]);
  const need = Math.min(k, scored.length);
  const floor = scored[need - 1]![0];
  let above = 0;
  let aboveFound = 0;
  let tiedFound = 0;
  for (const [s, id] of scored) {
    if (s > floor) {
      above++;
      if (candidates.has(id)) aboveFound++;
    } else if (s === floor && candidates.has(id)) tiedFound++;
    else if (s < floor) break;
  }
  return (aboveFound + Math.min(need - above, tiedFound)) / need;
};

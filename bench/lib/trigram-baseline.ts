// The naive baseline of the search evaluation: what PostgreSQL's pg_trgm does. Every corpus mark
// is ranked by the Jaccard similarity of its trigram set to the query's (src/search/trigram.ts).
// No index, no channels: a full scan. Also the rank of a target under any exhaustive score (the
// ceiling evaluation ranks every signal this way), and the coverage of a candidate set: how much
// of this scan's top 50 an index's candidates reach.
import { jaccard, trigramSet } from '../../src/search/trigram.js';

/** 1-based rank of `scores[target]` among all the scores, or null when it is 0 or less (the
 *  signal does not find it). `even` splits the marks with the same score evenly before and after
 *  the target, as the baseline does; `best` puts them all after it, the most a tie-break could give. */
export const rankOf = (scores: ArrayLike<number>, target: number): { even: number; best: number } | null => {
  const t = scores[target]!;
  if (!(t > 0)) return null;
  let above = 0;
  let ties = 0;
  for (let i = 0; i < scores.length; i++) {
    if (i === target) continue;
    const s = scores[i]!;
    if (s > t) above++;
    else if (s === t) ties++;
  }
  return { even: 1 + above + Math.floor(ties / 2), best: 1 + above };
};

/** 1-based rank of `target` among `corpus` by Jaccard to the query, or null when it shares no
 *  trigram. Marks with the same score are split evenly before and after the target. */
export const trigramRank = (query: string, corpus: readonly Int32Array[], target: number): number | null => {
  const q = trigramSet(query);
  return rankOf(corpus.map((c) => jaccard(q, c)), target)?.even ?? null;
};

/** Share of the scan's top `k` (marks sharing at least one trigram) that `candidates` holds, or null
 *  when no mark shares a trigram. Marks tied with the k-th score are interchangeable: as many of
 *  them count as the top k has room for. `ids[i]` names `corpus[i]` as `candidates` does. */
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
    if (s < floor) break;
    if (s > floor) {
      above++;
      if (candidates.has(id)) aboveFound++;
    } else if (candidates.has(id)) tiedFound++;
  }
  return (aboveFound + Math.min(need - above, tiedFound)) / need;
};

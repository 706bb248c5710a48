// The naive baseline of the search evaluation: what PostgreSQL's pg_trgm does. Every corpus mark
// is ranked by the Jaccard similarity of its trigram set to the query's (src/search/trigram.ts).
// No index, no channels: a full scan.
import { jaccard, trigramSet } from '../../src/search/trigram.js';

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

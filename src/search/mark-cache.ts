// A per-process cache of the marks' scoring forms (search_mark rows read back as an Analysis),
// keyed by mark id. Postings are read shortest marks first, so the same short marks are candidates
// for query after query; reading and splitting their rows again was a third of a search's CPU.
// The whole cache is dropped when the index's last_seq moves, so it never serves a stale form.
import type { MarkFormsRow } from '../store/search-repo.js';
import type { Analysis } from './analyze.js';

export interface MarkForms {
  mid: number;
  trademarkId: string;
  filingDate: string | null;
  a: Analysis;
}

const split = (s: string, sep: string): string[] => (s ? s.split(sep) : []);

export const toForms = (r: MarkFormsRow): MarkForms => {
  const nearWords = split(r[4], ' ');
  return {
    mid: r[0],
    trademarkId: r[1],
    filingDate: r[8],
    a: {
      folded: r[2],
      compact: r[3],
      near: nearWords.join(''),
      nearWords,
      skeleton: r[5],
      pcodes: split(r[6], ' '),
      wcodes: split(r[7], ';').map((w) => split(w, ' ')),
    },
  };
};

/** Marks kept per generation; two generations bound the cache at twice this (~100 MB at 1M marks). */
const GENERATION = 100_000;

/** Two generations approximate LRU without per-hit bookkeeping: a hit in the old one moves up. */
export const createMarkCache = (generation = GENERATION) => {
  let young = new Map<number, MarkForms>();
  let old = new Map<number, MarkForms>();
  let seq: string | null = null;

  const put = (f: MarkForms): void => {
    if (young.size >= generation) {
      old = young;
      young = new Map();
    }
    young.set(f.mid, f);
  };

  return {
    /** Drops everything when the index has changed since the cached forms were read. */
    validate(indexSeq: string | null): void {
      if (indexSeq === seq) return;
      young = new Map();
      old = new Map();
      seq = indexSeq;
    },
    /** The cached forms of `mids`, and the mids that must be read. */
    lookup(mids: readonly number[]): { found: MarkForms[]; missing: number[] } {
      const found: MarkForms[] = [];
      const missing: number[] = [];
      for (const mid of mids) {
        const f = young.get(mid);
        if (f) {
          found.push(f);
          continue;
        }
        const o = old.get(mid);
        if (o) {
          found.push(o);
          put(o);
        } else missing.push(mid);
      }
      return { found, missing };
    },
    add(rows: readonly MarkFormsRow[], into: MarkForms[]): void {
      for (const r of rows) {
        const f = toForms(r);
        put(f);
        into.push(f);
      }
    },
  };
};

// Finding owners by name: fuzzy candidates scored on their entity keys (legal form, case, accents
// and punctuation aside) by trigram similarity, and the resolution of a name the CLI was given
// (`tm owner show acme`) to one owner id, or a 400 listing the candidates.
import type { Context } from '../../context.js';
import { entityKey } from '../../core/entity-key.js';
import { idPrefix } from '../../core/ids.js';
import { TmError } from '../../errors.js';
import { jaccard, trigramSet } from '../../search/trigram.js';
import { timeBudget } from '../../search/budget.js';
import { MIN_WORD_CHARS, wordPrefixes } from '../../core/name-prefixes.js';

/** How many candidate owner records a search scores; the most-marks ones are kept first. */
export const CANDIDATES = 5_000;
/** Below this similarity a candidate is not a match. */
export const MIN_SCORE = 0.3;

export interface OwnerHit {
  owner_id: string;
  name: string;
  entity_id: string | null;
  trademark_count: number;
  offices: string[];
  score: number;
}

/**
 * The index prefixes a looked-up name reads (core/name-prefixes.ts: a word's first four characters
 * find "Acme" from "acmee" or "ACME Corp." from "acme"). A name with no word of two characters
 * (`%`, `_`, `a`) narrows nothing, so it is a 400 as a too-short search is, never a scan.
 */
const fragmentsOf = (q: string, key: string, param: string): string[] => {
  const fragments = wordPrefixes(key);
  if (fragments.length === 0) {
    throw new TmError('validation_error', `'${q}' has no word of at least ${MIN_WORD_CHARS} letters or digits to look a name up by.`, {
      param,
      suggestion: `Give a longer part of the name, or the party's id.`,
    });
  }
  return fragments;
};

/** Between looks at the request budget, candidates scored. */
const BUDGET_SLICE = 256;

/** Scores candidates inside the request budget; past it the lookup is a 503, as a search is. */
export const scoreWithin = <R, H>(ctx: Context, rows: readonly R[], hit: (row: R) => H | null): H[] => {
  const budget = timeBudget(ctx.config.requestBudgetMs);
  const hits: H[] = [];
  for (let i = 0; i < rows.length; i++) {
    if (i % BUDGET_SLICE === 0 && budget.spent()) {
      throw new TmError('service_unavailable', `The name lookup ran past its time budget of ${ctx.config.requestBudgetMs} ms.`, {
        suggestion: 'Give more of the name, or the id.',
      });
    }
    const h = hit(rows[i]!);
    if (h) hits.push(h);
  }
  return hits;
};

/** A near spelling of one word of a longer name ranks below names holding the query's words exactly (0.9). */
const WINDOW_CAP = 0.85;

/** The best similarity of the query to a run of as many consecutive words of the name: "oracel" finds "Oracle America". */
const windowScore = (qSet: Int32Array, key: string, name: string): number => {
  const n = key.split(' ').length;
  const words = name.split(' ');
  let best = 0;
  for (let i = 0; i + n < words.length + 1 && words.length > n; i++) best = Math.max(best, jaccard(qSet, trigramSet(words.slice(i, i + n).join(' '))));
  return best;
};

/**
 * How like `q` a name is, on keys made by `keyOf` (entity keys for owners and firms): 1 for the same
 * key, else the trigram similarity of the keys (or of the query and a run of as many words of the
 * name), raised to 0.9 when one key contains the other as whole words.
 */
export const nameScorer = (q: string, param: string, keyOf: (name: string) => string = entityKey) => {
  const key = keyOf(q);
  const qSet = trigramSet(key);
  return {
    fragments: fragmentsOf(q, key, param),
    score: (name: string): number => {
      const k = keyOf(name);
      const contains = ` ${k} `.includes(` ${key} `) || ` ${key} `.includes(` ${k} `);
      const score = k === key ? 1 : Math.max(contains ? 0.9 : 0, jaccard(qSet, trigramSet(k)), Math.min(WINDOW_CAP, windowScore(qSet, key, k)));
      return Math.round(score * 1000) / 1000;
    },
  };
};

/** Owners whose name is like `q` (nameScorer), best first, then most marks. */
export const findOwners = async (ctx: Context, q: string, param = 'q'): Promise<OwnerHit[]> => {
  const scorer = nameScorer(q, param);
  const rows = await ctx.store.parties.ownersContaining(scorer.fragments, CANDIDATES);
  const hits = scoreWithin(ctx, rows, (r): OwnerHit | null => {
    const score = scorer.score(r.name);
    return score >= MIN_SCORE
      ? { owner_id: r.owner_id, name: r.name, entity_id: r.entity_id, trademark_count: r.trademark_count, offices: r.offices.split(',').filter(Boolean).sort(), score }
      : null;
  });
  return hits.sort((a, b) => b.score - a.score || b.trademark_count - a.trademark_count || a.owner_id.localeCompare(b.owner_id));
};

/**
 * An own_ id, or a name resolved to the one owner record whose entity key equals the name's (or the
 * one whose name holds it as whole words). Several, or only near spellings, are a 400 naming the
 * candidates, never a guess.
 */
export const resolveOwnerRef = async (ctx: Context, ref: string, param: string): Promise<string> => {
  if (idPrefix(ref) === 'own_') return ref;
  if (idPrefix(ref) !== null) throw new TmError('id_type_mismatch', `'${ref}' is not an owner id; owner ids start with own_.`, { param });
  const hits = await findOwners(ctx, ref, param);
  const exact = hits.filter((h) => h.score === 1);
  const close = hits.filter((h) => h.score >= 0.9);
  const pick = exact.length > 0 ? exact : close.length > 0 ? close : hits;
  if (pick.length === 1 && pick[0]!.score >= 0.9) return pick[0]!.owner_id;
  if (pick.length === 0) throw new TmError('not_found', `No owner named like '${ref}'.`, { param, suggestion: 'Search with `tm owners search`.' });
  const list = pick.slice(0, 5).map((h) => `${h.owner_id} (${h.name}, ${h.offices.join('/')}, ${h.trademark_count} marks)`).join('; ');
  throw new TmError('validation_error', `'${ref}' ${pick[0]!.score >= 0.9 ? 'matches' : 'is only near'} ${pick.length} owner${pick.length === 1 ? '' : 's'}: ${list}${pick.length > 5 ? '; …' : ''}.`, {
    param,
    suggestion: exact.length > 1 ? `Pass one own_ id, or read them together as their entity (${exact[0]!.entity_id ?? 'tm entity show'}).` : 'Pass one own_ id or the exact name.',
  });
};

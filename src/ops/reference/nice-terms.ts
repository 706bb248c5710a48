// Goods-and-services term lookup over the Nice alphabetical list: finds the listed terms a
// description matches, ranked so the wording an examiner would accept comes first.
import { z } from 'zod';
import type { NiceTerm } from '../../core/reference-data.js';
import { fold, singular, words } from '../../search/normalize.js';

/** How a term matched, best first. */
export const TermMatch = z.enum(['basic_number', 'exact', 'starts_with', 'words', 'prefix', 'contains']);
export type TermMatch = z.infer<typeof TermMatch>;

export interface TermHit extends NiceTerm {
  match: TermMatch;
}

interface IndexedTerm {
  term: NiceTerm;
  /** The term and its `/`-separated spelling variants (e.g. `activated carbon / activated charcoal`). */
  variants: string[];
  tokens: Set<string>;
}

const keyWords = (text: string): string[] => words(fold(text)).map(singular);

export const indexTerms = (terms: readonly NiceTerm[]): IndexedTerm[] =>
  terms.map((term) => ({
    term,
    variants: term.term.split(' / ').map((v) => keyWords(v).join(' ')),
    tokens: new Set(keyWords(term.term)),
  }));

const matchOf = (entry: IndexedTerm, phrase: string, tokens: readonly string[]): TermMatch | null => {
  if (entry.variants.includes(phrase)) return 'exact';
  if (entry.variants.some((v) => v.startsWith(`${phrase} `))) return 'starts_with';
  if (tokens.every((t) => entry.tokens.has(t))) return 'words';
  const termWords = [...entry.tokens];
  if (tokens.every((t) => termWords.some((w) => w.startsWith(t)))) return 'prefix';
  // Compounds: `phone` should find `smartphones`, `light` find `headlights`.
  if (tokens.every((t) => termWords.some((w) => w.includes(t)))) return 'contains';
  return null;
};

/**
 * Terms matching `query`: a 6-digit basic number, or words that must all occur in the term, whole,
 * as the start of a word, or inside a compound. Exact wording ranks first, then terms starting with
 * the query, whole words, word starts and compounds; ties go to current-edition, shorter terms.
 */
export const searchTerms = (
  index: readonly IndexedTerm[],
  query: string,
  options: { niceClass?: number; currentEdition: string; includeEarlier: boolean },
): TermHit[] => {
  const trimmed = query.trim();
  const byNumber = /^\d{6}$/.test(trimmed);
  const tokens = keyWords(trimmed);
  const phrase = tokens.join(' ');
  if (!byNumber && tokens.length === 0) return [];
  const hits: TermHit[] = [];
  for (const entry of index) {
    const { term } = entry;
    if (options.niceClass !== undefined && term.class !== options.niceClass) continue;
    if (!options.includeEarlier && term.edition !== options.currentEdition) continue;
    const match = byNumber ? (term.basic_number === trimmed ? 'basic_number' : null) : matchOf(entry, phrase, tokens);
    if (match) hits.push({ ...term, match });
  }
  const current = (t: NiceTerm) => (t.edition === options.currentEdition ? 0 : 1);
  return hits.sort(
    (a, b) =>
      TermMatch.options.indexOf(a.match) - TermMatch.options.indexOf(b.match) ||
      current(a) - current(b) ||
      a.term.length - b.term.length ||
      a.class - b.class ||
      a.term.localeCompare(b.term),
  );
};

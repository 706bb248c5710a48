// Nice classification of goods and services text: class predictions, the closest accepted terms
// per class, and item-by-item validation against the alphabetical list (docs/clearance.md).
import type { NiceDoc, NiceIndex } from './nice-index.js';
import { stems, termKey } from './nice-index.js';
import { broaderTerms } from './wordnet.js';
import { fold, singular, words } from '../search/normalize.js';

/** The items of a specification: `;` separates items, as offices write them. */
export const splitItems = (text: string): string[] =>
  text
    .split(/[;\n]+/)
    .map((s) => s.replace(/^\s*(and|namely)\s+/i, '').replace(/[.\s]+$/, '').trim())
    .filter((s) => /\p{L}/u.test(s));

/** Items read per text: a longer specification is classified on its first items (bounded work). */
export const ITEMS_MAX = 60;
/** Hits per item that vote for a class. */
const HITS_PER_ITEM = 8;
// Tuned on the tune split of data/clearance/classify-cases.json (bench/eval-classify.ts).
const SEARCH = { prefix: (t: string) => t.length > 4, fuzzy: 0.25, combineWith: 'OR' as const, boost: {}, weights: { fuzzy: 0.3, prefix: 0.5 } };

interface Hit {
  doc: NiceDoc;
  score: number;
}

const hitsFor = (index: NiceIndex, item: string, limit = HITS_PER_ITEM): Hit[] =>
  index.search
    .search(item, SEARCH)
    .slice(0, limit)
    .map((r) => ({ doc: index.docs[r.id as number]!, score: r.score }));

export interface Prediction {
  class: number;
  confidence: number;
  description: string;
}

/** Class scores of one item: each item casts one vote, split over its hits' classes by score. */
const itemVotes = (hits: readonly Hit[]): Map<number, number> => {
  const votes = new Map<number, number>();
  const total = hits.reduce((s, h) => s + h.score, 0);
  if (total === 0) return votes;
  for (const h of hits) votes.set(h.doc.class, (votes.get(h.doc.class) ?? 0) + h.score / total);
  return votes;
};

/** The head of an item: the goods before what they are for, made of or featuring ("adhesives" in
 *  "adhesives for bonding wood, leather"), which names the class far more often than the rest. */
export const headOf = (item: string): string =>
  item.split(/\s+(?:for|namely|in the nature of|used|being|with|featuring|that|which|of the type|sold|to be)\b|[,:(]/i)[0]!.trim();

const HEAD_WEIGHT = 3;
// Tuned on the tune split (bench/eval-classify.ts --tune), as the settings above.
/** An item naming services rarely belongs in a goods class (1-34): their votes count this much. */
const SERVICE_GOODS_WEIGHT = 0.1;
/** A head noun held by fewer indexed terms than this is widened through WordNet (wordnet.ts). */
const RARE_STEM = 3;
/** Weight of the widened head noun's votes. */
const BROADER_WEIGHT = 1;

/** The head's last word, singular: the noun the goods are ("blouses" in "silk blouses for women"). */
const headNoun = (head: string): string => singular(words(fold(head)).at(-1) ?? '');

export const classify = (index: NiceIndex, text: string, topK: number): Prediction[] => {
  const items = splitItems(text).slice(0, ITEMS_MAX);
  const scores = new Map<number, number>();
  for (const item of items) {
    const services = /\bservices?\b/i.test(item);
    const add = (votes: Map<number, number>, weight: number) => {
      for (const [c, v] of votes) scores.set(c, (scores.get(c) ?? 0) + v * weight * (services && c < 35 ? SERVICE_GOODS_WEIGHT : 1));
    };
    const exact = index.exact.get(termKey(item));
    if (exact) {
      add(new Map(exact.map((d) => [d.class, 1 / exact.length])), 1 + HEAD_WEIGHT);
      continue;
    }
    add(itemVotes(hitsFor(index, item)), 1);
    const head = headOf(item);
    if (head && head !== item) add(itemVotes(hitsFor(index, head)), HEAD_WEIGHT);
    // The alphabetical list misses many everyday nouns (blouses, lager, denims): such a head noun
    // votes through its synonyms and broader terms instead.
    const noun = headNoun(head || item);
    const stem = stems(noun)[0];
    if (stem && (index.stemDocs.get(stem) ?? 0) < RARE_STEM) {
      const wider = broaderTerms(noun);
      if (wider.length) add(itemVotes(hitsFor(index, wider.join(' '))), BROADER_WEIGHT);
    }
  }
  const sum = [...scores.values()].reduce((s, v) => s + v, 0);
  return [...scores.entries()]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, topK)
    .map(([c, v]) => ({ class: c, confidence: Math.round((v / sum) * 1000) / 1000, description: index.headings.get(c) ?? '' }));
};

export interface TermSuggestion {
  class: number;
  term: string;
  basic_number: string;
  score: number;
}

/** The closest accepted terms (alphabetical list only), at most `perClass` per class. */
export const suggestTerms = (index: NiceIndex, text: string, opts: { perClass: number; limit: number; classes?: readonly number[] }): TermSuggestion[] => {
  const perClass = new Map<number, number>();
  const out: TermSuggestion[] = [];
  const hits = hitsFor(index, text, 200);
  const top = hits[0]?.score ?? 1;
  for (const h of hits) {
    if (h.doc.basic_number === null) continue;
    if (opts.classes?.length && !opts.classes.includes(h.doc.class)) continue;
    const n = perClass.get(h.doc.class) ?? 0;
    if (n >= opts.perClass) continue;
    perClass.set(h.doc.class, n + 1);
    out.push({ class: h.doc.class, term: h.doc.term, basic_number: h.doc.basic_number, score: Math.round((h.score / top) * 1000) / 1000 });
    if (out.length >= opts.limit) break;
  }
  return out;
};

// Wordings that name no goods: examiners reject them as indefinite (TMEP 1402.03, EUIPO Guidelines
// on class headings and vague terms).
const VAGUE = [
  /\ball (the )?(goods|services|products)\b/i,
  /\b(goods|services|products) in class\b/i,
  /\bclass \d+\b/i,
  /\b(etc|and the like|and similar|or similar|and so on|miscellaneous)\b/i,
  /\bincluding(,)? but not limited to\b/i,
  /^(goods|services|products|articles|accessories|equipment|merchandise|items)$/i,
];

export type Verdict =
  | { status: 'accepted'; term: string; term_id: string; class: number }
  | { status: 'close_match'; suggestions: TermSuggestion[] }
  | { status: 'not_acceptable'; reason: 'too_vague' | 'wrong_class' | 'no_match'; detail: string; suggestions: TermSuggestion[] };

/** One item of a goods list: an accepted term, a close match with suggestions, or not acceptable with the reason. */
export const validateItem = (index: NiceIndex, item: string, niceClass: number | null): Verdict => {
  const vague = VAGUE.find((re) => re.test(item));
  if (vague) return { status: 'not_acceptable', reason: 'too_vague', detail: `'${item}' does not name specific goods or services.`, suggestions: [] };
  const exact = index.exact.get(termKey(item));
  if (exact) {
    const match = exact.find((d) => niceClass === null || d.class === niceClass);
    if (match) return { status: 'accepted', term: match.term, term_id: match.basic_number!, class: match.class };
    const classes = [...new Set(exact.map((d) => d.class))];
    return {
      status: 'not_acceptable',
      reason: 'wrong_class',
      detail: `'${item}' is an accepted term of class ${classes.join(', ')}, not class ${niceClass}.`,
      suggestions: exact.map((d) => ({ class: d.class, term: d.term, basic_number: d.basic_number!, score: 1 })),
    };
  }
  const suggestions = suggestTerms(index, item, { perClass: 3, limit: 5, classes: niceClass === null ? undefined : [niceClass] });
  if (suggestions.length) return { status: 'close_match', suggestions };
  const elsewhere = suggestTerms(index, item, { perClass: 2, limit: 5 });
  return {
    status: 'not_acceptable',
    reason: elsewhere.length && niceClass !== null ? 'wrong_class' : 'no_match',
    detail: elsewhere.length && niceClass !== null ? `No term of class ${niceClass} is close to '${item}'; it reads as class ${elsewhere[0]!.class}.` : `No accepted term is close to '${item}'.`,
    suggestions: elsewhere,
  };
};

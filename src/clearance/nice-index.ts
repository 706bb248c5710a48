// The Nice term index behind classification: the 10,029 terms of the alphabetical list and the
// class headings' indications, in MiniSearch with Porter-stemmed tokens (natural), plus exact
// lookup of an accepted wording. Built from data/nice only, once per process.
import MiniSearch from 'minisearch';
import PorterStemmer from 'natural/lib/natural/stemmers/porter_stemmer.js';
import type { NiceClass, NiceTerm } from '../core/reference-data.js';
import { fold, singular, words } from '../search/normalize.js';

// Words that carry no goods meaning in a specification.
const STOP = new Set(
  'a an and as at by for from in into namely of on or the to with being all its their such other including use used thereof therefor featuring via'.split(' '),
);

/** Folded, singular word tokens of a wording: the form accepted terms are compared in. */
export const termKey = (text: string): string => words(fold(text)).map(singular).join(' ');

/** Stemmed content tokens, as indexed and queried. */
export const stems = (text: string): string[] =>
  words(fold(text))
    .filter((w) => !STOP.has(w) && !/^\d+$/.test(w))
    .map((w) => PorterStemmer.stem(w));

export interface NiceDoc {
  id: number;
  class: number;
  term: string;
  /** Basic number for alphabetical-list terms; null for heading indications. */
  basic_number: string | null;
}

export interface NiceIndex {
  search: MiniSearch<NiceDoc>;
  docs: NiceDoc[];
  /** termKey of each `/` variant of a current term → the term. */
  exact: Map<string, NiceDoc[]>;
  headings: Map<number, string>;
  /** How many indexed terms hold each stem: a word the list barely names is widened (wordnet.ts). */
  stemDocs: Map<string, number>;
  edition: string;
}

/** One query term's scored documents, as MiniSearch keeps them between scoring and ranking. */
type TermResults = Map<number, { score: number; terms: string[]; match: Record<string, string[]> }>;
interface QuerySpec {
  term: string;
  prefix: boolean;
  fuzzy: number | boolean;
  termBoost: number;
}
interface TermScorer {
  executeQuerySpec?: (query: QuerySpec, options: { boostDocument?: unknown; weights?: unknown; maxFuzzy?: number; bm25?: unknown; boost?: unknown; fields?: unknown }) => TermResults;
}
/** Query terms kept; the list's vocabulary is a few thousand stems, a term's results some 50 documents. */
const TERM_MEMO_MAX = 20_000;

/**
 * MiniSearch scores each query term on its own (fuzzy and prefix expansion over the term tree,
 * then BM25 per document) before it merges the terms: that was nearly all of a classification.
 * The index never changes once built, so a term's scores are kept per process, keyed by the term
 * and the search options, and handed out as copies (the merge changes the first term's entries
 * in place). Same results, computed once per term. Off if MiniSearch's internals change shape.
 */
const memoizeTerms = (search: MiniSearch<NiceDoc>): void => {
  const engine = search as unknown as TermScorer;
  const score = engine.executeQuerySpec?.bind(search);
  if (!score) return;
  let memo = new Map<string, TermResults>();
  engine.executeQuerySpec = (query, options) => {
    if (options.boostDocument) return score(query, options);
    const key = JSON.stringify([query.term, query.prefix, query.fuzzy, query.termBoost, options.weights, options.maxFuzzy, options.bm25, options.boost, options.fields]);
    let results = memo.get(key);
    if (!results) {
      if (memo.size >= TERM_MEMO_MAX) memo = new Map();
      memo.set(key, (results = score(query, options)));
    }
    const copy: TermResults = new Map();
    for (const [id, r] of results) copy.set(id, { score: r.score, terms: [...r.terms], match: { ...r.match } });
    return copy;
  };
};

export const buildNiceIndex = (terms: readonly NiceTerm[], classes: readonly NiceClass[], edition: string): NiceIndex => {
  const docs: NiceDoc[] = [];
  const exact = new Map<string, NiceDoc[]>();
  for (const t of terms) {
    if (t.edition !== edition) continue;
    const doc = { id: docs.length, class: t.class, term: t.term, basic_number: t.basic_number };
    docs.push(doc);
    for (const variant of t.term.split(' / ')) {
      const key = termKey(variant.replace(/\*$/, ''));
      exact.set(key, [...(exact.get(key) ?? []), doc]);
    }
  }
  // Heading indications ("Clothing, footwear, headwear") also describe their class.
  for (const c of classes)
    for (const part of c.heading.replace(/\.$/, '').split(/;\s*/))
      if (part.trim()) docs.push({ id: docs.length, class: c.number, term: part.trim(), basic_number: null });
  const search = new MiniSearch<NiceDoc>({
    fields: ['term'],
    storeFields: ['class', 'term', 'basic_number'],
    tokenize: (text) => words(fold(text)),
    processTerm: (w) => (STOP.has(w) || /^\d+$/.test(w) ? null : PorterStemmer.stem(w)),
  });
  search.addAll(docs);
  memoizeTerms(search);
  const stemDocs = new Map<string, number>();
  for (const d of docs) for (const st of new Set(stems(d.term))) stemDocs.set(st, (stemDocs.get(st) ?? 0) + 1);
  return { search, docs, exact, headings: new Map(classes.map((c) => [c.number, c.heading])), stemDocs, edition };
};

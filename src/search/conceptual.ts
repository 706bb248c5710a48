// The `conceptual` channel: marks that mean the same thing in other words. A word is read through
// data/conceptual/equivalents.tsv.gz (FreeDict foreign equivalents into English, WordNet synonyms,
// close hypernyms and siblings, number words) and apertium-spa-eng.tsv.gz (Spanish words and
// phrases): LUPO means WOLF, EL SOL means SUN, SEIS is 6, BUENOS DIAS is GOOD MORNING.
// Articles and particles carry no meaning here. The table (packed: conceptual-table.ts) is opened on
// the first conceptual query.
import { loadTable, SECTION_NAMES, type Section, type SectionName } from './conceptual-table.js';
import { fold, nearKey, words } from './normalize.js';

interface Table {
  foreign: Section;
  synonyms: Section;
  siblings: Section;
  numbers: Section;
  reverse: { foreign: Section; synonyms: Section; siblings: Section; numbers: Section };
}

/** Articles, prepositions and conjunctions of English and the seven languages: EL SOL is SUN. */
const PARTICLES = new Set(
  ('the a an of and or to in on at by for with ' + 'el la los las lo un una unos unas de del y e o al en con por para ' +
    'le les l une des du au aux et ou dans sur pour ' + 'der die das den dem des ein eine einen einem einer und oder von zu im am mit fur ' +
    'il gli i uno di da dei della delle con per ed ' + 'os as um uma do da dos das no na nos nas em ' + 'het een van en op te ' + 'et ac in cum ad').split(' '),
);
/** Expansions kept per query word, so a common word cannot flood the candidates. */
const MAX_EXPANSIONS = 80;
const COMPOUND_PART = 3;

let table: Table | undefined;

/** The Apertium entries are a file of their own (GPL 2, kept apart from the GPL 3 glosses), packed
 *  on its own (conceptual-table.ts): its values follow the glosses' for the same word. */
const withApertium = (packed: Record<SectionName, Section>): Record<SectionName, Section> => {
  const extra = loadTable('apertium-spa-eng');
  const merged = { ...packed };
  for (const name of SECTION_NAMES) {
    const [base, more] = [packed[name], extra[name]];
    merged[name] = {
      has: (k) => base.has(k) || more.has(k),
      get: (k) => {
        const a = base.get(k);
        const b = more.get(k);
        return a !== undefined && b !== undefined ? `${a} ${b}` : (a ?? b);
      },
    };
  }
  return merged;
};

const load = (): Table => {
  if (table) return table;
  const t = withApertium(loadTable());
  table = {
    foreign: t.foreign, synonyms: t.synonyms, siblings: t.siblings, numbers: t.numbers,
    reverse: { foreign: t['foreign-reverse'], synonyms: t['synonyms-reverse'], siblings: t['siblings-reverse'], numbers: t['numbers-reverse'] },
  };
  return table;
};

const values = (m: Section, k: string): string[] => m.get(k)?.split(' ') ?? [];

const known = (t: Table, w: string): boolean => t.foreign.has(w) || t.synonyms.has(w) || t.numbers.has(w);

/** Romance endings tried for a word the table lacks: a plural (BUENOS, DIAS), or a feminine or
 *  plural ending of an adjective listed in the masculine singular (NERA, NERI, NERE: nero). */
const INFLECTIONS: ReadonlyArray<[string, string]> = [['s', ''], ['es', ''], ['a', 'o'], ['e', 'o'], ['i', 'o'], ['i', 'e'], ['as', 'o'], ['os', 'o']];

/** The word as the table knows it: itself, or without an inflection ending; null when unknown.
 *  Plain string ends, not regular expressions: every coined word of a mark (most of them) is
 *  tried here at each place it could split, once per process. */
const lemma = (t: Table, w: string): string | null => {
  if (known(t, w)) return w;
  // An English gloss takes a plural ending only: SEA is an English word, not SEO (Spanish, a
  // cathedral) in the feminine.
  const english = t.reverse.foreign.has(w);
  for (const [ending, base] of INFLECTIONS) {
    if (!w.endsWith(ending) || (english && base)) continue;
    const v = w.slice(0, w.length - ending.length) + base;
    if (v.length >= 2 && known(t, v)) return v;
  }
  return null;
};

/** Per-word results kept per process (the table never changes): the words of marks repeat from
 *  mark to mark, and splitting and reading each one again was most of the channel's scoring time.
 *  A memo is emptied when it reaches MEMO_MAX words. */
const MEMO_MAX = 100_000;
const memo = <T>(f: (w: string) => T): ((w: string) => T) => {
  let seen = new Map<string, T>();
  return (w) => {
    let v = seen.get(w);
    if (v === undefined) {
      if (seen.size >= MEMO_MAX) seen = new Map();
      seen.set(w, (v = f(w)));
    }
    return v;
  };
};

/** Whether a word is an ordinary word of one of the table's languages (itself or inflected):
 *  ORANGE, TOBACCO and VIDA are; TALENTIA and GALEMOTOR are not. */
export const isDictionaryWord = memo((w: string): boolean => lemma(load(), w) !== null);

/** One word's content words: none for a particle, its lemma, or the two known words of a compound. */
const wordContent = memo((w: string): readonly string[] => {
  if (PARTICLES.has(w)) return [];
  const t = load();
  const l = lemma(t, w);
  if (l || w.length < 2 * COMPOUND_PART) return [l ?? w];
  for (let i = COMPOUND_PART; i <= w.length - COMPOUND_PART; i++) {
    const a = lemma(t, w.slice(0, i));
    const b = a && lemma(t, w.slice(i));
    if (a && b) return [a, b];
  }
  return [w];
});

/** The content words of a mark, compounds of two known words split (MARAZUL: MAR AZUL). */
export const contentWords = (text: string): string[] => words(fold(text)).flatMap(wordContent);

/** Two words the table knows as one phrase, written with `_` (buenos_dias, bell_tower): the
 *  dictionaries translate some phrases whole (BUENOS DIAS: GOOD MORNING). */
const PHRASE = '_';
const knownPhrase = memo((p: string): boolean => {
  const t = load();
  return t.foreign.has(p) || t.reverse.foreign.has(p);
});

/** What the conceptual lane compares: each content word, and each pair of adjacent words of the
 *  mark that the table knows as a phrase; `at` lists the content words a unit stands for. */
export interface Unit { word: string; meaning: Meaning; at: readonly number[] }
export interface Concepts { n: number; units: Unit[] }

const unitsOf = (text: string): Concepts => {
  const raw = words(fold(text)).filter((w) => !PARTICLES.has(w));
  const units: Unit[] = [];
  const spans: number[][] = [];
  let n = 0;
  for (const w of raw) {
    const span: number[] = [];
    for (const c of wordContent(w)) {
      units.push({ word: c, meaning: meaningOf(c), at: [n] });
      span.push(n++);
    }
    spans.push(span);
  }
  for (let i = 0; i + 1 < raw.length; i++) {
    const p = raw[i] + PHRASE + raw[i + 1];
    if (knownPhrase(p)) units.push({ word: p, meaning: meaningOf(p), at: [...spans[i]!, ...spans[i + 1]!] });
  }
  return { n, units };
};

/** The words and phrases of a mark whose equivalents the channel looks up. */
export const conceptTerms = (text: string): string[] => unitsOf(text).units.map((u) => u.word);

/** What a word means: itself, its English glosses and its numeral. */
const base = (t: Table, w: string): string[] => [w, ...values(t.foreign, w), ...values(t.numbers, w)];
const widen = (list: readonly string[], m: Section): string[] => list.flatMap((e) => values(m, e));

export interface Meaning {
  base: Set<string>;
  strong: Set<string>;
  weak: Set<string>;
}

/** What a word means, shared by every mark with the word: read it, never change it. */
export const meaningOf = memo((w: string): Meaning => {
  const t = load();
  const b = base(t, w);
  // Synonyms and siblings of the word and of its first gloss only: a later gloss is often a rare
  // sense, and its synonyms a second hop away (BANALE, dismal, BLUE) that crowded textual hits out.
  const near = [w, ...values(t.foreign, w).slice(0, 1), ...values(t.numbers, w)];
  return { base: new Set(b), strong: new Set([...b, ...widen(near, t.synonyms)]), weak: new Set(widen(near, t.siblings)) };
});

const meets = (a: ReadonlySet<string>, b: ReadonlySet<string>): boolean => {
  for (const x of a) if (b.has(x)) return true;
  return false;
};

/** 2 when the words mean the same (translation, synonym, number), 1 for close siblings, else 0. */
export const sameMeaning = (x: Meaning, y: Meaning): 0 | 1 | 2 =>
  meets(x.strong, y.base) || meets(x.base, y.strong) ? 2 : meets(x.weak, y.base) || meets(x.base, y.weak) ? 1 : 0;

/** sameMeaning of a unit of the query and a candidate's words, kept per query unit: a search meets
 *  the same candidate words (GROUP, SUN) in mark after mark, and each meeting walked the sets of
 *  synonyms again. A word's meaning is fixed (the table never changes), so the word is the key. */
const unitMemo = new WeakMap<Unit, Map<string, 0 | 1 | 2>>();
const memoOf = (x: Unit): Map<string, 0 | 1 | 2> => {
  let seen = unitMemo.get(x);
  if (!seen || seen.size >= MEMO_MAX) unitMemo.set(x, (seen = new Map()));
  return seen;
};

/** Near forms of the words that could mean what `w` means: the keys the channel looks up. */
export const equivalentWords = memo((w: string): readonly string[] => {
  const t = load();
  const m = meaningOf(w);
  const out = new Set<string>();
  for (const e of [...m.strong, ...m.weak]) {
    out.add(e);
    for (const r of [t.reverse.foreign, t.reverse.synonyms, t.reverse.siblings, t.reverse.numbers]) for (const x of values(r, e)) out.add(x);
    if (out.size > MAX_EXPANSIONS) break;
  }
  out.delete(w);
  return [...out].slice(0, MAX_EXPANSIONS).map((e) => nearKey(e.replace(PHRASE, ' '))).filter((k) => k.length >= 2);
});

/** A word the table knows nothing of, in either direction: it means the same as no other word
 *  (a shared literal word is the embedded lane's), so it can never make the lane. */
const inert = memo((w: string): boolean => {
  const t = load();
  return !known(t, w) && !t.siblings.has(w) && !Object.values(t.reverse).some((m) => m.has(w));
});

interface HasConcepts { folded: string; concepts?: Concepts }

/** A mark's words and phrases with their meanings, computed once per analysis. */
const conceptsOf = (a: HasConcepts): Concepts => (a.concepts ??= unitsOf(a.folded));

/** Scores on tune (docs/search.md): the same meaning for every word on both sides scores 0.9, so
 *  LUPO/WOLF is `similar`; half the words, 0.7 (`related`). Close siblings only reach `related`. */
const SAME = { floor: 0.5, span: 0.4 };
const SIBLING = { floor: 0.5, span: 0.15 };
const MIN_COVER = 0.5;

/** The conceptual lane: share of words on each side that mean the same as a word on the other,
 *  when at least one of them does so in other words (a shared literal word is the embedded lane's). */
export const conceptualLane = (q: HasConcepts, c: HasConcepts): number => {
  const qs = conceptsOf(q);
  // Most marks are coined words: then no candidate's words need reading at all.
  if (qs.units.every((x) => inert(x.word))) return -1;
  const cs = conceptsOf(c);
  if (!cs.n) return -1;
  // The content words on each side that mean the same as a word or phrase on the other, and
  // those that are only close siblings: made for the first word that does (most pairs have none).
  let met: { strongQ: Set<number>; strongC: Set<number>; weakQ: Set<number>; weakC: Set<number> } | null = null;
  let translated = false;
  let sibling = false;
  for (const x of qs.units) {
    const seen = memoOf(x);
    for (const y of cs.units) {
      let m = x.word === y.word ? 2 : seen.get(y.word);
      if (m === undefined) seen.set(y.word, (m = sameMeaning(x.meaning, y.meaning)));
      if (m === 0) continue;
      met ??= { strongQ: new Set(), strongC: new Set(), weakQ: new Set(), weakC: new Set() };
      for (const i of x.at) (m === 2 ? met.strongQ : met.weakQ).add(i);
      for (const j of y.at) (m === 2 ? met.strongC : met.weakC).add(j);
      if (m === 2 && x.word !== y.word) translated = true;
      if (m === 1) sibling = true;
    }
  }
  // Either return below needs a word that means the same, or a sibling.
  if (!met) return -1;
  const { strongQ, strongC, weakQ, weakC } = met;
  const same = Math.min(strongQ.size / qs.n, strongC.size / cs.n);
  const close = Math.min(new Set([...strongQ, ...weakQ]).size / qs.n, new Set([...strongC, ...weakC]).size / cs.n);
  // One word in three meaning the same (ACES in ACES HIGH ONLINE, ONE in TINKLINGLY ONE) is no
  // likeness of the marks: at least half the words on each side must share their meaning.
  if (translated && same >= MIN_COVER) return SAME.floor + SAME.span * same;
  if ((translated || sibling) && close >= MIN_COVER) return SIBLING.floor + SIBLING.span * close;
  return -1;
};

// The ways a mark is usually copied, each a "family" with the tier it reaches and the plain words
// that explain it: the same letters, a split or joined word, a plural, one edit or a transposition,
// two edits in a longer mark, a homophone spelling, a letter or number said by its name, look-alike
// letters, and one mark whole inside the other. The judgement (src/search/judge.ts) reads the
// family of a pair beside its fused score; docs/search.md lists the families and their rules.
import type { MatchTier } from '../core/schemas/trademark.js';
import type { Analysis, Channel } from './analyze.js';
import { commonPrefix, osa, soundOsa } from './distance.js';
import { skeleton } from './lookalike.js';
import { isDictionaryWord } from './conceptual.js';
import { commonnessOf } from './fusion.js';
import { collapseRepeats, numberCanon, singular, webName, words } from './normalize.js';

export const FAMILY_NAMES = ['same_text', 'split_join', 'plural', 'one_edit', 'transposition', 'two_edits', 'homophone', 'letter_name', 'lookalike', 'contains'] as const;
export type FamilyName = (typeof FAMILY_NAMES)[number];

export interface Family {
  family: FamilyName;
  tier: MatchTier;
  /** Plain words for a person: "sounds the same: PH and F". */
  reason: string;
}

/** Marks shorter than this (letters and digits) are a letter away from too many others for one
 *  edit to make them near-identical (CAT/CAR); chosen on tune (docs/search.md). */
export const ONE_EDIT_MIN = 5;
/** Two edits make a copy only in a mark at least this long (the longer of the two); at 8, tune's
 *  labelled false alarms held BLACKOUT/BLACK CAT and FULLSTAR/FULL STK. */
export const TWO_EDITS_MIN = 9;
/** A mark inside another counts from this many letters, on word boundaries or at either end. */
export const CONTAINED_MIN = 4;

/** Words as written (folded, the web form dropped), before plurals and number words are evened out.
 *  Split once per Analysis, as the other forms below: a search compares its query with every
 *  candidate, and a cached candidate meets many queries. */
const rawWords = (a: Analysis): readonly string[] => (a.rawWords ??= words(webName(a.folded)));
export const foldedWords = (a: Analysis): readonly string[] => (a.foldedWords ??= words(a.folded));

const pairwise = (x: readonly string[], y: readonly string[], same: (a: string, b: string) => boolean): boolean =>
  x.length === y.length && x.every((w, i) => same(w, y[i]!));

// Spellings of one sound, each with the words that name it and the letters every match holds.
// Applied in order to the near form.
const HOMOPHONES: ReadonlyArray<{ name: string; from: RegExp; to: string; has: string }> = [
  { name: 'PH and F', from: /ph/g, to: 'f', has: 'ph' },
  { name: '-IGHT and -ITE', from: /ight/g, to: 'ite', has: 'ight' },
  { name: 'X and EKS', from: /x/g, to: 'ks', has: 'x' },
  { name: 'X and EKS', from: /(^|[^a-z])e?ks/g, to: '$1ks', has: 'ks' },
  { name: 'C, K, Q and CK', from: /ck/g, to: 'k', has: 'ck' },
  { name: 'C, K, Q and CK', from: /qu/g, to: 'kw', has: 'qu' },
  { name: 'C, K, Q and CK', from: /q/g, to: 'k', has: 'q' },
  { name: 'C and S', from: /c(?=[eiy])/g, to: 's', has: 'c' },
  { name: 'C, K, Q and CK', from: /c/g, to: 'k', has: 'c' },
  { name: 'OO and U', from: /oo/g, to: 'u', has: 'oo' },
  { name: 'S and Z', from: /z/g, to: 's', has: 'z' },
  { name: 'Y and I', from: /(?<=[a-z])y/g, to: 'i', has: 'y' },
];

/** The near form with every homophone spelling rewritten and doubled letters made single; `skip`
 *  leaves one rule out, to find which rules a pair needs. A rule runs only where its letters are:
 *  a search spells every new candidate, most of them with few of these letters. */
export const soundSpelling = (near: string, skip?: string): string => {
  let s = near;
  for (const r of HOMOPHONES) if (r.name !== skip && s.includes(r.has)) s = s.replace(r.from, r.to);
  return collapseRepeats(s);
};

/** The whole sound spelling of an analysed mark, made once per mark: a search compares its query
 *  with every candidate, and the rewriting was a good part of a one-shot search (issue 26.12). */
const soundOf = (a: Analysis): string => (a.sound ??= soundSpelling(a.near));

// Words said as a letter or a number: EZ is EASY, U is YOU. Number words are the near form's.
const LETTER_WORDS: Record<string, string> = {
  easy: 'ez', you: 'u', your: 'ur', youre: 'ur', are: 'r', be: 'b', bee: 'b', see: 'c', sea: 'c', why: 'y', eye: 'i', oh: 'o', owe: 'o',
  cue: 'q', queue: 'q', tea: 't', tee: 't', pea: 'p', pee: 'p', jay: 'j', kay: 'k', okay: 'ok', ex: 'x', excel: 'xl', envy: 'nv', energy: 'nrg',
};
const LETTER_KEYS = Object.keys(LETTER_WORDS).filter((k) => k.length >= 3);
/** The first and last letters of LETTER_KEYS: a word that starts and ends with none of them has no key at either end. */
const LETTER_FIRST = new Set(LETTER_KEYS.map((k) => k[0]));
const LETTER_LAST = new Set(LETTER_KEYS.map((k) => k[k.length - 1]));

/** A word with its letter-name spellings made one: whole (YOU is U), or a leading or trailing part
 *  of a compound (EASYJET is EZJET, TAX4YOU is TAX4U). */
const letterWord = (w: string): string => {
  if (Object.hasOwn(LETTER_WORDS, w)) return LETTER_WORDS[w]!;
  if (!LETTER_FIRST.has(w[0]) && !LETTER_LAST.has(w[w.length - 1])) return w;
  for (const k of LETTER_KEYS) {
    if (w.length > k.length + 1 && w.startsWith(k)) return LETTER_WORDS[k]! + w.slice(k.length);
    if (w.length > k.length + 1 && w.endsWith(k)) return w.slice(0, -k.length) + LETTER_WORDS[k]!;
  }
  return w;
};
const letterSpelling = (a: Analysis): string => (a.letters ??= a.nearWords.map(letterWord).join(''));

/** The first letters where two equally long strings differ, as "A and B". */
const firstDifference = (x: string, y: string): string => {
  let i = 0;
  while (i < x.length && x[i] === y[i]) i++;
  let j = 0;
  while (j < x.length - i && x[x.length - 1 - j] === y[y.length - 1 - j]) j++;
  const a = x.slice(i, x.length - j) || '–';
  const b = y.slice(i, y.length - j) || '–';
  return `${a.toUpperCase()} and ${b.toUpperCase()}`;
};

/** Whether `short` sits in `long` at its start, or as its last words (spaces aside: ACCUTUNE in
 *  ACCU TUNE). A part of a word is no place a reader sees a mark: ZING in B BENZING, NESSE in
 *  MONTAGNE JEUNESSE, ZARA in LAZARA share a fragment, while a mark put first (TALENTIAGROUP) or
 *  as its own words is read whole. Words in the middle of a longer mark are not where a reader
 *  looks for its name: ROLLING in GEORGE KARELIAS AND SONS HAND ROLLING TOBACCO and CREATIVE in
 *  LIEBIG SOUP' CRÉATIVE TOMATES & CURRY were labelled not similar on tune (docs/search.md). */
const onBoundary = (short: Analysis, long: Analysis): boolean => {
  if (long.near.startsWith(short.near)) return true;
  if (!long.near.endsWith(short.near)) return false;
  let at = 0;
  for (const w of long.nearWords) if ((at += w.length) === long.near.length - short.near.length) return true;
  return false;
};

/** How common a term is in marks, 0..1 (src/search/reference-commonness.ts). */
export type CommonOf = (term: string) => number;
/** A contained mark this common (in some thirteen marks of the reference or more) is a shared
 *  word, not a copied mark: BLUE inside BLUEPARROTT. Chosen on tune's labelled false alarms. */
export const CONTAINED_COMMON_MAX = 0.5;
/** An ordinary word is a mark of its own only when few marks use it: in at most five marks of the
 *  reference (APPLE in 2, RAINBOW 2, GENESIS 3, COACH 4, held similar when contained on tune's
 *  labels; TOBACCO in 6, ORANGE 9, held not similar). Chosen on tune (docs/search.md). */
export const CONTAINED_WORD_COMMON_MAX = commonnessOf(5);

const edit = (q: Analysis, c: Analysis, common: CommonOf): Family | null => {
  const [x, y] = [q.compact, c.compact];
  const longer = Math.max(x.length, y.length);
  if (longer < ONE_EDIT_MIN) return null;
  const d = osa(x, y, 2);
  if (d !== 1 && !(d === 2 && longer >= TWO_EDITS_MIN)) return null;
  // One letter that turns an ordinary word into another (IDEAL/IDEAS) makes a new word, not a slip.
  const words2 = rawWords(q).every(isDictionaryWord) && rawWords(c).every(isDictionaryWord);
  if (d === 1 && !words2) {
    if (x.length === y.length) {
      let i = 0;
      while (x[i] === y[i]) i++;
      if (x[i] === y[i + 1] && x[i + 1] === y[i]) return { family: 'transposition', tier: 'near_identical', reason: `two letters swapped: ${x.slice(i, i + 2).toUpperCase()} and ${y.slice(i, i + 2).toUpperCase()}` };
      return { family: 'one_edit', tier: 'near_identical', reason: `one letter changed: ${x[i]!.toUpperCase()} and ${y[i]!.toUpperCase()}` };
    }
    return { family: 'one_edit', tier: 'near_identical', reason: x.length > y.length ? 'one letter added' : 'one letter left out' };
  }
  // Two letters that turn ordinary words into other ordinary words (BLACKOUT/BLACK CAT) are no slip,
  // nor two in a short distinctive part beside a common element (JAST CARD/TASTECARD: commonElementOnly).
  if (d === 2 && longer >= TWO_EDITS_MIN && !words2 && !commonElementOnly(q, c, common)) return { family: 'two_edits', tier: 'similar', reason: 'two letters changed' };
  return null;
};

/** Below this many letters (the longer mark), sounding the same needs the letters as written to
 *  be one slip apart too: short marks share sound keys with many others (CCB/KBB, ALPS/ILP,
 *  AMOCO/I'M ECO, labelled not similar), while OCS/UCS, one letter apart, was held similar. */
export const SOUND_SHORT = 6;

/** Why two marks sound the same, or null: the same spelling once homophone spellings are made
 *  one (FONE/PHONE), or the same Double Metaphone code (three sounds or more) one slip apart
 *  (APPLE/APPEL). A short mark needs its written letters one edit apart as well (SOUND_SHORT);
 *  for the spelling route, from 4 letters that is not needed (PHIL/FIL). */
const soundsSame = (q: Analysis, c: Analysis): string | null => {
  if (q.near === c.near || q.near.length < 3 || c.near.length < 3) return null;
  const longer = Math.max(q.compact.length, c.compact.length);
  const slip = (min: number) => longer >= min || osa(q.compact, c.compact, 1) <= 1;
  if (soundOf(q) === soundOf(c) && (Math.min(q.near.length, c.near.length) >= 4 || slip(Infinity))) {
    const needed = [...new Set(HOMOPHONES.map((r) => r.name))].filter((n) => soundSpelling(q.near, n) !== soundSpelling(c.near, n));
    return needed.length ? `sounds the same: ${needed.join('; ')}` : 'sounds the same: a doubled letter';
  }
  // One slip at most, where letters of one sound group cost half: a looser budget let marks that
  // only share consonants through (KROMA/CARIMA), labelled not similar.
  if (q.pcodes.some((x) => x.length >= 3 && c.pcodes.includes(x)) && soundOsa(q.near, c.near, 1) <= 1 && slip(SOUND_SHORT)) return 'sounds the same';
  return null;
};

const sounds = (q: Analysis, c: Analysis): Family | null => {
  const reason = soundsSame(q, c);
  return reason ? { family: 'homophone', tier: 'similar', reason } : null;
};

/** Equal near forms through a number word (4EVER/FOREVER): the identical channel's, so no channel is needed. */
const numberWord = (q: Analysis, c: Analysis): Family | null => {
  const [x, y] = [rawWords(q), rawWords(c)];
  if (q.near !== c.near || !pairwise(x, y, (a, b) => numberCanon(a) === numberCanon(b))) return null;
  const i = x.findIndex((w, k) => w !== y[k]);
  if (i < 0) return null;
  return { family: 'letter_name', tier: 'similar', reason: `a number said as a word: ${x[i]!.toUpperCase()} and ${y[i]!.toUpperCase()}` };
};

const names = (q: Analysis, c: Analysis): Family | null => {
  if (q.near !== c.near && letterSpelling(q) === letterSpelling(c)) {
    const i = q.nearWords.findIndex((w, k) => w !== c.nearWords[k]);
    const [x, y] = i >= 0 && q.nearWords.length === c.nearWords.length ? [q.nearWords[i]!, c.nearWords[i]!] : [q.near, c.near];
    return { family: 'letter_name', tier: 'similar', reason: `a letter or number said by its name: ${x.toUpperCase()} and ${y.toUpperCase()}` };
  }
  return null;
};

const looks = (q: Analysis, c: Analysis): Family | null => {
  if (q.skeleton.length < 3 || q.skeleton !== c.skeleton) return null;
  const [x, y] = [q.compact, c.compact];
  return { family: 'lookalike', tier: 'similar', reason: `looks the same: ${firstDifference(x, y)}` };
};

/** Whether a mark is distinctive enough that another holding it whole copies it: not common in the
 *  reference, and an ordinary word only when marks rarely use it (ORANGE, TOBACCO, VIDA share a
 *  word with the marks that hold them; APPLE inside GOLDEN APPLE, or a coined word like TALENTIA,
 *  or a phrase, is the mark itself). */
export const distinctive = (s: Analysis, common: CommonOf): boolean => {
  const c = common(s.near);
  if (c > CONTAINED_COMMON_MAX) return false;
  // The words as written: the near form reads TOBACCO as 2BACCO.
  const written = rawWords(s);
  // Rarity first: a rare mark is distinctive whatever it means, and the dictionary is not opened for it.
  return c <= CONTAINED_WORD_COMMON_MAX || !(written.length === 1 && isDictionaryWord(written[0]!));
};

const contains = (q: Analysis, c: Analysis, common: CommonOf): Family | null => {
  const [s, l] = q.near.length <= c.near.length ? [q, c] : [c, q];
  if (s.near.length < CONTAINED_MIN || s.near === l.near || !onBoundary(s, l)) return null;
  if (!distinctive(s, common)) return null;
  return { family: 'contains', tier: 'similar', reason: `one mark contains the other whole: ${s.folded.toUpperCase()} in ${l.folded.toUpperCase()}` };
};

/**
 * The family of a pair on the channels asked for, closest first, or null. The text families
 * (same letters, split or joined, plural, a number word) need no channel; edits need fuzzy, or
 * phonetic when the marks also sound the same; sound spellings and names need fuzzy or phonetic; look-alike letters need lookalike or fuzzy; containment needs embedded.
 */
export const familyOf = (q: Analysis, c: Analysis, channels: ReadonlySet<Channel>, common: CommonOf): Family | null => {
  if (!q.compact || !c.compact) return null;
  const [wq, wc] = [foldedWords(q), foldedWords(c)];
  if (pairwise(wq, wc, (a, b) => a === b)) return { family: 'same_text', tier: 'identical', reason: 'the same letters and digits' };
  if (q.compact === c.compact) return { family: 'split_join', tier: 'near_identical', reason: 'the same letters, split or joined differently' };
  const [rq, rc] = [rawWords(q), rawWords(c)];
  if (!pairwise(rq, rc, (a, b) => a === b) && pairwise(rq, rc, (a, b) => singular(a) === singular(b))) {
    return { family: 'plural', tier: 'near_identical', reason: 'a plural of the same word' };
  }
  const number = numberWord(q, c);
  if (number) return number;
  const fuzzy = channels.has('fuzzy');
  const phonetic = channels.has('phonetic');
  // With phonetic and no fuzzy, an edit counts when the marks also sound the same (PITHON/PYTHON).
  const edited = fuzzy || phonetic ? edit(q, c, common) : null;
  if (edited && (fuzzy || (edited.tier === 'near_identical' && soundsSame(q, c)))) return fuzzy ? edited : { ...edited, reason: `${edited.reason} (sounds the same)` };
  return (
    (fuzzy || phonetic ? names(q, c) ?? sounds(q, c) : null) ??
    (fuzzy || channels.has('lookalike') ? looks(q, c) : null) ??
    (channels.has('embedded') ? contains(q, c, common) : null)
  );
};

// The dominant element of a pair (trademark practice compares the distinctive parts): when all two
// marks share is a common element at their start or end (COLLECTION in PNEUCOLLECTION and AI
// COLLECTION, LINK in MYDLINK and MELINK) and the parts left differ, the marks differ where a reader
// tells them apart. Such a pair is no two-edits copy, and the judgement (judge.ts) keeps it below
// `similar` unless another family names it; docs/search.md gives the evidence.
/** A shared element shorter than this is a fragment, not an element a reader sees. */
const SHARED_MIN = 4;
/** The parts left must each have this many letters to be a distinctive part of their own: a
 *  letter more or less at the end (HELIA/HELIOS, PETROM/PETROFF) leaves the shared part dominant. */
const REST_MIN = 2;

const reversed = (s: string): string => [...s].reverse().join('');

/** Offsets in a near form where a word starts. */
const wordStarts = (a: Analysis): Set<number> => {
  const out = new Set<number>([0]);
  let at = 0;
  for (const w of a.nearWords) out.add((at += w.length));
  return out;
};

/** The most common part of a shared run that a reader can see as an element: the run itself, or
 *  its part from (for a shared end) or up to (for a shared start) a word boundary of either mark
 *  (COMMUNICATION in MOBI COMMUNICATIONS and MALEKI COMMUNICATIONS, whose shared end is
 *  ICOMMUNICATION). Returns its length and commonness. */
const element = (q: Analysis, c: Analysis, run: number, atEnd: boolean, common: CommonOf): { length: number; common: number } => {
  const whole = atEnd ? q.near.slice(-run) : q.near.slice(0, run);
  // The whole run is an element where it is an ordinary word or ends on a word boundary: ELLO,
  // shared by IL CASELLO and EL CAMELLO, is a fragment of two words.
  const aligned = [q, c].some((a) => wordStarts(a).has(atEnd ? a.near.length - run : run));
  let best = { length: run, common: aligned || isDictionaryWord(whole) ? common(whole) : 0 };
  for (const a of [q, c]) {
    for (const b of wordStarts(a)) {
      const length = atEnd ? a.near.length - b : b;
      if (length < SHARED_MIN || length > run) continue;
      const v = common(atEnd ? a.near.slice(-length) : a.near.slice(0, length));
      if (v > best.common) best = { length, common: v };
    }
  }
  return best;
};

/** Two letters change at most a third of a distinctive part this long (CLIMA COLOURS/CLIMA
 *  CELAURS stays a copy); in a shorter one they change most of what tells the marks apart
 *  (JAST/TASTE beside CARD, FAR/STAR beside SIGHT, labelled not similar on tune). */
const REST_TWO_EDITS = 6;

/** Whether the distinctive parts are themselves a copy: one edit apart, two in a part of
 *  REST_TWO_EDITS letters or more, spelled for the same sound, or looking the same (DORNOY/DOMOY). */
const alike = (x: string, y: string): boolean => {
  const d = osa(x, y, 2);
  return d <= 1 || (d === 2 && Math.max(x.length, y.length) >= REST_TWO_EDITS) || soundSpelling(x) === soundSpelling(y) || skeleton(x) === skeleton(y);
};

/** Whether two marks share only a common element at their start or end, the parts left each of
 *  two letters or more and not alike (TOOLBOKS and TOOLBOX stay alike). */
export const commonElementOnly = (q: Analysis, c: Analysis, common: CommonOf): boolean => {
  const [x, y] = [q.near, c.near];
  if (x === y) return false;
  const p = commonPrefix(x, y);
  const s = commonPrefix(reversed(x), reversed(y));
  // Marks that share both their start and their end (INSTITUTE FOR … ADVANCEMENT) share more than one element.
  if (Math.min(p, s) >= SHARED_MIN) return false;
  for (const [run, atEnd] of [[p, false], [s, true]] as const) {
    // One mark whole at the other's start or end is the contains family's to judge.
    if (run < SHARED_MIN || run >= Math.min(x.length, y.length)) continue;
    const e = element(q, c, run, atEnd, common);
    // Common past the line where an ordinary word is still a mark of its own: in six marks of the
    // reference or more (CONTAINED_WORD_COMMON_MAX).
    if (e.common <= CONTAINED_WORD_COMMON_MAX) continue;
    const [rx, ry] = atEnd ? [x.slice(0, -e.length), y.slice(0, -e.length)] : [x.slice(e.length), y.slice(e.length)];
    if (rx.length < REST_MIN || ry.length < REST_MIN) continue;
    if (!alike(rx, ry)) return true;
  }
  return false;
};

// One mark's text in every form the matcher compares (folded, compact, near, skeleton, phonetic
// codes) and the hashed keys under which the index files it, one key family per channel.
import { compact, fold, nearWords, rhymeKey, soundKey } from './normalize.js';
import { fuzzyBudget } from './distance.js';
import { phoneticKeys } from './phonetic.js';
import { skeleton } from './lookalike.js';
import { conceptTerms, equivalentWords, type Concepts } from './conceptual.js';

export interface Analysis {
  folded: string;
  compact: string;
  near: string;
  nearWords: string[];
  skeleton: string;
  /** Whole-mark Double Metaphone codes. */
  pcodes: string[];
  /** Per-word codes (multi-word marks only). */
  wcodes: string[][];
  /** Filled in by the scorer the first time it needs them. */
  rhyme?: string;
  sortedWords?: string;
  /** pg_trgm trigram set of the folded text, for the fusion's trigram feature. */
  trigrams?: Int32Array;
  /** Content words and their meanings, for the conceptual lane (computed on first use). */
  concepts?: Concepts;
  /** The families' forms (src/search/families.ts), computed on first use: words as folded and as
   *  written, the sound spelling, the letter-name spelling. Read them, never change them. */
  foldedWords?: readonly string[];
  rawWords?: readonly string[];
  sound?: string;
  letters?: string;
}

export const analyze = (text: string): Analysis => {
  const nw = nearWords(text);
  const p = phoneticKeys(nw);
  return {
    folded: fold(text),
    compact: compact(text),
    near: nw.join(''),
    nearWords: nw,
    skeleton: skeleton(text),
    pcodes: p.whole,
    wcodes: p.perWord,
  };
};

/** 52-bit hash of a key string (two FNV-style lanes); collisions only add candidates, never hits. */
export const keyHash = (s: string): number => {
  let h1 = 0x811c9dc5;
  let h2 = 0x9747b28c;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
    h2 ^= h2 >>> 15;
  }
  return (h1 >>> 0) + (h2 & 0xfffff) * 0x100000000;
};

/** Every string with one character removed. */
export const deletions = (s: string): string[] => {
  const out = new Set<string>();
  for (let i = 0; i < s.length; i++) out.add(s.slice(0, i) + s.slice(i + 1));
  return [...out];
};

// Fuzzy keys only where a whole-mark edit makes sense; longer marks match by segment.
const FUZZY_MIN = 3;
const FUZZY_MAX = 20;
const PREFIX = 4;
const PHONETIC_DELETE_MIN = 3;
/** Phonetic codes longer than this get no deletion keys on the query side (quadratic, and no use). */
const PHONETIC_DELETE_MAX = 16;
/** Postings read per two-edit key: there are many such keys, and each is a weak signal. */
const SECOND_EDIT_CAP = 40;
const NEAR_LENGTH_CAP = 100;
/** Queries up to this near length also look up their exact one-edit neighbours. */
const EXACT_EDIT_MAX = 5;
/** Postings read per equivalent word: a query word can have dozens of them. */
const CONCEPT_CAP = 60;

const LETTERS = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Every string one edit from `s` (substitution, insertion, deletion, adjacent transposition) over
 *  the letters and digits of near forms, `s` itself excluded. */
export const editsOf = (s: string): string[] => {
  const out = new Set<string>(deletions(s));
  for (let i = 0; i <= s.length; i++) {
    for (const c of LETTERS) {
      out.add(s.slice(0, i) + c + s.slice(i));
      if (i < s.length) out.add(s.slice(0, i) + c + s.slice(i + 1));
    }
    if (i + 1 < s.length) out.add(s.slice(0, i) + s[i + 1] + s[i] + s.slice(i + 2));
  }
  out.delete(s);
  return [...out];
};

/** Strings with up to `k` characters removed (k = 0 is the string itself). */
const deletionsUpTo = (s: string, k: number): string[] => {
  const out = new Set<string>([s]);
  let frontier = [s];
  for (let d = 0; d < k; d++) {
    const next: string[] = [];
    for (const f of frontier)
      for (const x of deletions(f)) {
        if (out.has(x)) continue;
        out.add(x);
        next.push(x);
      }
    frontier = next;
  }
  return [...out];
};

/** The key strings a mark is filed under. Families: n near, u sound key, d its deletions, k rhyme
 *  key, j its deletions, f prefix, w word, o word set, p whole phonetic, e phonetic deletion,
 *  v word phonetic, l lookalike skeleton. */
export const indexKeys = (a: Analysis): string[] => {
  if (a.near.length === 0) return [];
  const keys = new Set<string>([`n:${a.near}`, `l:${a.skeleton}`]);
  const sound = soundKey(a.near);
  const rhyme = rhymeKey(a.near);
  if (sound.length >= 2 && sound.length <= FUZZY_MAX) {
    keys.add(`u:${sound}`);
    keys.add(`k:${rhyme}`);
  }
  if (sound.length >= FUZZY_MIN && sound.length <= FUZZY_MAX) {
    for (const d of deletions(sound)) keys.add(`d:${d}`);
    if (rhyme.length >= FUZZY_MIN) for (const d of deletions(rhyme)) keys.add(`j:${d}`);
  }
  if (a.compact.length >= PREFIX + 1) keys.add(`f:${a.compact.slice(0, PREFIX)}`);
  if (a.nearWords.length > 1) {
    for (const w of a.nearWords) if (w.length >= 2) keys.add(`w:${w}`);
    keys.add(`o:${[...a.nearWords].sort().join(' ')}`);
  }
  for (const c of a.pcodes) {
    keys.add(`p:${c}`);
    if (c.length >= PHONETIC_DELETE_MIN) for (const d of deletions(c)) keys.add(`e:${d}`);
  }
  for (const codes of a.wcodes) for (const c of codes) if (c.length >= 2) keys.add(`v:${c}`);
  return [...keys];
};

export type Channel = 'identical' | 'fuzzy' | 'embedded' | 'phonetic' | 'lookalike' | 'conceptual';

/** One key to look up, limited to earlier marks whose near form is `min`..`max` characters long. */
export interface Lookup {
  key: string;
  min: number;
  max: number;
  /** A fixed read cap, outside the query's shared read budget. */
  cap?: number;
}

const ANY = 255;
const at = (key: string, min = 0, max = ANY): Lookup => ({ key, min, max });

/** A common prefix or word is read shortest marks first and cut at its cap; this second read
 *  takes the marks of about the query's length, which the fuzzy lane scores highest. */
const near = (key: string, a: Analysis): Lookup => ({ ...at(key, Math.max(0, a.near.length - 3), a.near.length + 3), cap: NEAR_LENGTH_CAP });

/** Words up to this long give every substring as an embedded key; a longer word its ends only. */
const WORD_SUBSTRINGS_MAX = 24;
/** Word runs up to this many words give an embedded key (no earlier mark is longer in words). */
const RUN_WORDS_MAX = 8;
/** Start and end runs of a long query, up to this many characters. */
const ENDS_MAX = 12;

/** Substrings of the query's near form that could be a whole earlier mark (BUCKS in ICEBUCKS).
 *  Long queries keep word-aligned runs and substrings inside one word, not every substring; each
 *  kind is bounded per word, so the keys grow linearly with the query, never with its cube. */
const segments = (a: Analysis, min: number): string[] => {
  const out = new Set<string>();
  const all = (s: string) => {
    for (let i = 0; i < s.length; i++) for (let j = i + min; j <= s.length; j++) out.add(s.slice(i, j));
  };
  const ends = (s: string) => {
    for (let k = 3; k < Math.min(s.length, ENDS_MAX + 1); k++) out.add(s.slice(0, k)).add(s.slice(-k));
  };
  if (a.near.length <= ENDS_MAX) all(a.near);
  else {
    for (const w of a.nearWords) if (w.length > min) (w.length <= WORD_SUBSTRINGS_MAX ? all : ends)(w);
    // A short earlier mark at the very start or end (PET in PETIT COQ PARIS) also scores.
    ends(a.near);
    const words = a.nearWords;
    for (let i = 0; i < words.length; i++) {
      let run = '';
      for (let j = i; j < Math.min(words.length, i + RUN_WORDS_MAX); j++) out.add((run += words[j]));
    }
  }
  out.delete(a.near);
  return [...out].filter((x) => x.length >= 3);
};

/** Fuzzy neighbours among marks of a near length within `edits`: every mark one edit away on the
 *  sound key (symmetric deletions, u/d), and, unless `soundOnly`, marks up to `edits` deletions or
 *  one edit away on the rhyme key (k/j). */
const fuzzyKeys = (near: string, edits: number, soundOnly = false): Lookup[] => {
  const sound = soundKey(near);
  const rhyme = rhymeKey(near);
  // The index files fuzzy keys only for marks of FUZZY_MIN..FUZZY_MAX characters.
  if (sound.length < FUZZY_MIN - 1 || near.length - edits > FUZZY_MAX) return [];
  const min = Math.max(1, near.length - edits);
  const max = near.length + edits;
  const keys: Lookup[] = [at(`u:${sound}`, min, max), at(`d:${sound}`, min, max)];
  for (const d of deletions(sound)) if (d.length >= 2) keys.push(at(`u:${d}`, min, max), at(`d:${d}`, min, max));
  if (soundOnly) return keys;
  // Two edits on the query side only (the index keeps one deletion per mark): a mark one shorter
  // with a substitution (AGROLOGIST/ANALOGIST), or two shorter.
  if (edits >= 2) {
    const once = new Set(deletions(sound));
    for (const d of deletionsUpTo(sound, 2)) {
      if (d.length >= 3 && d.length === sound.length - 2 && !once.has(d)) keys.push({ ...at(`d:${d}`, min, max), cap: SECOND_EDIT_CAP });
    }
  }
  // A deletion can bring equal letters together (klalga -> klaa): collapse again, as rhyme keys are.
  const collapsed = new Set(deletionsUpTo(rhyme, Math.min(edits, 2)).map((d) => d.replace(/(.)\1+/g, '$1')));
  for (const d of collapsed) if (d.length >= 2) keys.push(at(`k:${d}`, min, max));
  for (const d of deletionsUpTo(rhyme, 1)) keys.push(at(`j:${d}`, min, max));
  return keys;
};

/** The keys to look up for a query, per channel. */
export const queryKeys = (a: Analysis, channels: ReadonlySet<Channel>): Map<Channel, Lookup[]> => {
  const out = new Map<Channel, Lookup[]>();
  if (a.near.length === 0) return out;
  out.set('identical', [at(`n:${a.near}`)]);
  if (channels.has('fuzzy')) {
    const keys = fuzzyKeys(a.near, Math.max(1, fuzzyBudget(a.near.length + 1)));
    // The prefix lane needs the shared start to be at least half of the longer mark.
    if (a.compact.length >= PREFIX + 1) {
      const prefix = `f:${a.compact.slice(0, PREFIX)}`;
      keys.push(at(prefix, 0, 2 * a.compact.length), near(prefix, a));
    }
    // Short marks share their sound keys with thousands of others; their exact one-edit
    // neighbours are few hundred `n:` keys, which the probe checks at a fraction of a lookup each.
    if (a.near.length >= FUZZY_MIN && a.near.length <= EXACT_EDIT_MAX) {
      for (const v of editsOf(a.near)) keys.push({ ...at(`n:${v}`), cap: SECOND_EDIT_CAP });
    }
    out.set('fuzzy', keys);
  }
  if (channels.has('embedded')) {
    const keys = segments(a, a.near.length <= 12 ? 3 : 4).map((s) => at(`n:${s}`));
    if (a.nearWords.length > 1) {
      keys.push(at(`o:${[...a.nearWords].sort().join(' ')}`));
      for (const w of a.nearWords) {
        // A one-character mark that is a word of the query is a hit too (U in U NICK).
        if (w.length === 1) keys.push(at(`n:${w}`));
        if (w.length >= 2) keys.push(at(`w:${w}`), near(`w:${w}`, a), at(`n:${w}`));
        if (w.length >= 4) keys.push(...fuzzyKeys(w, 1, true));
      }
    } else keys.push(at(`w:${a.near}`));
    out.set('embedded', keys);
  }
  if (channels.has('phonetic')) {
    const keys: Lookup[] = [];
    // A code is shared by thousands of marks at register scale (two sounds: AT, AK), and its
    // shortest marks are not the ones that score: the fused score weighs the length ratio and the
    // spelling, so each exact code is read a second time among marks of about the query's length.
    const code = (c: string) => keys.push(at(`p:${c}`), at(`v:${c}`), near(`p:${c}`, a), near(`v:${c}`, a));
    for (const c of a.pcodes) {
      code(c);
      if (c.length >= PHONETIC_DELETE_MIN) {
        keys.push(at(`e:${c}`));
        if (c.length <= PHONETIC_DELETE_MAX) for (const d of deletions(c)) keys.push(at(`p:${d}`), at(`e:${d}`));
      }
    }
    for (const codes of a.wcodes) for (const c of codes) if (c.length >= 2) code(c);
    out.set('phonetic', keys);
  }
  if (channels.has('lookalike')) out.set('lookalike', [at(`l:${a.skeleton}`)]);
  if (channels.has('conceptual')) {
    // A whole earlier mark that is an equivalent word (LUPO -> WOLF), or a mark with one as a word.
    const keys: Lookup[] = [];
    for (const w of conceptTerms(a.folded)) for (const e of equivalentWords(w)) keys.push({ ...at(`n:${e}`), cap: CONCEPT_CAP }, { ...at(`w:${e}`), cap: CONCEPT_CAP });
    out.set('conceptual', keys);
  }
  return out;
};

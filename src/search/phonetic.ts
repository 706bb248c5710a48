// Phonetic keys: natural's Double Metaphone over the whole mark (words joined, so a one-word mark
// meets a two-word one: ISHINE/ICE SHINE) and over each word, lone letters said by their names.
// Codes are compared with an edit distance of their own, so one sound slip still matches.
import DoubleMetaphone from 'natural/lib/natural/phonetics/double_metaphone.js';
import { NUMERAL_SOUNDS } from './normalize.js';

const coder = new DoubleMetaphone();

/** Letters only, numerals spelled out, since Double Metaphone skips digits. */
const sounding = (word: string): string =>
  word.replace(/\d/g, (d) => NUMERAL_SOUNDS[d] ?? '').replace(/[^a-z]/g, '');

/** How a letter standing alone is said (B FRESH is BEE FRESH, U NICK is YOU NICK, C is SEE). */
const LETTER_NAMES: Record<string, string> = {
  a: 'ay', b: 'bee', c: 'see', d: 'dee', e: 'ee', f: 'ef', g: 'gee', h: 'aitch', i: 'eye', j: 'jay', k: 'kay', l: 'el', m: 'em',
  n: 'en', o: 'oh', p: 'pee', q: 'cue', r: 'ar', s: 'es', t: 'tee', u: 'you', v: 'vee', w: 'doubleyou', x: 'ex', y: 'why', z: 'zee',
};

/** A word as it is said: a lone letter by its name, and an X before a consonant as EX (XTREME is
 *  EXTREME, XPRESS is EXPRESS), which Double Metaphone would otherwise read as S. */
export const spoken = (word: string): string =>
  word.length === 1 ? (LETTER_NAMES[word] ?? word) : /^x[^aeiouy]/.test(word) ? `e${word}` : word;

/** The distinct Double Metaphone codes (primary, secondary) of a string, empty codes dropped. */
export const phoneticCodes = (text: string): string[] => {
  const letters = sounding(text);
  if (letters.length === 0) return [];
  const [primary, secondary] = coder.process(letters);
  return [...new Set([primary, secondary].filter((c) => c.length > 0))];
};

export interface PhoneticKeys {
  /** Codes of the whole mark written as one word (COCA-COLA -> cocacola). */
  whole: string[];
  /** Codes per word, for multi-word marks. */
  perWord: string[][];
}

export const phoneticKeys = (nearWords: readonly string[]): PhoneticKeys => {
  const said = nearWords.map(spoken);
  return { whole: phoneticCodes(said.join('')), perWord: said.length > 1 ? said.map((w) => phoneticCodes(w)) : [] };
};

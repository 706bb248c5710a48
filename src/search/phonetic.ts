// Phonetic keys: natural's Double Metaphone over the whole mark and over each word. Codes are
// compared with an edit distance of their own, so one sound slip (ISHINE/ICE SHINE) still matches.
import DoubleMetaphone from 'natural/lib/natural/phonetics/double_metaphone.js';
import { NUMERAL_SOUNDS } from './normalize.js';

const coder = new DoubleMetaphone();

/** Letters only, numerals spelled out, since Double Metaphone skips digits. */
const sounding = (word: string): string =>
  word.replace(/\d/g, (d) => NUMERAL_SOUNDS[d] ?? '').replace(/[^a-z]/g, '');

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

export const phoneticKeys = (nearWords: readonly string[]): PhoneticKeys => ({
  whole: phoneticCodes(nearWords.join('')),
  perWord: nearWords.length > 1 ? nearWords.map((w) => phoneticCodes(w)) : [],
});

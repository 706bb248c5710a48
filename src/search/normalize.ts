// Text normalisation for matching: case/diacritic folding (identical tier), word tokens, and the
// "near" form that also drops spacing, punctuation, a plural -s and number-word variation.
const SPECIAL: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ł: 'l', þ: 'th', ð: 'd', ı: 'i' };

/** Control characters other than whitespace, and the bidirectional marks and overrides (RLO). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROLS = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Lowercase, strip diacritics (NFKD also folds full-width forms and ligatures) and control
 *  characters (NUL, RLO: never part of how a mark reads), collapse spaces. */
export const fold = (text: string): string =>
  text
    .replace(CONTROLS, '')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[ßæœøđłþðı]/g, (c) => SPECIAL[c] ?? c)
    .replace(/\s+/g, ' ')
    .trim();

/** Alphanumeric runs of the folded text; `&` is the word "and"; apostrophes join (DAN TANA'S). */
export const words = (folded: string): string[] =>
  folded
    .replace(/['’`]/g, '')
    .replace(/&/g, ' and ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);

/** Folded text without spacing or punctuation: what the text filters compare. */
export const compact = (text: string): string => words(fold(text)).join('');

// Whole-word number words and their numerals; homophones share a numeral (TO/TOO/TWO, FOR/FOUR).
const NUMBER_WORDS: Record<string, string> = {
  zero: '0', one: '1', won: '1', two: '2', to: '2', too: '2', three: '3', four: '4', for: '4', fore: '4',
  five: '5', six: '6', seven: '7', eight: '8', ate: '8', nine: '9', ten: '10', n: 'and',
};
// Word-initial homophones that are written as numerals in marks: 4EVER, 2DAY, 1DER.
const PREFIXES: ReadonlyArray<[string, string]> = [
  ['four', '4'], ['for', '4'], ['two', '2'], ['too', '2'], ['to', '2'], ['one', '1'], ['won', '1'],
];
/** Numerals spelled out again for the phonetic coder, which ignores digits. */
export const NUMERAL_SOUNDS: Record<string, string> = {
  '0': 'zero', '1': 'one', '2': 'to', '3': 'three', '4': 'for', '5': 'five', '6': 'six', '7': 'seven', '8': 'eight', '9': 'nine',
};

/** A number word as its numeral (FOUR is 4), a word-initial one too (FOREVER is 4EVER). */
export const numberCanon = (w: string): string => {
  if (Object.hasOwn(NUMBER_WORDS, w)) return NUMBER_WORDS[w]!;
  for (const [prefix, digit] of PREFIXES) {
    if (w.length >= prefix.length + 3 && w.startsWith(prefix) && /^[a-z]/.test(w.slice(prefix.length))) {
      return digit + w.slice(prefix.length);
    }
  }
  return w;
};

/** Drops one plural ending; both sides of a comparison go through the same rule. */
export const singular = (w: string): string => {
  if (w.length >= 5 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length >= 4 && w.endsWith('s') && !/(ss|us|is)$/.test(w)) return w.slice(0, -1);
  return w;
};

/** A mark written as a web address or handle: a scheme, `www.` and a final domain ending are no
 *  part of how it reads (IMAGINELABS.COM is IMAGINELABS; `@` and `#` are dropped with the other
 *  punctuation). Only a mark of one token with a dot before the ending, so DOT COM BUBBLE stays. */
const TLD = '(?:com|net|org|info|biz|io|co|eu|shop|online|app|store|tv|me|uk|de|fr|es|it|nl|us|ch|at|be|ca|au|ie|nz|pt|pl|se|dk|fi|no|in|jp|cn|ru|br|mx)';
const WEB_FORM = new RegExp(`^(?:https?://)?(?:www\\.)?([^\\s/]+?)(?:\\.${TLD}(?:\\.${TLD})?)?/?$`);
const WEB_HINT = new RegExp(`^(?:https?://|www\\.)|\\.${TLD}/?$`);

/** The folded text without the web-address form around the name. */
export const webName = (folded: string): string => {
  if (!WEB_HINT.test(folded)) return folded;
  const m = WEB_FORM.exec(folded);
  return m && /[\p{L}\p{N}]/u.test(m[1]!) ? m[1]! : folded;
};

/** Words of the near form: number words as numerals, plurals singular, a leading THE dropped, a
 *  web address read as its name. */
export const nearWords = (text: string): string[] => {
  const ws = words(webName(fold(text))).map((w) => singular(numberCanon(w)));
  return ws.length > 1 && ws[0] === 'the' ? ws.slice(1) : ws;
};

// Editex letter groups (Zobel & Dart 1996): letters in one group sound alike. C sits in two.
export const SOUND_GROUPS = ['aeiouy', 'bp', 'ckq', 'dt', 'lr', 'mn', 'gj', 'fpv', 'sxz', 'csz'];
const GROUP_KEY: Record<string, string> = { a: 'a', e: 'a', i: 'a', o: 'a', u: 'a', y: 'a', b: 'b', p: 'b', c: 'k', k: 'k', q: 'k', d: 'd', t: 'd', l: 'l', r: 'l', m: 'm', n: 'm', g: 'g', j: 'g', f: 'f', v: 'f', s: 's', x: 's', z: 's' };

/** Spellings of one sound, rewritten before the letters are grouped, so marks whose first
 *  consonant is written differently meet (PHONE/FONE, CYNERGY/SYNERGY, KNIGHT/NIGHT, WRAP/RAP):
 *  PH is F, C before E, I or Y is S, and a silent first letter of KN, GN, PN, PS, WR is dropped. */
const SPELLINGS: ReadonlyArray<[RegExp, string]> = [[/ph/g, 'f'], [/c(?=[eiy])/g, 's'], [/^[kgp](?=n)|^p(?=s)|^w(?=r)/, '']];

/** The near form with each letter replaced by its sound group (SEIKO/SEYCO -> saaka), after the
 *  spelling variants above. Repeats are kept, so one edit of the near form is at most about one
 *  edit of the sound key. */
export const soundKey = (near: string): string => {
  let spoken = near;
  for (const [from, to] of SPELLINGS) spoken = spoken.replace(from, to);
  let out = '';
  for (const c of spoken) out += Object.hasOwn(GROUP_KEY, c) ? GROUP_KEY[c]! : c;
  return out;
};

/** The sound key with repeats collapsed (HOOLIGAN/OLLY GAN, DOUGIES/HUGGIES meet here). */
export const rhymeKey = (near: string): string => soundKey(near).replace(/(.)\1+/g, '$1');

/** The near-identical key: equal near keys differ only by spacing, punctuation, plural or numbers. */
export const nearKey = (text: string): string => nearWords(text).join('');

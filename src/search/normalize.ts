// Text normalisation for matching: case/diacritic folding (identical tier), word tokens, and the
// "near" form that also drops spacing, punctuation, a plural -s and number-word variation.
const SPECIAL: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ł: 'l', þ: 'th', ð: 'd', ı: 'i' };

/** Control characters other than whitespace, and the bidirectional marks and overrides (RLO). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROLS = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Whether folding leaves the text as it is: printable ASCII with no capital, spaces single and
 *  inside (a folded text, folded again: the scorer's trigram sets and meanings of each candidate
 *  take its folded form). Each step below is then the identity, so `fold` skips them. */
const foldedAscii = (text: string): boolean => {
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 32) {
      if (i === 0 || i === n - 1 || text.charCodeAt(i - 1) === 32) return false;
    } else if (c < 33 || c > 126 || (c >= 65 && c <= 90)) return false;
  }
  return true;
};

/** Lowercase, strip diacritics (NFKD also folds full-width forms and ligatures) and control
 *  characters (NUL, RLO: never part of how a mark reads), collapse spaces. */
export const fold = (text: string): string =>
  foldedAscii(text) ? text : text
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
const spokenForm = (near: string): string => {
  let spoken = near;
  // Each rewrite only where its letters are: a search keys every candidate it judges, most with none.
  if (spoken.includes('ph')) spoken = spoken.replace(/ph/g, 'f');
  if (spoken.includes('c')) spoken = spoken.replace(/c(?=[eiy])/g, 's');
  if (/^[kgpw]/.test(spoken)) spoken = spoken.replace(/^[kgp](?=n)|^p(?=s)|^w(?=r)/, '');
  return spoken;
};

/** GROUP_KEY by character code (ASCII), '' where a character is kept as it is. */
const GROUP_BY_CODE: readonly string[] = Array.from({ length: 128 }, (_, code) => GROUP_KEY[String.fromCharCode(code)] ?? '');

/** The near form with each letter replaced by its sound group (SEIKO/SEYCO -> saaka), after the
 *  spelling variants above. Repeats are kept, so one edit of the near form is at most about one
 *  edit of the sound key. Built code unit by code unit: a character outside the groups (any
 *  non-ASCII one, both halves of a surrogate pair) is copied, so the key is what mapping each
 *  character gives, at a fraction of the cost for a search that keys a thousand candidates cold. */
export const soundKey = (near: string): string => {
  const spoken = spokenForm(near);
  let out = '';
  for (let i = 0; i < spoken.length; i++) {
    const code = spoken.charCodeAt(i);
    out += (code < 128 ? GROUP_BY_CODE[code] : '') || spoken[i]!;
  }
  return out;
};

/** Line terminators, which `.` in a regular expression does not match. */
const LINE_END = new Set([0x0a, 0x0d, 0x2028, 0x2029]);

/** The string with each run of one repeated code unit made one, as `replace(/(.)\1+/g, '$1')`
 *  does (line terminators, which `.` skips, are kept as they are). */
export const collapseRepeats = (s: string): string => {
  let out = '';
  let prev = -1;
  for (let i = 0; i < s.length; i++) {
    const code = s.charCodeAt(i);
    if (code === prev && !LINE_END.has(code)) continue;
    out += s[i]!;
    prev = code;
  }
  return out;
};

/** The sound key with repeats collapsed (HOOLIGAN/OLLY GAN, DOUGIES/HUGGIES meet here). */
export const rhymeKey = (near: string): string => collapseRepeats(soundKey(near));

/** The near-identical key: equal near keys differ only by spacing, punctuation, plural or numbers. */
export const nearKey = (text: string): string => nearWords(text).join('');

import { describe, expect, it } from 'vitest';
import { compact, fold, nearKey, nearWords, rhymeKey, singular, soundKey } from '../../src/search/normalize.js';
import { soundSpelling } from '../../src/search/families.js';

describe('fold: the identical tier', () => {
  it.each([
    ['Café  Crème', 'cafe creme'],
    ['STRAßE', 'strasse'],
    ['Ｆｕｌｌｗｉｄｔｈ', 'fullwidth'],
    ['Øresund', 'oresund'],
    ['PLAY-DOH', 'play-doh'],
  ])('%s -> %s', (input, out) => expect(fold(input)).toBe(out));
});

describe('compact and near forms', () => {
  it('drops spacing and punctuation', () => {
    expect(compact('Play-Doh')).toBe('playdoh');
    expect(compact('PLAY DOH')).toBe('playdoh');
    expect(compact("DAN TANA'S")).toBe('dantanas');
  });

  it.each([
    ['4EVER', 'FOREVER'],
    ['2DAY', 'TODAY'],
    ['ONE DIRECTION', '1 DIRECTION'],
    ['ROCK N ROLL', 'ROCK & ROLL'],
    ['NEWPORTS', 'NEWPORT'],
    ['LUCKIES', 'LUCKY'],
    ['THE DELTA', 'DELTA'],
    ['PLAY-DOH', 'PLAYDOH'],
  ])('%s and %s share a near key', (a, b) => expect(nearKey(a)).toBe(nearKey(b)));

  it.each([
    ['BOSS', 'BOS'],
    ['COCA COLA', 'COCA LOLA'],
    ['CONSTRUCTOR', 'CONSTRUCTION'],
  ])('%s and %s do not', (a, b) => expect(nearKey(a)).not.toBe(nearKey(b)));

  it('keeps -ss, -us and -is endings', () => {
    expect(['boss', 'virus', 'tennis', 'cars'].map(singular)).toEqual(['boss', 'virus', 'tennis', 'car']);
  });

  it('keeps a lone THE', () => expect(nearWords('THE')).toEqual(['the']));

  it('sound keys merge Editex letter groups; rhyme keys also merge repeats', () => {
    expect(soundKey('seiko')).toBe(soundKey('seyco'));
    expect(soundKey('kressco')).not.toBe(soundKey('cresco'));
    expect(rhymeKey('kressco')).toBe(rhymeKey('cresco'));
    expect(soundKey('apple')).not.toBe(soundKey('maple'));
  });
});

describe('soundKey and rhymeKey, built code unit by code unit (issue 26.12)', () => {
  // The definitions they replace: each rewrite, then each character through the groups, then
  // repeats collapsed by a regular expression.
  const GROUP: Record<string, string> = { a: 'a', e: 'a', i: 'a', o: 'a', u: 'a', y: 'a', b: 'b', p: 'b', c: 'k', k: 'k', q: 'k', d: 'd', t: 'd', l: 'l', r: 'l', m: 'm', n: 'm', g: 'g', j: 'g', f: 'f', v: 'f', s: 's', x: 's', z: 's' };
  const referenceSound = (near: string): string => {
    const s = near.replace(/ph/g, 'f').replace(/c(?=[eiy])/g, 's').replace(/^[kgp](?=n)|^p(?=s)|^w(?=r)/, '');
    let out = '';
    for (const ch of s) out += Object.hasOwn(GROUP, ch) ? GROUP[ch]! : ch;
    return out;
  };
  const referenceRhyme = (near: string): string => referenceSound(near).replace(/(.)\1+/g, '$1');
  // Letters of every rule, digits, spaces, non-ASCII letters, a surrogate pair and line breaks.
  const ALPHABET = [...'abcdefghijklmnopqrstuvwxyzphcekngpswr0123456789 -é', 'ß', '😀', '\n', '\r', '\u2028'];

  it('give what the definitions give, on 20,000 drawn strings', () => {
    let seed = 7;
    const next = (n: number): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let i = 0; i < 20_000; i++) {
      const s = Array.from({ length: next(12) }, () => ALPHABET[next(ALPHABET.length)]!).join('');
      expect(soundKey(s)).toBe(referenceSound(s));
      expect(rhymeKey(s)).toBe(referenceRhyme(s));
    }
    for (const s of ['knight', 'psycho', 'wrap', 'phone', 'cynergy', 'hooligan', 'aa\n\nbb', '😀😀', 'ppssttt']) {
      expect(soundKey(s)).toBe(referenceSound(s));
      expect(rhymeKey(s)).toBe(referenceRhyme(s));
    }
  });
});

describe('fold of a folded text, and the sound spelling, without needless steps (issue 27)', () => {
  // The definitions they shortcut: every step of fold; every homophone rule, then repeats collapsed.
  const referenceFold = (text: string): string =>
    text
      // eslint-disable-next-line no-control-regex -- the control characters fold drops
      .replace(/[\u0000-\u0008\u000e-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .replace(/[ßæœøđłþðı]/g, (c) => ({ ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ł: 'l', þ: 'th', ð: 'd', ı: 'i' })[c] ?? c)
      .replace(/\s+/g, ' ')
      .trim();
  const RULES: [RegExp, string][] = [
    [/ph/g, 'f'], [/ight/g, 'ite'], [/x/g, 'ks'], [/(^|[^a-z])e?ks/g, '$1ks'], [/ck/g, 'k'], [/qu/g, 'kw'], [/q/g, 'k'],
    [/c(?=[eiy])/g, 's'], [/c/g, 'k'], [/oo/g, 'u'], [/z/g, 's'], [/(?<=[a-z])y/g, 'i'],
  ];
  const referenceSpelling = (near: string): string => RULES.reduce((s, [from, to]) => s.replace(from, to), near).replace(/(.)\1+/g, '$1');
  // Capitals, spaces (doubled, leading, trailing), tabs, controls, the letters of every rule,
  // accents, ligatures, a surrogate pair and line breaks.
  const ALPHABET = [...'abcdefghijklmnopqrstuvwxyzphightxkscqoyABCXYZ0123456789  -.&\'\t', '\u0000', '\u007f', 'é', 'İ', 'ß', 'æ', 'Ｆ', '😀', '\n', '\u2028'];

  it('give what the definitions give, on 20,000 drawn strings and their folded forms', () => {
    let seed = 11;
    const next = (n: number): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let i = 0; i < 20_000; i++) {
      const s = Array.from({ length: next(14) }, () => ALPHABET[next(ALPHABET.length)]!).join('');
      expect(fold(s)).toBe(referenceFold(s));
      expect(fold(fold(s))).toBe(referenceFold(referenceFold(s)));
      expect(soundSpelling(s)).toBe(referenceSpelling(s));
      const near = nearWords(s).join('');
      expect(soundSpelling(near)).toBe(referenceSpelling(near));
    }
    for (const s of ['phight', 'exks', 'quick', 'cycle', 'fooz', 'yyy', 'a b', ' a', 'a ', 'a  b', 'İstanbul', 'play-doh']) {
      expect(fold(s)).toBe(referenceFold(s));
      expect(soundSpelling(s)).toBe(referenceSpelling(s));
    }
  });
});

import { describe, expect, it } from 'vitest';
import { compact, fold, nearKey, nearWords, rhymeKey, singular, soundKey } from '../../src/search/normalize.js';

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

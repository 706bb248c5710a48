import { describe, expect, it } from 'vitest';
import { analyze, type Channel } from '../../src/search/analyze.js';
import { dice, fuzzyBudget, osa, soundOsa } from '../../src/search/distance.js';
import { judge as scoreCandidate, via } from '../../src/search/judge.js';
import { RELATED_MIN, SIMILAR_MIN } from '../../src/search/score.js';

const ALL = new Set<Channel>(['identical', 'fuzzy', 'embedded', 'phonetic', 'lookalike']);
const DEFAULT = new Set<Channel>(['identical', 'fuzzy', 'embedded', 'lookalike']);
const score = (q: string, c: string, channels = DEFAULT) => scoreCandidate(analyze(q), analyze(c), channels);

describe('edit distances', () => {
  it('counts a transposition as one edit', () => {
    expect(osa('trucool', 'turcool')).toBe(1);
    expect(osa('abc', 'abc')).toBe(0);
    expect(osa('kitten', 'sitting')).toBe(3);
  });

  it('stops early past the budget', () => expect(osa('aaaaaaaa', 'bbbbbbbb', 2)).toBe(3));

  it('charges half for a substitution within a sound group', () => {
    expect(soundOsa('seiko', 'seyco')).toBe(1);
    expect(soundOsa('cat', 'kat')).toBe(0.5);
    expect(soundOsa('cat', 'bat')).toBe(1);
  });

  it('scales the fuzzy budget with length', () => {
    expect([3, 4, 5, 6, 9, 10, 20].map(fuzzyBudget)).toEqual([0, 1, 1, 2, 2, 3, 3]);
  });

  it('bigram Dice is 1 for equal strings and 0 for disjoint ones', () => {
    expect(dice('abc', 'abc')).toBe(1);
    expect(dice('abc', 'xyz')).toBe(0);
  });
});

describe('tiers', () => {
  it('identical after case and diacritics', () => expect(score('Café', 'CAFE')?.tier).toBe('identical'));

  it('identical: the same words whatever the punctuation between them', () => expect(score('PLAY DOH', 'PLAY-DOH')?.tier).toBe('identical'));

  it.each([
    ['CHECK POINT', 'CHECKPOINT'],
    ['NEWPORTS', 'NEWPORT'],
    ['HEARTSPRINGS', 'HEARTSPRING'],
  ])('near_identical: a split or joined word, a plural: %s / %s', (a, b) => expect(score(a, b)?.tier).toBe('near_identical'));

  it.each([['4EVER', 'FOREVER']])('a number said as a word is a strong similar, not near_identical: %s / %s', (a, b) => {
    const s = score(a, b, new Set(['identical']))!;
    expect(s.tier).toBe('similar');
    expect(s.lanes.identical).toBeGreaterThan(0.9);
  });

  it.each([
    ['RUST BUSTER', 'BUSTER RUST'],
  ])('similar by the fused score: %s / %s', (a, b) => {
    const s = score(a, b);
    expect(s?.tier).toBe('similar');
    expect(s!.score).toBeGreaterThanOrEqual(SIMILAR_MIN);
  });

  // One edit or a transposition of a mark of five letters or more is near_identical, even where
  // the fused score, which a transposition's broken trigrams pull down, stays low.
  it.each([
    ['TRUCOOL', 'TURCOOL'],
    ['M0DERN', 'MODERN'],
  ])('near_identical by one edit: %s / %s', (a, b) => expect(score(a, b)?.tier).toBe('near_identical'));

  it('similar by a close spelling lane: SLEEKCRAFT / SLICKCRAFT', () => expect(score('SLEEKCRAFT', 'SLICKCRAFT')?.tier).toBe('similar'));

  it('a coined mark whole inside another is similar; an ordinary word inside one is a shared word', () => {
    const coined = score('QWIRKLE', 'QWIRKLE CLUB')!;
    expect(coined).toMatchObject({ tier: 'similar', family: 'contains' });
    expect(coined.score).toBeGreaterThanOrEqual(0.8);
    const word = score('BUCKS', 'ICEBUCKS')!;
    expect(word).toMatchObject({ tier: 'related', family: null, reason: expect.stringMatching(/^shares BUCK/) });
  });

  it('a shared element common in the corpus lowers the score', () => {
    const q = analyze('MASTER');
    const c = analyze('FLYMASTER');
    const rare = scoreCandidate(q, c, DEFAULT, false, () => 0)!;
    const common = scoreCandidate(q, c, DEFAULT, false, () => 1)!;
    expect(common.score).toBeLessThan(rare.score - 0.2);
    expect(rare.tier).toBe('similar');
    expect(common.tier).toBe('related');
  });

  it('related is below similar and above the floor', () => {
    const s = score('AUDIO BSS USA', 'BOSS AUDIO SYSTEMS');
    expect(s?.tier).toBe('related');
    expect(s!.score).toBeGreaterThanOrEqual(RELATED_MIN);
  });

  it('unrelated marks are no hit', () => {
    expect(score('HEINZ', 'JOHANNES', ALL)).toBeNull();
    expect(score('APPLE', 'ZEBRA', ALL)).toBeNull();
  });
});

describe('channels', () => {
  it('embedded finds a mark inside the query and the query inside a mark', () => {
    expect(via(score('ICEBUCKS', 'BUCKS', new Set(['embedded']))!)).toEqual(['embedded']);
    expect(score('GASPARILLA', 'GASPARILLA TREASURES', new Set(['embedded']))?.terms).toEqual(['gasparilla']);
  });

  it('phonetic only when asked', () => {
    const withPhonetic = score('SEYCOS', 'SEIKO', ALL)!;
    expect(withPhonetic.lanes.phonetic).toBeGreaterThan(0.6);
    expect(score('SEYCOS', 'SEIKO')!.lanes.phonetic).toBeUndefined();
  });

  it('lookalike catches homoglyph swaps', () => {
    expect(score('АPPLE', 'APPLE', new Set(['lookalike']))?.lanes.lookalike).toBeGreaterThan(0.85);
  });
});

describe('a mark whole inside the other', () => {
  // Tribunals weigh the earlier mark taken whole (THOMSON LIFE holds LIFE); the fusion ranked such a
  // common word below marks that only share letters. The floor orders hits; it sets no tier.
  it.each([
    ['THOMSON LIFE', 'LIFE'],
    ['ALL CLEAR', 'ALL'],
    ['POWERWAVE', 'WAVE'],
  ])('%s / %s ranks at least 0.7 on the embedded channel, still related', (a, b) => {
    const s = score(a, b)!;
    expect(s.score).toBeGreaterThanOrEqual(0.7);
    expect(s.tier).toBe('related');
  });

  it('a fragment is not whole: three letters at the start of a word, or inside one', () => {
    expect(score('BLU', 'BLUEBELL')?.score ?? 0).toBeLessThan(0.7);
    expect(score('POWERWAVES', 'ERWA')?.score ?? 0).toBeLessThan(0.7);
  });

  it('no floor without the embedded channel', () => {
    expect(score('THOMSON LIFE', 'LIFE', new Set<Channel>(['identical', 'fuzzy']))?.score ?? 0).toBeLessThan(0.7);
  });
});

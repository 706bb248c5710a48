import { describe, expect, it } from 'vitest';
import { analyze, type Channel } from '../../src/search/analyze.js';
import { dice, fuzzyBudget, osa, soundOsa } from '../../src/search/distance.js';
import { RELATED_MIN, SIMILAR_MIN, scoreCandidate, via } from '../../src/search/score.js';

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

  it.each([
    ['PLAY DOH', 'PLAY-DOH'],
    ['CHECK POINT', 'CHECKPOINT'],
  ])('near_identical: %s / %s', (a, b) => expect(score(a, b)?.tier).toBe('near_identical'));

  it.each([
    ['4EVER', 'FOREVER'],
    ['NEWPORTS', 'NEWPORT'],
    ['HEARTSPRINGS', 'HEARTSPRING'],
  ])('the same near form with other letters is a strong similar, not near_identical: %s / %s', (a, b) => {
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

  // A close spelling is similar by its fuzzy or lookalike lane even where the fused score, which
  // a transposition's broken trigrams pull down, stays below SIMILAR_MIN.
  it.each([
    ['TRUCOOL', 'TURCOOL'],
    ['M0DERN', 'MODERN'],
    ['SLEEKCRAFT', 'SLICKCRAFT'],
  ])('similar by a close spelling: %s / %s', (a, b) => expect(score(a, b)?.tier).toBe('similar'));

  it('one mark inside another is a strong related hit when nothing says how common the shared part is', () => {
    const s = score('BUCKS', 'ICEBUCKS')!;
    expect(s.tier).toBe('related');
    expect(s.score).toBeGreaterThan(0.8);
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

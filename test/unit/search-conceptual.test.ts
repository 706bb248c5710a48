// The conceptual channel over the shipped table (data/conceptual/equivalents.tsv.gz): foreign
// equivalents into English, synonyms, numbers, particles ignored, compounds split, and the lane's
// tiers (same meaning `similar`, half the words or siblings only `related`).
import { describe, expect, it } from 'vitest';
import { analyze, queryKeys, type Channel } from '../../src/search/analyze.js';
import { conceptualLane, contentWords, equivalentWords, meaningOf, sameMeaning } from '../../src/search/conceptual.js';
import { judge as scoreCandidate, via } from '../../src/search/judge.js';

const CONCEPTUAL = new Set<Channel>(['conceptual']);

describe('conceptual table', () => {
  it('drops articles and particles of every language and reads plurals as the table knows them', () => {
    expect(contentWords('EL SOL')).toEqual(['sol']);
    expect(contentWords('La Paloma de la Paz')).toEqual(['paloma', 'paz']);
    expect(contentWords('BUENOS')).toEqual(['bueno']);
  });

  it('does not read words such as CONSTRUCTOR off the object prototype', () => {
    expect(() => meaningOf('constructor')).not.toThrow();
    expect(sameMeaning(meaningOf('constructor'), meaningOf('wolf'))).toBe(0);
  });

  it.each([
    ['lupo', 'wolf'], // Italian
    ['lobo', 'wolf'], // Spanish
    ['hai', 'shark'], // German
    ['soleil', 'sun'], // French
    ['gallo', 'rooster'], // Spanish, through the gloss "rooster"
    ['paloma', 'pigeon'],
    ['seis', 'six'], // numbers both ways
    ['sechs', '6'],
    ['rooster', 'cock'], // WordNet synonym
  ])('%s means %s', (a, b) => expect(sameMeaning(meaningOf(a), meaningOf(b))).toBe(2));

  it('knows words that only the English-to-foreign dictionaries list (read the other way)', () => {
    expect(sameMeaning(meaningOf('azzurro'), meaningOf('blue'))).toBe(2); // eng-ita: blue -> azzurro
    expect(sameMeaning(meaningOf('azul'), meaningOf('blue'))).toBe(2); // eng-spa: blue -> azul
  });

  it('reads a feminine or plural ending as the masculine singular the table lists', () => {
    expect(contentWords('ROSSA')).toEqual(['rosso']);
    expect(contentWords('GATTI BIANCHI')).toEqual(['gatto', 'bianchi']);
    expect(contentWords('LUNA NERA')).toEqual(['luna', 'nero']);
    expect(conceptualLane(analyze('GATTI'), analyze('CAT'))).toBeCloseTo(0.9);
  });

  it('reads a word the dictionaries into English lack through German (spa-deu, then deu-eng)', () => {
    // MALEZA is in neither spa-eng, eng-spa nor Apertium; spa-deu has Unkraut, which is weed.
    expect(sameMeaning(meaningOf('maleza'), meaningOf('weed'))).toBe(2);
  });

  it('knows phrases that translate whole, from Apertium (agua dulce: freshwater)', () => {
    expect(conceptualLane(analyze('AGUA DULCE'), analyze('FRESHWATER'))).toBeCloseTo(0.9);
    expect(conceptualLane(analyze('FRESHWATER'), analyze('AGUA DULCE'))).toBeCloseTo(0.9);
    const keys = queryKeys(analyze('FRESHWATER'), CONCEPTUAL).get('conceptual')!.map((l) => l.key);
    expect(keys).toContain('n:aguadulce');
  });

  it('does not equate unrelated words', () => {
    expect(sameMeaning(meaningOf('lupo'), meaningOf('shark'))).toBe(0);
    expect(sameMeaning(meaningOf('soleil'), meaningOf('moon'))).toBe(0);
  });

  it('lists the words a query word could be in other languages, as index keys', () => {
    const eq = equivalentWords('wolf');
    expect(eq).toEqual(expect.arrayContaining(['lupo', 'lobo']));
    expect(eq).not.toContain('wolf');
    const keys = queryKeys(analyze('WOLF'), CONCEPTUAL).get('conceptual')!.map((l) => l.key);
    expect(keys).toEqual(expect.arrayContaining(['n:lupo', 'w:lupo']));
  });
});

describe('conceptual lane', () => {
  const lane = (q: string, c: string) => conceptualLane(analyze(q), analyze(c));

  it('scores the same meaning in other words at its floor, and a literal shared word not at all', () => {
    expect(lane('LUPO', 'WOLF')).toBeCloseTo(0.9);
    expect(lane('EL SOL', 'SUN')).toBeCloseTo(0.9);
    expect(lane('WOLF', 'WOLF PACK')).toBe(-1);
    const s = scoreCandidate(analyze('LUPO'), analyze('WOLF'), CONCEPTUAL)!;
    expect(s.tier).toBe('related');
    expect(s.score).toBe(0.75);
    expect(via(s)).toEqual(['conceptual']);
  });

  it('covers part of a longer mark with a lower score', () => {
    const part = lane('LUPO NERO', 'BLACK WOLF PACK');
    expect(part).toBeGreaterThan(0.5);
    expect(part).toBeLessThan(0.9);
  });

  it('needs half the words on each side to share their meaning: one word in three is no likeness', () => {
    // ACE is a WordNet synonym of ONE: a single such word among three scored 0.63 before, above real spelling hits.
    expect(lane('ACES HIGH ONLINE', 'TINKLINGLY ONE')).toBe(-1);
    expect(lane('ACES', 'TINKLINGLY ONE')).toBeCloseTo(0.7);
    expect(lane('LUPO ROSSO', 'WOLF')).toBeCloseTo(0.7);
  });

  it('is not a hit for marks without a shared meaning', () => {
    expect(lane('LUPO', 'SHARK')).toBe(-1);
    expect(scoreCandidate(analyze('LUPO'), analyze('SHARK'), CONCEPTUAL)).toBeNull();
  });
});

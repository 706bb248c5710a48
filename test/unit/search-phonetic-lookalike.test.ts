import { describe, expect, it } from 'vitest';
import { skeleton } from '../../src/search/lookalike.js';
import { nearWords } from '../../src/search/normalize.js';
import { phoneticCodes, phoneticKeys } from '../../src/search/phonetic.js';

const shareCode = (a: string, b: string): boolean => phoneticCodes(a).some((c) => phoneticCodes(b).includes(c));

describe('phonetic keys (Double Metaphone)', () => {
  it.each([
    ['kokakola', 'cocacola'],
    ['xceed', 'xseed'],
    ['seyco', 'seiko'],
    ['cresco', 'kressco'],
  ])('%s sounds like %s', (a, b) => expect(shareCode(a, b)).toBe(true));

  it('does not merge Heinz and Johannes', () => expect(shareCode('heinz', 'johannes')).toBe(false));

  it('spells numerals out before coding', () => expect(phoneticCodes('4ever')).toEqual(phoneticCodes('forever')));

  it('codes the whole mark and each word', () => {
    const k = phoneticKeys(nearWords('KOKA KOLA'));
    expect(k.whole).toEqual(phoneticCodes('cocacola'));
    expect(k.perWord).toHaveLength(2);
    expect(phoneticKeys(nearWords('SEIKO')).perWord).toEqual([]);
  });
});

describe('lookalike skeletons', () => {
  it.each([
    ['M0DERN', 'MODERN'],
    ['CLOUD', 'DOUD'],
    ['rnodern', 'modern'],
    ['VVAVE', 'WAVE'],
    ['5TAR', 'STAR'],
    ['АРРLЕ', 'APPLE'],
    ['ΑΡΡLΕ', 'APPLE'],
    ['ASSOS', 'ASOS'],
    ['paypa1', 'PAYPAL'],
  ])('%s looks like %s', (a, b) => expect(skeleton(a)).toBe(skeleton(b)));

  it('keeps different letters apart', () => {
    expect(skeleton('APPLE')).not.toBe(skeleton('AMPLE'));
    expect(skeleton('STAR')).not.toBe(skeleton('SCAR'));
  });
});

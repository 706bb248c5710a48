// The entity key: legal forms across languages, articles, width and accents, transliteration.
import { describe, expect, it } from 'vitest';
import { entityId, entityKey, foldName, foldUnicode } from '../../src/core/entity-key.js';

describe('entityKey', () => {
  it.each([
    ['Apple Inc.', 'APPLE INC.'],
    ['AUDION ELEKTRO B.V.', 'AUDION ELEKTRO N.V.'],
    ['GRUPPO LA PERLA S.P.A.', 'GRUPPO LA PERLA S.R.L.'],
    ['CUTEX COMPANY, THE', 'CUTEX, INC.'],
    ['RAC7 GAMES INC.', 'RAC7 GAMES ULC'],
    ['김현호', '김현호 kimHyunHo'],
    ['ＭＴＪグループ株式会社', 'MTJグループ'],
    ['Siemens Aktiengesellschaft', 'SIEMENS AG'],
    ['Aktiebolaget Grundstenen 92817', 'Grundstenen 92817 AB'],
    ['Société Générale S.A.', 'SOCIETE GENERALE SA'],
    ['Nokia Oyj', 'NOKIA OY'],
    ['Toyota Jidosha Kabushiki Kaisha', 'TOYOTA JIDOSHA K.K.'],
    ['ZEF ENTERTAINMENT(PTY)Ltd', 'Zef Entertainment Pty Ltd'],
  ])('%s and %s are one entity', (a, b) => {
    expect(entityKey(a)).toBe(entityKey(b));
    expect(entityId(a)).toBe(entityId(b));
  });

  it.each([
    ['Apple Inc.', 'APPLE CORPS LIMITED'],
    ['CELANESE CORPORATION', 'CELANESE CORPORATION OF AMERICA'],
    ['IKEA Centres A/S', 'IKEA Älmhult AB'],
    ['MeadWestvaco Corporation', 'WESTVACO CORPORATION'],
    ['MSG ENTERTAINMENT GROUP, LLC', 'MSG ENTERTAINMENT HOLDINGS, LLC'],
  ])('%s and %s stay apart', (a, b) => {
    expect(entityKey(a)).not.toBe(entityKey(b));
  });

  it('never strips a name down to nothing', () => {
    expect(entityKey('Limited')).toBe('limited');
    expect(entityKey('AG')).toBe('ag');
    expect(entityId('x')).toMatch(/^ent_[0-9a-f]{20}$/);
  });
});

describe('foldName on ASCII names', () => {
  it('folds as the Unicode fold does: names, dotted forms, and strings of every ASCII character', () => {
    const names = ['Apple Inc.', 'S.P.A. GRUPPO', 'A.B.C.D. Ltd', 'x.y', 'AT&T Corp.', 'ZEF(PTY)Ltd', 'R&D [EU] b.v.', '  Tab\tand\nlines\u000b ', 'a.b.c', 'E.ON', '3M CO.', 'o.k.'];
    // A fixed pseudo-random draw over all 128 ASCII code points, dots and letters weighted up.
    let seed = 26;
    const next = (n: number): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    const alphabet = [...Array.from({ length: 128 }, (_, i) => String.fromCharCode(i)), ...'.....aAbB&()[] '];
    for (let i = 0; i < 3000; i++) names.push(Array.from({ length: 1 + next(24) }, () => alphabet[next(alphabet.length)]).join(''));
    for (const name of names) expect(foldName(name), JSON.stringify(name)).toBe(foldUnicode(name));
  });
});

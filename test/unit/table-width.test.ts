// Issue 26 points 4 and 5 in the one table renderer: widths are display columns by Unicode East
// Asian Width (CJK marks line up), a column of ids is never cut (other columns shrink or drop
// first), and `wide` shows every cell in full.
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { cut, table } from '../../src/cli/views/table.js';

const ROWS = [
  ['東京タワー', 'own_7caa77aa9f0e1d2c3b4a', 'Some very long owner name that goes on and on'],
  ['LEXUS', 'own_1234567890abcdef1234', 'Toyota'],
  ['サムスン電子', 'own_00aa11bb22cc33dd44ee', '삼성전자 주식회사'],
];

describe('table', () => {
  it('aligns CJK marks by display width', () => {
    const lines = table(['Mark', 'Id', 'Owner'], ROWS, { width: 120 }).split('\n');
    // The Id column starts at the same display column on every line.
    const starts = lines.slice(2).map((l) => stringWidth(l.slice(0, l.indexOf('own_'))));
    expect(new Set(starts).size).toBe(1);
    expect(lines.every((l) => stringWidth(l) <= 120)).toBe(true);
  });

  it('never cuts an id: narrow, the other columns shrink or drop first', () => {
    for (const width of [80, 60, 40]) {
      const text = table([{ header: 'Mark', min: 6 }, { header: 'Id', priority: 1 }, { header: 'Owner', min: 8 }], ROWS, { width });
      for (const [, id] of ROWS) expect(text, `width ${width}`).toContain(id);
      for (const line of text.split('\n')) expect(stringWidth(line)).toBeLessThanOrEqual(width);
    }
  });

  it('cuts other text by display width, never inside a wide character', () => {
    expect(cut('東京タワー', 6)).toBe('東京…');
    expect(stringWidth(cut('東京タワー', 6))).toBeLessThanOrEqual(6);
    expect(cut('LEXUS', 10)).toBe('LEXUS');
  });

  it('wide shows every cell in full', () => {
    const text = table(['Mark', 'Id', 'Owner'], ROWS, { width: 30, wide: true });
    for (const row of ROWS) for (const cell of row) expect(text).toContain(cell);
  });
});

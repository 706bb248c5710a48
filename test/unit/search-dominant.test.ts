// The dominant element (commonElementOnly, src/search/families.ts) and the place of a contained mark
// (src/search/families.ts), on made-up marks: a common element shared at the start or end, with
// distinctive parts that differ, makes no `similar` pair; a mark in the middle of a longer one is
// no containment; a rare shared element, or distinctive parts one slip apart or spelled for the
// same sound, keep their judgement.
import { describe, expect, it } from 'vitest';
import { analyze, type Channel } from '../../src/search/analyze.js';
import { commonElementOnly } from '../../src/search/families.js';
import { judge } from '../../src/search/judge.js';
import { CHANNELS, DEFAULT_CHANNELS } from '../../src/search/params.js';
import { referenceCommonness } from '../../src/search/reference-commonness.js';

const ALL = new Set<Channel>(CHANNELS);
const DEFAULT = new Set<Channel>(DEFAULT_CHANNELS);
const only = (a: string, b: string) => commonElementOnly(analyze(a), analyze(b), referenceCommonness);

describe('the dominant element', () => {
  it('a common element at the end or start, the parts left unlike, is all the marks share', () => {
    expect(only('KRUCOLLECTION', 'ZI COLLECTION')).toBe(true);
    expect(only('TRAVO GROUP', 'KRAVI GROUP')).toBe(true);
    // The shared end is ICOMMUNICATION; the element a reader sees is the word COMMUNICATIONS.
    expect(only('zumo communications', 'Pelaki Communications')).toBe(true);
    expect(only('GRANDVORA', 'GRANDE KALIX')).toBe(true);
  });

  it('a rare shared element, parts one slip apart or sounding the same, or one mark whole in the other, is more', () => {
    expect(only('AB ZYLOQUENT', 'XY ZYLOQUENT')).toBe(false);
    expect(only('ZORVEX COLLECTION', 'ZORVAX COLLECTION')).toBe(false);
    expect(only('KWIKLINK', 'QUICKLINK')).toBe(false);
    expect(only('KRU COLLECTION', 'COLLECTION')).toBe(false);
    // One letter left after the shared start is no distinctive part of its own.
    expect(only('PETROM', 'PETROFF')).toBe(false);
    // Two letters in a distinctive part of six change a third of it: still a copy.
    expect(only('TRAVIX GROUP', 'TROVAX GROUP')).toBe(false);
    // Marks sharing their start and their end share more than one element.
    expect(only('INSTITUTE PHOR ZELBAX', 'INSTITUTE FOR ZELBAX')).toBe(false);
  });

  it('the fused score of a shared common element makes no similar pair; the score stays under similar', () => {
    const s = judge(analyze('KRUCOLLECTION'), analyze('ZI COLLECTION'), ALL)!;
    expect(s.tier).toBe('related');
    expect(s.score).toBeLessThan(0.88);
  });

  it('two edits, both in a short distinctive part beside a common word, are no copy', () => {
    const s = judge(analyze('TRAVO GROUP'), analyze('KRAVI GROUP'), DEFAULT)!;
    expect(s.family).toBeNull();
    expect(s.tier).toBe('related');
  });

  it('two edits beside a rare shared word, and one edit beside a common one, still copy the mark', () => {
    expect(judge(analyze('AB ZYLOQUENT'), analyze('XY ZYLOQUENT'), DEFAULT)).toMatchObject({ tier: 'similar', family: 'two_edits' });
    expect(judge(analyze('TRAVIX GROUP'), analyze('TROVAX GROUP'), DEFAULT)).toMatchObject({ tier: 'similar', family: 'two_edits' });
    expect(judge(analyze('ZORVEX COLLECTION'), analyze('ZORVAX COLLECTION'), DEFAULT)).toMatchObject({ tier: 'near_identical', family: 'one_edit' });
  });

  it('asking for more channels never lowers these judgements', () => {
    for (const [a, b] of [['KRUCOLLECTION', 'ZI COLLECTION'], ['TRAVO GROUP', 'KRAVI GROUP'], ['KWIKLINK', 'QUICKLINK']] as const) {
      const [d, all] = [judge(analyze(a), analyze(b), DEFAULT)!, judge(analyze(a), analyze(b), ALL)!];
      expect(all.score).toBeGreaterThanOrEqual(d.score);
    }
  });
});

describe('where a contained mark sits', () => {
  it('a mark first or last in a longer one is contained; in its middle it is not', () => {
    expect(judge(analyze('ZEPHYRA BOOTS'), analyze('ZEPHYRA'), DEFAULT)?.family).toBe('contains');
    expect(judge(analyze('NORDHAVEN ZEPHYRA'), analyze('ZEPHYRA'), DEFAULT)?.family).toBe('contains');
    expect(judge(analyze('NORDHAVEN ZEPHYRA BOOTS'), analyze('ZEPHYRA'), DEFAULT)?.family).not.toBe('contains');
  });
});

// Issue 10, point 4: the phonetic and visual members (sound across word boundaries, letter names,
// first-consonant spellings, web forms, look-alike letters at an edit's cost), on made-up marks.
import { describe, expect, it } from 'vitest';
import { analyze, type Channel } from '../../src/search/analyze.js';
import { osa } from '../../src/search/distance.js';
import { skeleton } from '../../src/search/lookalike.js';
import { compact, nearWords, soundKey, webName } from '../../src/search/normalize.js';
import { phoneticKeys, spoken } from '../../src/search/phonetic.js';
import { judge as scoreCandidate } from '../../src/search/judge.js';
import { laneSet } from '../../src/search/score.js';

const ALL = new Set<Channel>(['identical', 'fuzzy', 'embedded', 'phonetic', 'lookalike']);
const score = (q: string, c: string) => scoreCandidate(analyze(q), analyze(c), ALL);
const codes = (text: string) => phoneticKeys(nearWords(text)).whole;

describe('sound across word boundaries', () => {
  it('codes a two-word mark as one string, so a one-word mark meets it', () => {
    expect(codes('SUN BLAZE')).toEqual(codes('SUNBLAZE'));
    const [a, b] = [codes('GLO SHINE')[0]!, codes('GLOSHYNE')[0]!];
    expect(osa(a, b)).toBeLessThanOrEqual(1);
    expect(score('GLOSHYNE', 'GLO SHINE')?.lanes.phonetic).toBeGreaterThan(0.6);
  });
});

describe('letter names', () => {
  it.each([
    ['B FRESH', 'BEE FRESH'],
    ['C BREEZE', 'SEA BREEZE'],
    ['U TURNZ', 'YOU TURNZ'],
    ['Y KNOT', 'WHY KNOT'],
  ])('%s is said like %s', (a, b) => expect(codes(a)).toEqual(codes(b)));

  it('reads an X before a consonant as EX', () => {
    expect(spoken('xplora')).toBe('explora');
    expect(spoken('xenon')).toBe('xenon');
    expect(codes('XPLORA')).toEqual(codes('EXPLORA'));
  });

  it('a lone letter and its spelled name meet on the phonetic lane', () => {
    const lane = (q: string, c: string) => laneSet(analyze(q), analyze(c), ALL).phonetic;
    expect(lane('SEA', 'C')).toBeGreaterThan(0.5);
    expect(lane('SEA', 'K')).toBe(0);
  });
});

describe('first-consonant spellings in the sound key', () => {
  it.each([
    ['photonik', 'fotonik'],
    ['cytrova', 'sytrova'],
    ['knobly', 'nobly'],
    ['wrenzo', 'renzo'],
    ['psykora', 'sykora'],
  ])('%s and %s share a sound key', (a, b) => expect(soundKey(a)).toBe(soundKey(b)));

  it('keeps a hard C apart from S', () => expect(soundKey('cabro')).not.toBe(soundKey('sabro')));

  it('does not count C/K at the start as a first-letter change', () => {
    const ck = score('KALIBRO', 'CALIBRO')!;
    expect(ck.lanes.fuzzy).toBeGreaterThanOrEqual(0.78);
    expect(ck.tier).toBe('near_identical');
    expect(score('FOTOLUXA', 'PHOTOLUXA')!.lanes.fuzzy).toBeGreaterThan(0.6);
  });
});

describe('web forms', () => {
  it.each([
    ['www.brightpath.com', 'brightpath'],
    ['https://www.brightpath.co.uk/', 'brightpath'],
    ['BRIGHTPATH.NET', 'brightpath'],
    ['bright-path.de', 'bright-path'],
  ])('%s reads as %s', (a, b) => expect(webName(a.toLowerCase())).toBe(b));

  it('leaves marks that are no web address alone', () => {
    expect(nearWords('DOT COM DEALS')).toEqual(['dot', 'com', 'deal']);
    expect(webName('mr.go')).toBe('mr.go');
  });

  it('drops @ and # with the punctuation', () => expect(nearWords('@brightpath')).toEqual(nearWords('#BRIGHTPATH')));

  it('an address and its name are a strong similar, not near_identical (the letters differ)', () => {
    expect(compact('www.brightpath.com')).not.toBe(compact('BRIGHTPATH'));
    const s = score('www.brightpath.com', 'BRIGHTPATH')!;
    expect(s.tier).toBe('similar');
    expect(s.lanes.identical).toBe(0.93);
  });
});

describe('look-alike letters at an edit cost', () => {
  it('reads v and y alike', () => expect(skeleton('VENTRAL')).toBe(skeleton('YENTRAL')));

  it('a long mark with a look-alike swap and one more slip scores on the lookalike lane', () => {
    // rn/m and 0/O swapped, and one letter more: two edits on the letters, one on the skeletons.
    expect(osa(skeleton('CORNPASSO'), skeleton('COMPAS5OS'))).toBe(1);
    expect(score('CORNPASSO', 'COMPAS5OS')?.lanes.lookalike).toBeGreaterThan(0.72);
  });

  it('short marks need equal skeletons', () => expect(score('RNOX', 'MAX')?.lanes.lookalike ?? 0).toBe(0));
});

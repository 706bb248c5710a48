// The search evaluation's data and helpers: every decided pair is well-formed with a source, the
// tune/test split is by decision and holds at least 40 % in test, the trigram baseline scores as
// pg_trgm would and ranks as the ceiling evaluation does, and the false-alarm summary counts labels by tier.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { isMeaning, loadPairs, PAIRS_FILE, parseCsv, sameLetters, splitFor } from '../../bench/lib/eval-pairs.js';
import { queryHalf, seededSample, summarise } from '../../bench/lib/false-alarms.js';
import { rankOf, trigramRank } from '../../bench/lib/trigram-baseline.js';
import { containment, jaccard, trigramSet } from '../../src/search/trigram.js';

// Issue 10 asks for 500 pairs, 150 held not similar and 60 meaning pairs; the meaning floor is
// what the file holds today (see data/similarity/sources.json).
const MIN_PAIRS = 500;
const MIN_NOT_SIMILAR = 150;
const MIN_MEANING = 60;

describe('decided pairs', () => {
  const pairs = loadPairs();

  it('every pair has a citation and a URL, and each decision sits in one split', () => {
    // The address of the page that was read, as it was read (some copies are served over http).
    for (const p of pairs) expect(p.url, p.citation).toMatch(/^https?:\/\/\S+$/);
    const splitOf = new Map<string, string>();
    for (const p of pairs) {
      expect(splitOf.get(p.decision) ?? p.split, p.decision).toBe(p.split);
      splitOf.set(p.decision, p.split);
    }
    expect(pairs.filter((p) => p.split === 'test').length / pairs.length).toBeGreaterThanOrEqual(0.4);
  });

  it('has the columns the evaluation reads, and every row fills them', () => {
    const rows = parseCsv(readFileSync(PAIRS_FILE, 'utf8'));
    expect(Object.keys(rows[0]!)).toEqual(['earlier', 'later', 'outcome', 'flag', 'kind', 'split', 'decision', 'citation', 'url', 'url_kind', 'origin']);
    for (const r of rows) expect(Object.values(r).filter((v) => v === undefined), JSON.stringify(r)).toEqual([]);
    for (const p of pairs) {
      expect(['yes', 'no', 'acceptable-flag'], p.citation).toContain(p.flag);
      if (p.flag === 'acceptable-flag') expect(p.outcome, p.citation).toBe('not_similar');
      expect(p.url_kind.length * p.origin.length * p.kind.length, p.citation).toBeGreaterThan(0);
    }
  });

  it('puts each decision in the split that the SHA-1 of its key gives', () => {
    expect(splitFor('Serial No. 85057816')).toBe(splitFor('Serial No. 85057816'));
    const wrong = pairs.filter((p) => splitFor(p.decision) !== p.split).map((p) => p.decision);
    expect(wrong).toEqual([]);
    expect(new Set(pairs.map((p) => p.split))).toEqual(new Set(['test', 'tune']));
  });

  it('holds at least 500 pairs and 150 held not similar, and keeps the meaning pairs it has', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(MIN_PAIRS);
    expect(pairs.filter((p) => p.outcome === 'not_similar').length).toBeGreaterThanOrEqual(MIN_NOT_SIMILAR);
    expect(pairs.filter(isMeaning).length).toBeGreaterThanOrEqual(MIN_MEANING);
  });

  it('no pair is listed twice', () => {
    const keys = pairs.map((p) => `${p.earlier.toUpperCase()}|${p.later.toUpperCase()}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('compares letters and digits only when deciding whether a top-tier not-similar pair is allowed', () => {
    expect(sameLetters({ ...pairs[0]!, earlier: 'CHECKPOINT', later: 'Check-Point' })).toBe(true);
    expect(sameLetters({ ...pairs[0]!, earlier: 'HEARTSPRING', later: 'HEARTSPRINGS' })).toBe(false);
  });
});

describe('trigram baseline', () => {
  it('pads words like pg_trgm: "cat" has the trigrams "  c", " ca", "cat", "at "', () => {
    expect(trigramSet('cat').length).toBe(4);
    expect(trigramSet('Cat cat').length).toBe(4);
    expect(jaccard(trigramSet('cat'), trigramSet('CAT'))).toBe(1);
    // "cat" and "cap" share "  c" and " ca" out of 6 distinct trigrams.
    expect(jaccard(trigramSet('cat'), trigramSet('cap'))).toBeCloseTo(2 / 6);
  });

  it('measures containment as the share of the smaller set found in the larger (a fusion input)', () => {
    const short = trigramSet('ORBIT');
    const long = trigramSet('ORBIT SPACE DELIVERY SERVICES');
    expect(containment(short, long)).toBe(1);
    expect(containment(long, short)).toBe(1);
    expect(jaccard(short, long)).toBeLessThan(0.3);
    expect(containment(trigramSet('cat'), trigramSet('cap'))).toBeCloseTo(2 / 4);
    expect(containment(trigramSet(''), long)).toBe(0);
  });

  it('ranks the target among the corpus, splitting ties evenly, and gives null without a shared trigram', () => {
    const corpus = ['SEIKO', 'SEYCOS', 'ZEBRA', 'SEIKO'].map(trigramSet);
    expect(trigramRank('SEIKO', corpus, 0)).toBe(1);
    expect(trigramRank('SEIKO', corpus, 1)).toBe(3);
    expect(trigramRank('SEIKO', corpus, 2)).toBeNull();
  });

  it('ranks a target under any score, ties split evenly or all won, and gives null to a score of 0 or less', () => {
    const scores = [0.9, 0.5, 0.5, 0.5, 0.5, 0, -1];
    expect(rankOf(scores, 0)).toEqual({ even: 1, best: 1 });
    // Three other marks tie with it: one is put before it, two after; or all three after.
    expect(rankOf(scores, 2)).toEqual({ even: 3, best: 2 });
    expect(rankOf(scores, 5)).toBeNull();
    expect(rankOf(scores, 6)).toBeNull();
  });
});

describe('false alarms', () => {
  it('draws the same sample for the same seed', () => {
    const items = Array.from({ length: 1000 }, (_, i) => i);
    expect(seededSample(items, 5, 7)).toEqual(seededSample(items, 5, 7));
    expect(new Set(seededSample(items, 200, 7)).size).toBe(200);
  });

  it('splits the queries into tune and test halves by their text, the same on every run', () => {
    const halves = Array.from({ length: 400 }, (_, i) => queryHalf(`MARK ${i}`));
    expect(queryHalf('MARK 1')).toBe(halves[1]);
    const test = halves.filter((h) => h === 'test').length;
    expect(test).toBeGreaterThan(150);
    expect(test).toBeLessThan(250);
  });

  it('counts not-similar labels per tier and lists unlabelled hits', () => {
    const labels = new Map([
      ['A\u0000B', 'not_similar'],
      ['A\u0000C', 'similar'],
    ]);
    const s = summarise(
      [
        { query: 'A', hit: 'B', tier: 'similar' },
        { query: 'A', hit: 'C', tier: 'identical' },
        { query: 'A', hit: 'D', tier: 'similar' },
      ],
      labels,
    );
    expect(s).toMatchObject({ hits: 3, labelled: 2, not_similar: 1, share_not_similar: 0.5 });
    expect(s.by_tier.similar).toEqual({ labelled: 1, not_similar: 1 });
    expect(s.unlabelled).toEqual([{ query: 'A', hit: 'D', tier: 'similar' }]);
  });
});

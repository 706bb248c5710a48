// The recall-first q-gram path and the filled result list (issue 10, class 1). Real EUIPO marks
// from data/similarity go into a real store; the candidates of each query must hold a trigram
// scan's top 50 (without the path they hold about a third of it), and a search returns `limit`
// rows whenever it has candidates, the weak ones tiered `related`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topCoverage } from '../../bench/lib/trigram-baseline.js';
import { searchTrademarks } from '../../src/ops/search-trademarks.js';
import { CHANNELS, DEFAULT_CHANNELS } from '../../src/search/params.js';
import { RELATED_MIN } from '../../src/search/score.js';
import { gramCandidates } from '../../src/search/qgram.js';
import type { GramList } from '../../src/store/gram-postings.js';

/** A batch reader over a per-key one, as the store's reads answer: per key in the order asked. */
const perKey = (read: (h: number, min: number, max: number) => GramList[]) => async (hashes: readonly number[], min: number, max: number) =>
  hashes.map((h) => read(h, min, max));
import { fold } from '../../src/search/normalize.js';
import { jaccard, trigrams, trigramSet } from '../../src/search/trigram.js';
import { makeRecord, tempContext, type TempContext } from '../helpers/factory.js';
import { sqliteDb } from '../../src/store/sqlite/store.js';
import { itOnSqlite } from '../helpers/test-backend.js';

const NOW = '2026-11-22T12:00:00.000Z';
const MARKS = 3000;
let t: TempContext;
let texts: string[];

beforeAll(async () => {
  t = tempContext(NOW);
  const euipo = JSON.parse(gunzipSync(readFileSync(join(import.meta.dirname, '..', '..', 'data', 'similarity', 'euipo-2020-texts.json.gz'))).toString('utf8')) as {
    marks: [string, string, string | null][];
  };
  texts = euipo.marks.slice(0, MARKS).map((m) => m[1]);
  const records = texts.map((text, i) => makeRecord({ mark_text: text, office_code: 'EM', application_number: String(100000 + i) }));
  await t.ctx.store.trademarks.upsert(records, NOW);
  await t.ctx.index.sync();
}, 60_000);
afterAll(async () => t.cleanup());

describe('trigrams', () => {
  it('pads each word as pg_trgm does and keeps a set', () => {
    expect(trigrams('ab ab')).toEqual(['  a', ' ab', 'ab ']);
    expect(trigrams('kodak').length).toBe(6);
    expect(jaccard(trigramSet('KODAK'), trigramSet('kodak'))).toBe(1);
  });

  it('hashes each distinct trigram of the folded words once, sorted', () => {
    for (const text of ['aaa aaa', 'Straße-Café', 'ab', '北京 饭店 北京']) {
      const set = trigramSet(text);
      expect(set.length).toBe(trigrams(fold(text)).length);
      expect([...set]).toEqual([...set].sort((a, b) => a - b));
    }
    expect(jaccard(trigramSet('kodak'), trigramSet('kodal'))).toBeCloseTo(4 / 8);
  });

  it('counts every list in the length window exactly and keeps the best Jaccard, then the best containment', async () => {
    // The query has 4 trigrams. Mark 1 shares all four (Jaccard 1); mark 2 three of its 3 (contained,
    // Jaccard 0.75); mark 3 three of its 12 (Jaccard 3/13); 5000 marks of 4 trigrams share only the common one.
    const grams = ['aaa', 'bbb', 'ccc', 'ddd'];
    const lists: Record<string, GramList[]> = {
      'g:aaa': [{ len: 4, mids: Uint32Array.of(1) }, { len: 12, mids: Uint32Array.of(3) }],
      'g:bbb': [{ len: 3, mids: Uint32Array.of(2) }, { len: 4, mids: Uint32Array.of(1) }, { len: 12, mids: Uint32Array.of(3) }],
      'g:ccc': [{ len: 3, mids: Uint32Array.of(2) }, { len: 4, mids: Uint32Array.from({ length: 5001 }, (_, i) => (i === 0 ? 1 : 100 + i)) }],
      'g:ddd': [{ len: 3, mids: Uint32Array.of(2) }, { len: 4, mids: Uint32Array.of(1) }, { len: 12, mids: Uint32Array.of(3) }],
    };
    const keys = Object.keys(lists);
    const windows: [number, number][] = [];
    const read = (h: number, min: number, max: number): GramList[] => {
      windows.push([min, max]);
      return lists[keys[h]!]!.filter((l) => l.len >= min && l.len <= max);
    };
    const hash = (k: string) => keys.indexOf(k);
    expect(await gramCandidates(grams, hash, perKey(read), 2, 0)).toEqual([1, 2]);
    // Fewer than 50 marks reach a Jaccard of 0.3 (window 2 to 13 trigrams), so the query counts
    // again at 0.15 (1 to 26 trigrams), reading only the counts outside the first window, once per key.
    expect(windows.slice(0, 4)).toEqual(Array(4).fill([2, 13]));
    expect(windows.slice(4).sort()).toEqual([...Array(4).fill([1, 1]), ...Array(4).fill([14, 26])].sort());
    // By Jaccard alone, mark 3 (3/13) ranks below mark 2 (3/4) and above the 5000 (1/7).
    expect(await gramCandidates(grams, hash, perKey(read), 3, 0)).toEqual([1, 2, 3]);
    // One more by containment: mark 3 has 3 of the query's 4 (0.75), the 5000 one of 4.
    expect(await gramCandidates(grams, hash, perKey(read), 1, 2)).toEqual([1, 2, 3]);
  });
});

describe('the prefix filter', () => {
  // 50 marks share all 4 query trigrams (Jaccard 1); mark 999 shares only the commonest one (1/7).
  const lists = (close: number): Record<string, GramList[]> => {
    const all = Uint32Array.from({ length: close }, (_, i) => i + 1);
    return {
      'g:aaa': [{ len: 4, mids: all }],
      'g:bbb': [{ len: 4, mids: all }],
      'g:ccc': [{ len: 4, mids: all }],
      'g:ddd': [{ len: 4, mids: Uint32Array.from([...all, 999]) }],
    };
  };
  const run = (close: number) => {
    const l = lists(close);
    const keys = Object.keys(l);
    return gramCandidates(['aaa', 'bbb', 'ccc', 'ddd'], (k) => keys.indexOf(k), perKey((h, min, max) => l[keys[h]!]!.filter((x) => x.len >= min && x.len <= max)), 500, 0);
  };

  it('lets the commonest list only count marks met in rarer ones when 50 marks reach the high floor', async () => {
    const kept = await run(50);
    expect(kept).toHaveLength(50);
    expect(kept).not.toContain(999);
  });

  it('reads every list whole at the low floor when fewer reach the high one, so a one-trigram mark is a candidate', async () => {
    const kept = await run(49);
    expect(kept).toHaveLength(50);
    expect(kept.at(-1)).toBe(999);
  });
});

describe('the last pass', () => {
  // Seven query trigrams: 49 marks share all of them (fewer than 50 reach either floor), mark 999
  // shares only the commonest one, whose list also holds `filler` marks that share nothing else.
  const run = (filler: number) => {
    const grams = ['aa1', 'aa2', 'aa3', 'aa4', 'aa5', 'aa6', 'aa7'];
    const close = Array.from({ length: 49 }, (_, i) => i + 1);
    const l: Record<string, GramList[]> = Object.fromEntries(grams.map((g) => [`g:${g}`, [{ len: 7, mids: Uint32Array.from(close) }]]));
    l['g:aa7'] = [{ len: 7, mids: Uint32Array.from([...close, 999, ...Array.from({ length: filler }, (_, i) => 100_000 + i)]) }];
    const keys = Object.keys(l);
    return gramCandidates(grams, (k) => keys.indexOf(k), perKey((h, min, max) => l[keys[h]!]!.filter((x) => x.len >= min && x.len <= max)), 500, 0);
  };

  it('opens marks from every list in a store of fewer than 20,000 marks, as a full scan would', async () => {
    expect(await run(0)).toContain(999);
  });

  it('lets a list of more than 20,000 marks only count marks met in the others', async () => {
    const kept = await run(20_000);
    expect(kept).toHaveLength(49);
    expect(kept).not.toContain(999);
  });
});

describe('the q-gram candidate path', () => {
  itOnSqlite("reaches a trigram scan's top 50 for stored marks searched with a typo or a word dropped", async () => {
    const rows = sqliteDb(t.ctx.store).prepare('SELECT mid, folded FROM search_mark ORDER BY mid').raw().all() as [number, string][];
    const sets = rows.map((r) => trigramSet(r[1]));
    const ids = rows.map((r) => r[0]);
    const queries = texts.filter((_, i) => i % 100 === 7).flatMap((s) => [s, s.slice(0, 2) + s.slice(3), s.split(' ').slice(0, -1).join(' ') || s]);
    const shares: number[] = [];
    for (const q of queries) {
      const c = topCoverage(q, sets, ids, new Set(await t.ctx.index.candidates(q, new Set(DEFAULT_CHANNELS))));
      if (c !== null) shares.push(c);
    }
    expect(shares.length).toBeGreaterThan(60);
    expect(shares.reduce((a, b) => a + b, 0) / shares.length).toBeGreaterThan(0.98);
  });
});

describe('a short result list', () => {
  const search = async (q: string, limit: number) => (await searchTrademarks.run(t.ctx, searchTrademarks.input.parse({ q, limit, include: 'match_details' }))).data;

  it('comes back with limit rows when the store has candidates, the weak ones related with their best lane', async () => {
    const rows = await search('ZYQUORAX', 20);
    expect(rows).toHaveLength(20);
    for (const r of rows) {
      expect(r.match!.tier).toBe('related');
      expect(r.match!.via.length).toBeGreaterThan(0);
      const lanes = Object.values(r.match!.details!.lanes as Record<string, number>);
      expect(Math.max(...lanes)).toBeGreaterThan(0);
    }
    const scores = rows.map((r) => r.relevance_score!);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(scores.at(-1)!).toBeLessThan(50);
  });

  it('keeps real hits first and pages on into the weak ones', async () => {
    const first = await search(texts[7]!, 5);
    expect(first[0]!.mark_text).toBe(texts[7]);
    const more = await search(texts[7]!, 100);
    expect(more.length).toBe(100);
    expect(more.slice(0, 5).map((r) => r.id)).toEqual(first.map((r) => r.id));
  });
});

describe('the weak rows that fill a short list', () => {
  // LAB is in 250 marks here, so it is a common element; a mark that is only LAB (or only 100)
  // fails as a hit on commonness, and must not come back above the real hits as a filling row.
  it('score below every hit, commonness included, so they rank after the hits', async () => {
    const s = tempContext(NOW);
    try {
      const marks = ['HEITEAU', 'HEITEAUX', 'LAB', '100', 'LABS', ...texts.slice(0, 250).map((w) => `${w.split(' ')[0]} LAB`)];
      await s.ctx.store.trademarks.upsert(marks.map((text, i) => makeRecord({ mark_text: text, office_code: 'EM', application_number: String(300000 + i) })), NOW);
      await s.ctx.index.sync();
      const channels = new Set(CHANNELS);
      const hits = new Set((await s.ctx.index.exhaustive('HEITEAU 100 LABS', channels, 10_000)).map((h) => h.mid));
      const rows = await s.ctx.index.search('HEITEAU 100 LABS', channels, {}, 'relevance', 100);
      const weak = rows.filter((r) => !hits.has(r.mid));
      expect(weak.length).toBeGreaterThan(0);
      for (const r of weak) expect(r.scored.score, r.scored.terms.join(' ')).toBeLessThan(RELATED_MIN);
      const firstWeak = rows.findIndex((r) => !hits.has(r.mid));
      expect(rows.slice(firstWeak).every((r) => !hits.has(r.mid))).toBe(true);
    } finally {
      await s.cleanup();
    }
  });
});

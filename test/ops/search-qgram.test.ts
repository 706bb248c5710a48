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
import { DEFAULT_CHANNELS } from '../../src/search/params.js';
import { gramCandidates, packPosting, type GramReader } from '../../src/search/qgram.js';
import { fold } from '../../src/search/normalize.js';
import { jaccard, trigrams, trigramSet } from '../../src/search/trigram.js';
import { makeRecord, tempContext, type TempContext } from '../helpers/factory.js';

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

  it('reads rare trigrams whole, caps common ones, and keeps the best estimated Jaccard', () => {
    // Mark 1 shares every trigram, mark 2 two of them; 5000 marks share only the common one.
    const grams = ['aaa', 'bbb', 'ccc'];
    const postings: Record<string, [number, number][]> = {
      'g:aaa': [[1, 3]],
      'g:bbb': [[1, 3], [2, 4]],
      'g:ccc': [[2, 4], [1, 3], ...Array.from({ length: 5000 }, (_, i) => [100 + i, 3] as [number, number])],
    };
    const keys = Object.keys(postings);
    const read: number[] = [];
    const reader: GramReader = {
      counts: (hashes, _min, _max, limit) => hashes.map((h) => Math.min(limit, postings[keys[h]!]!.length)),
      postings: (h, _min, _max, cap) => {
        read.push(cap);
        return postings[keys[h]!]!.slice(0, cap).map(([mid, len]) => packPosting(mid, len));
      },
    };
    expect(gramCandidates(grams, (k) => keys.indexOf(k), reader, 2)).toEqual([1, 2]);
    expect(Math.max(...read)).toBeLessThan(5000);
  });
});

describe('the q-gram candidate path', () => {
  it("reaches a trigram scan's top 50 for stored marks searched with a typo or a word dropped", async () => {
    const rows = t.ctx.store.db.prepare('SELECT mid, folded FROM search_mark ORDER BY mid').raw().all() as [number, string][];
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

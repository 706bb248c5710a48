// Candidate generation on the query side: each mark below is reachable by one path only (two-edit
// deletion keys, the prefix key from five characters, one-character words, a short prefix), so
// each test fails if that path is lost. The read cache must never serve a mark's old text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareMarks } from '../../src/ops/clearance/compare-marks.js';
import { searchTrademarks } from '../../src/ops/search-trademarks.js';
import { editsOf } from '../../src/search/analyze.js';
import { makeRecord, tempContext, type TempContext } from '../helpers/factory.js';

let t: TempContext;
const NOW = '2026-11-22T12:00:00.000Z';
const MARKS = ['ANALOGIST', 'SHADOW', 'U', 'O H P', 'GARDENIA', 'ZEPHYR LINE'];

beforeAll(async () => {
  t = tempContext(NOW);
  const records = MARKS.map((mark, i) => makeRecord({ mark_text: mark, office_code: 'US', application_number: String(5000 + i) }));
  await t.ctx.store.trademarks.upsert(records, NOW);
  await t.ctx.index.sync();
});
afterAll(async () => t.cleanup());

const found = async (q: string): Promise<string[]> =>
  (await searchTrademarks.run(t.ctx, searchTrademarks.input.parse({ q }))).data.map((r) => r.mark_text ?? '');

describe('query-side candidates', () => {
  it('finds a mark one shorter with a substitution (two edits) through the query deletion keys', async () => {
    expect(await found('AGROLOGIST')).toContain('ANALOGIST');
  });

  it('finds a mark sharing the first four characters of a five-character query', async () => {
    expect(await found('SHADL')).toContain('SHADOW');
  });

  it('finds a one-character mark that is a word of the query', async () => {
    expect(await found('U NICK')).toContain('U');
  });

  it('finds a longer mark that starts with a two-character query', async () => {
    expect(await found('O H')).toContain('O H P');
  });

  it('lists every one-edit neighbour of a short query for the exact n: keys, not the query itself', () => {
    const edits = editsOf('vaby');
    expect(edits).toEqual(expect.arrayContaining(['valy', 'vby', 'vabby', 'avby', 'vab1']));
    expect(edits).not.toContain('vaby');
    expect(new Set(edits).size).toBe(edits.length);
  });

  it('judges a hit by the pair alone: marks added to the store leave its score as it was, and as compare gives it', async () => {
    await t.ctx.store.trademarks.upsert([makeRecord({ mark_text: 'ZORBLAX', office_code: 'US', application_number: '6000' })], NOW);
    await t.ctx.index.sync();
    const score = async () => {
      const rows = (await searchTrademarks.run(t.ctx, searchTrademarks.input.parse({ q: 'ZORBLAX MEDIA' }))).data;
      return rows.find((r) => r.mark_text === 'ZORBLAX')!.relevance_score!;
    };
    const before = await score();
    const many = Array.from({ length: 250 }, (_, i) => makeRecord({ mark_text: `ZORBLAX ${String.fromCharCode(65 + (i % 26))}${i}`, office_code: 'US', application_number: String(6001 + i) }));
    await t.ctx.store.trademarks.upsert(many, NOW);
    await t.ctx.index.sync();
    expect(await score()).toBe(before);
    const compared = await compareMarks.run(t.ctx, compareMarks.input.parse({ a: 'ZORBLAX MEDIA', b: 'ZORBLAX' }));
    expect(compared.relevance_score).toBe(before);
  });

  it('scores a mark by its new text after it changes, not by a cached form', async () => {
    expect(await found('GARDENIA')).toContain('GARDENIA');
    await t.ctx.store.trademarks.upsert([makeRecord({ mark_text: 'ZEPHYR LANE', office_code: 'US', application_number: '5004', source_date: '2030-01-01' })], NOW);
    await t.ctx.index.sync();
    expect(await found('GARDENIA')).not.toContain('ZEPHYR LANE');
    expect((await found('ZEPHYR LANE'))[0]).toBe('ZEPHYR LANE');
  });
});

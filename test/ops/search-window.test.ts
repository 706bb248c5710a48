// The relevance and sort window of spec §8: after 10,000 rows `has_more` is false and the
// `result_window_reached` warning is set, even though more rows match.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULT_WINDOW, searchTrademarks } from '../../src/ops/search-trademarks.js';
import { makeRecord, tempContext, type TempContext } from '../helpers/factory.js';

let t: TempContext;
const MATCHING = RESULT_WINDOW + 50;

beforeAll(async () => {
  t = tempContext();
  const records = Array.from({ length: MATCHING }, (_, i) =>
    makeRecord({
      office_code: 'GB',
      application_number: `UK${String(i).padStart(8, '0')}`,
      mark_text: `WINDOW MARK ${i}`,
      filing_date: `20${String(10 + (i % 15)).padStart(2, '0')}-0${1 + (i % 9)}-1${i % 10}`,
    }),
  );
  for (let i = 0; i < records.length; i += 2000) await t.ctx.store.trademarks.upsert(records.slice(i, i + 2000), '2026-01-01T00:00:00.000Z');
  await t.ctx.index.sync();
}, 120_000);
afterAll(async () => t.cleanup());

describe('result window', () => {
  it('pages up to 10,000 rows, then stops with has_more false and result_window_reached', async () => {
    let cursor: string | undefined;
    let seen = 0;
    let last: Awaited<ReturnType<typeof searchTrademarks.run>> | null = null;
    for (let page = 0; page < 200; page++) {
      last = await searchTrademarks.run(t.ctx, searchTrademarks.input.parse({ offices: ['GB'], limit: 100, ...(cursor ? { cursor } : {}) }));
      seen += last.data.length;
      if (!last.has_more) break;
      expect(last.search_meta.warnings.map((w) => w.code)).not.toContain('result_window_reached');
      cursor = last.pagination.cursor ?? undefined;
    }
    expect(seen).toBe(RESULT_WINDOW);
    expect(last?.has_more).toBe(false);
    expect(last?.pagination.cursor).toBeNull();
    expect(last?.search_meta.warnings.map((w) => w.code)).toContain('result_window_reached');
  }, 120_000);
});

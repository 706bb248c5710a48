// Filing analytics on real office files (USPTO daily XML, EUIPO): counts by filing year per office,
// class and status agree with the records, filters narrow them, and the CLI view draws bars.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestFiles } from '../../src/ingest/pipeline.js';
import { getFilingAnalytics } from '../../src/ops/analytics/filing-analytics.js';
import { renderFilingAnalytics } from '../../src/cli/views/analytics-view.js';
import type { TrademarkRecord } from '../../src/core/schemas/trademark.js';
import { tempContext, type TempContext } from '../helpers/factory.js';
import { callOp, errorOf } from '../helpers/ops.js';

let t: TempContext;
const records: TrademarkRecord[] = [];
beforeAll(async () => {
  t = tempContext();
  expect((await ingestFiles(t.ctx, ['fixtures/uspto/daily-xml/apc180218-sample.xml', 'fixtures/euipo/tm_list_size10.json'])).failed_files).toEqual([]);
  for await (const b of t.ctx.store.trademarks.scan({})) records.push(...b);
});
afterAll(async () => {
  await t.cleanup();
});

const run = (raw: Record<string, unknown>) => callOp(t.ctx, getFilingAnalytics, raw);

describe('get_filing_analytics', () => {
  it('counts every mark once per office by filing year', async () => {
    const out = await run({ group_by: 'office' });
    expect(out.total).toBe(records.length);
    expect(out.undated).toBe(records.filter((r) => !r.filing_date).length);
    expect(out.series.map((s) => s.key).sort()).toEqual(['EM', 'US']);
    for (const s of out.series) {
      expect(s.total).toBe(records.filter((r) => r.office_code === s.key && r.filing_date).length);
      expect(s.counts.reduce((a, b) => a + b, 0)).toBe(s.total);
    }
    // Periods are the distinct filing years, in order.
    expect(out.periods).toEqual([...new Set(records.filter((r) => r.filing_date).map((r) => r.filing_date!.slice(0, 4)))].sort());
  });

  it('splits by class (a mark once per class), narrows by office and years, and by month', async () => {
    const byClass = await run({ group_by: 'class', office: 'US' });
    const us = records.filter((r) => r.office_code === 'US' && r.filing_date);
    const nine = us.filter((r) => r.classifications.some((c) => c.nice_class === 9)).length;
    expect(byClass.series.find((s) => s.key === '9')?.total ?? 0).toBe(nine);
    const recent = await run({ group_by: 'none', filed_from: '2010' });
    expect(recent.total).toBe(records.filter((r) => !r.filing_date || r.filing_date >= '2010').length);
    expect(recent.periods.every((p) => p >= '2010')).toBe(true);
    expect((await run({ interval: 'month' })).periods.every((p) => /^\d{4}-\d{2}$/.test(p))).toBe(true);
  });

  it('refuses an owner that is not an id, and draws bars on the terminal', async () => {
    expect((await errorOf(run({ owner: 'acme' }))).type).toBe('id_type_mismatch');
    const text = renderFilingAnalytics(await run({ group_by: 'status' }));
    expect(text).toMatch(/█/);
    expect(text).toMatch(new RegExp(`${records.length} marks`));
  });
});

// A portfolio's composition and renewal load on real office files (USPTO daily XML, EUIPO): the
// counts agree with the records, the load agrees with the docket rows of the same types and their
// fees, a portfolio of the organization scopes both, and the CLI views draw bars.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderComposition, renderRenewalLoad } from '../../src/cli/views/analytics-view.js';
import type { TrademarkRecord } from '../../src/core/schemas/trademark.js';
import { ingestFiles } from '../../src/ingest/pipeline.js';
import { getPortfolioComposition } from '../../src/ops/analytics/portfolio-composition.js';
import { getRenewalLoad, LOAD_TYPES } from '../../src/ops/analytics/renewal-load.js';
import { collectDeadlineRows } from '../../src/ops/list-deadlines.js';
import { createPortfolio } from '../../src/ops/monitor/portfolio-crud.js';
import { addPortfolioMarks } from '../../src/ops/monitor/portfolio-marks.js';
import { tempContext, type TempContext } from '../helpers/factory.js';
import { callOp, errorOf } from '../helpers/ops.js';

let t: TempContext;
const records: TrademarkRecord[] = [];
beforeAll(async () => {
  t = tempContext('2026-11-22T12:00:00.000Z');
  expect((await ingestFiles(t.ctx, ['fixtures/uspto/daily-xml/apc180218-sample.xml', 'fixtures/euipo/tm_list_size10.json'])).failed_files).toEqual([]);
  for await (const b of t.ctx.store.trademarks.scan({})) records.push(...b);
});
afterAll(async () => {
  await t.cleanup();
});

describe('get_portfolio_composition', () => {
  it('counts every mark by office, status, stage and class', async () => {
    const out = await callOp(t.ctx, getPortfolioComposition, {});
    expect(out.trademarks).toBe(records.length);
    expect(out.by_office).toEqual({ US: records.filter((r) => r.office_code === 'US').length, EM: records.filter((r) => r.office_code === 'EM').length });
    expect(Object.values(out.by_status).reduce((a, b) => a + b, 0)).toBe(records.length);
    expect(out.by_stage['registered']).toBe(records.filter((r) => r.status.stage === 'registered').length);
    expect(out.by_class['9']).toBe(records.filter((r) => r.classifications.some((c) => c.nice_class === 9)).length);
    expect((await callOp(t.ctx, getPortfolioComposition, { office: 'EM', classes: [9] })).trademarks).toBe(
      records.filter((r) => r.office_code === 'EM' && r.classifications.some((c) => c.nice_class === 9)).length,
    );
  });
});

describe('get_renewal_load', () => {
  it('counts the docket rows of renewal and declaration types by due year, with their fees per currency', async () => {
    const out = await callOp(t.ctx, getRenewalLoad, { as_of_date: '2026-11-22' });
    const rows: { due_date: string | null; type: string; state: string; fee_due?: { currency: string; total: number } | null }[] = [];
    for await (const r of collectDeadlineRows(t.ctx, { as_of_date: '2026-11-22' })) rows.push(r);
    const load = rows.filter((r) => (LOAD_TYPES as readonly string[]).includes(r.type) && r.due_date && r.state !== 'not_applicable');
    expect(load.length).toBeGreaterThan(5);
    expect(out.total).toBe(load.length);
    expect(out.marks).toBe(records.length);
    for (const y of out.years) {
      const inYear = load.filter((r) => r.due_date!.startsWith(y.year));
      expect(y.total).toBe(inYear.length);
      for (const f of y.fees) {
        const sum = inYear.filter((r) => r.fee_due?.currency === f.currency).reduce((s, r) => s + r.fee_due!.total, 0);
        expect(f.total).toBeCloseTo(sum, 2);
      }
      expect(y.without_fee).toBe(inYear.filter((r) => !r.fee_due).length);
    }
    expect(out.years.map((y) => y.year)).toEqual([...out.years.map((y) => y.year)].sort());
    const window = await callOp(t.ctx, getRenewalLoad, { as_of_date: '2026-11-22', from_year: 2028, to_year: 2030 });
    expect(window.years.every((y) => y.year >= '2028' && y.year <= '2030')).toBe(true);
  });

  it('scopes both to a portfolio of the organization; a portfolio of another is a 404', async () => {
    const orgA = { ...t.ctx, org: { id: 'org_a', name: 'A', livemode: true } };
    const orgB = { ...t.ctx, org: { id: 'org_b', name: 'B', livemode: true } };
    const p = await createPortfolio.run(orgA, { name: 'Renewals' });
    const us = records.filter((r) => r.office_code === 'US' && r.status.primary === 'active').slice(0, 4);
    await addPortfolioMarks.run(orgA, { id: p.id, trademark_ids: us.map((r) => r.id) });
    const comp = await callOp(orgA, getPortfolioComposition, { portfolio_id: p.id });
    expect(comp.trademarks).toBe(4);
    expect(comp.by_office).toEqual({ US: 4 });
    const load = await callOp(orgA, getRenewalLoad, { portfolio_id: p.id, as_of_date: '2026-11-22' });
    expect(load.marks).toBe(4);
    expect((await errorOf(callOp(orgB, getRenewalLoad, { portfolio_id: p.id }))).type).toBe('not_found');
    expect((await errorOf(callOp(t.ctx, getPortfolioComposition, { owner: 'acme' }))).type).toBe('id_type_mismatch');
  });

  it('draws the composition and the load as bars', async () => {
    expect(renderComposition(await callOp(t.ctx, getPortfolioComposition, {}))).toMatch(/By office\n {2}US +█+ \d+/);
    const text = renderRenewalLoad(await callOp(t.ctx, getRenewalLoad, { as_of_date: '2026-11-22' }));
    expect(text).toMatch(/\d{4} █+ \d+ {2}(USD|EUR) [\d,]+/);
  });
});

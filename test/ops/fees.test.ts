// Fee schedules and estimates: the data files hold their sources, the estimate adds line items
// per class, designation and grace surcharge under the schedule in force on the date, an office
// without a schedule is a 400 naming it, and a docket row shows the fee of its deadline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateFeesOp } from '../../src/ops/fees/estimate-fees.js';
import { feeFiles } from '../../src/ops/fees/schedules.js';
import { listFeeSchedules } from '../../src/ops/fees/list-fee-schedules.js';
import { listDeadlines } from '../../src/ops/list-deadlines.js';
import { readPackageJson } from '../../src/data-files.js';
import { makeRecord, tempContext, type TempContext } from '../helpers/factory.js';
import { callOp, errorOf } from '../helpers/ops.js';

let t: TempContext;
beforeAll(() => {
  t = tempContext();
});
afterAll(async () => {
  await t.cleanup();
});

const estimate = (raw: Record<string, unknown>) => callOp(t.ctx, estimateFeesOp, { date: '2026-11-22', ...raw });

describe('fee schedules', () => {
  it('hold one schedule file for every office tm covers, each schedule and fee with its source and date', async () => {
    const covered = (readPackageJson('data', 'offices.json') as { offices: { code: string }[] }).offices.map((o) => o.code).sort();
    expect([...feeFiles().keys()]).toEqual(covered);
    for (const file of feeFiles().values()) {
      // Every file says how its figures were taken (all are transcribed by hand: none is machine-readable).
      expect(file.source, file.office_code).toMatch(/transcribed by hand|read in public pages/i);
      for (const s of file.schedules) {
        expect(s.source_url).toMatch(/^https?:\/\//);
        expect(s.retrieved).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        // A confirmed figure names the page it was read in; an unconfirmed one says why in its note;
        // a fee without a figure is unconfirmed.
        for (const fee of s.fees) {
          expect(fee.confirmed ? fee.source_url : fee.note, fee.code).toBeTruthy();
          if (fee.amount === undefined && fee.percent === undefined) expect(fee.confirmed, fee.code).toBe(false);
        }
      }
    }
    const list = await callOp(t.ctx, listFeeSchedules, { office: 'EU' });
    expect(list.data.map((f) => [f.office_code, f.currency])).toEqual([['EM', 'EUR']]);
  });
});

describe('estimate_fees', () => {
  it('EUIPO filing: the basic fee covers one class, the second is 50, each further 150', async () => {
    const out = await estimate({ office: 'EM', classes: [9, 25, 42] });
    expect(out.line_items.map((i) => [i.code, i.quantity, i.amount])).toEqual([
      ['basic_fee_e_filing', 1, 850],
      ['second_class', 1, 50],
      ['third_and_further_class', 1, 150],
    ]);
    expect(out).toMatchObject({ currency: 'EUR', total: 1050, confirmed: true, classes: 3 });
    expect((await estimate({ office: 'EM', classes: [9] })).total).toBe(850);
  });

  it('EUIPO late renewal adds 25% of the renewal fees', async () => {
    const out = await estimate({ office: 'EM', action: 'renewal', classes: [3, 9], late: true });
    expect(out.line_items.at(-1)).toMatchObject({ code: 'late_renewal', amount: 225 });
    expect(out.total).toBe(1125);
  });

  it('USPTO renewal is §8 plus §9 per class; the grace surcharges are flagged unconfirmed', async () => {
    const onTime = await estimate({ office: 'US', action: 'renewal', classes: [9, 25, 25] });
    expect(onTime).toMatchObject({ currency: 'USD', classes: 2, total: 1300, confirmed: true });
    const late = await estimate({ office: 'US', action: 'renewal', classes: [9, 25], late: true });
    expect(late.total).toBe(1700);
    expect(late.confirmed).toBe(false);
    expect((await estimate({ office: 'US', classes: [9, 25] })).total).toBe(700);
  });

  it('WIPO Madrid: colour basic fee, supplementary fee beyond three classes, complementary fee per designation', async () => {
    const out = await estimate({ office: 'WO', classes: [1, 2, 3, 4, 5], designations: 2, colour: true });
    expect(out.line_items.map((i) => [i.code, i.quantity, i.amount])).toEqual([
      ['basic_fee_colour', 1, 903],
      ['supplementary_fee', 2, 200],
      ['complementary_fee', 2, 200],
    ]);
    expect(out).toMatchObject({ currency: 'CHF', total: 1303 });
    expect(out.notes.join(' ')).toMatch(/individual fee/);
  });

  it('UKIPO: GBP 170 online with one class, 50 each further; renewal 200 + 50 per extra class, +50 late', async () => {
    const out = await estimate({ office: 'GB', classes: [9, 25, 35] });
    expect(out.line_items.map((i) => [i.code, i.quantity, i.amount])).toEqual([
      ['application_online', 1, 170],
      ['additional_class', 2, 100],
    ]);
    expect(out).toMatchObject({ office_code: 'GB', currency: 'GBP', total: 270, confirmed: true });
    expect(out.line_items[0]!.source_url).toBe('https://www.gov.uk/how-to-register-a-trade-mark/apply');
    expect((await estimate({ office: 'UK', action: 'renewal', classes: [9, 25], late: true })).total).toBe(300);
  });

  it('CIPO: the schedule in force on the date (the 2025 indexation), first class and each additional', async () => {
    expect((await estimate({ office: 'CA', classes: [9, 25], date: '2024-06-01' })).total).toBe(597);
    const y2025 = await estimate({ office: 'CA', classes: [9, 25], date: '2025-06-01' });
    expect(y2025).toMatchObject({ currency: 'CAD', total: 623.27, schedule: { effective_from: '2025-01-01' } });
    expect((await errorOf(estimate({ office: 'CA', classes: [9], date: '2023-12-31' }))).param).toBe('date');
  });

  it('per-class offices (AU, NZ, JP, KR) and offices whose base fee covers three classes (CH)', async () => {
    expect((await estimate({ office: 'AU', classes: [9, 25] })).total).toBe(800);
    expect((await estimate({ office: 'NZ', action: 'renewal', classes: [9, 25, 35] })).total).toBe(600);
    expect((await estimate({ office: 'CH', classes: [1, 2, 3] })).total).toBe(550);
    expect((await estimate({ office: 'CH', classes: [1, 2, 3, 4, 5] })).total).toBe(750);
    // JPO: application 3,400 + 8,600 per class, and the ten-year registration fee per class.
    const jp = await estimate({ office: 'JP', classes: [9, 25] });
    expect(jp).toMatchObject({ currency: 'JPY', total: 3400 + 2 * 8600 + 2 * 32900, confirmed: true });
    // A late JPO renewal pays the renewal fee twice (flagged: no page in reach states it).
    expect(await estimate({ office: 'JP', action: 'renewal', classes: [9], late: true })).toMatchObject({ total: 87200, confirmed: false });
    expect((await estimate({ office: 'KR', classes: [9] })).line_items[0]).toMatchObject({ code: 'application_per_class', amount: 52000, confirmed: true });
  });

  it('a fee the office charges whose figure is not held is named in the notes, left out of the total, and unconfirms it', async () => {
    const one = await estimate({ office: 'BX', classes: [9] });
    expect(one).toMatchObject({ currency: 'EUR', total: 244, confirmed: true, notes: [] });
    const two = await estimate({ office: 'BX', classes: [9, 25] });
    expect(two).toMatchObject({ total: 244, confirmed: false });
    expect(two.notes).toEqual(['Not included, figure not held: Supplement for each class beyond the first.']);
  });

  it('an office without a schedule, an unknown office and a date before every schedule are 400s naming them', async () => {
    const cn = await errorOf(estimate({ office: 'CN', classes: [9] }));
    expect(cn).toMatchObject({ type: 'validation_error', param: 'office' });
    expect(cn.message).toBe('No fee schedule for office CN.');
    expect((await errorOf(estimate({ office: 'QQ', classes: [9] }))).message).toMatch(/'QQ' is not a known office code/);
    const early = await errorOf(estimate({ office: 'US', classes: [9], date: '2020-01-01' }));
    expect(early).toMatchObject({ type: 'validation_error', param: 'date' });
    expect(early.message).toMatch(/No US fee schedule in force on 2020-01-01; the earliest held took effect on 2025-01-18/);
  });
});

describe('fee due on docket rows', () => {
  const cls = (nice_class: number) => ({ nice_class, goods_services: null, class_status: null, first_use_date: null, first_use_in_commerce_date: null, office_classes: [] });

  it('shows the fee of a US §8 declaration for the mark\'s classes, with the grace surcharge once in grace', async () => {
    const mark = makeRecord({
      application_number: '88000001',
      registration_number: '6000001',
      registration_date: '2020-06-09',
      status: { primary: 'active', stage: 'registered' },
      classifications: [cls(9), cls(25), cls(25)],
    });
    await t.ctx.store.trademarks.upsert([mark], '2026-01-01T00:00:00.000Z');
    const row = async (asOf: string) =>
      (await callOp(t.ctx, listDeadlines, { as_of_date: asOf, ids: [mark.id], limit: 100 })).data.find((r) => r.type === 'declaration_of_use');
    // §8 between the 5th and 6th anniversaries: due 2026-06-09, two classes under the 2025 schedule.
    expect((await row('2026-01-01'))?.fee_due).toEqual({ action: 'declaration_of_use', currency: 'USD', total: 650, classes: 2, late: false, confirmed: true, schedule_effective_from: '2025-01-18' });
    const grace = await row('2026-08-01');
    expect(grace?.state).toBe('in_grace');
    expect(grace?.fee_due).toMatchObject({ total: 850, late: true, confirmed: false });
  });

  it('shows the fee of offices beyond US, EM and WO (a GB renewal)', async () => {
    const gb = makeRecord({ office_code: 'GB', application_number: 'UK00003500001', registration_number: 'UK00003500001', filing_date: '2016-06-09', registration_date: '2016-10-01', status: { primary: 'active', stage: 'registered' }, classifications: [cls(9), cls(42)] });
    await t.ctx.store.trademarks.upsert([gb], '2026-01-01T00:00:00.000Z');
    const rows = (await callOp(t.ctx, listDeadlines, { as_of_date: '2026-01-01', ids: [gb.id], limit: 100 })).data;
    expect(rows.find((r) => r.type === 'renewal')?.fee_due).toEqual({ action: 'renewal', currency: 'GBP', total: 250, classes: 2, late: false, confirmed: true, schedule_effective_from: '2008-10-01' });
  });

  it('shows no fee where the due date precedes every schedule', async () => {
    const old = makeRecord({ application_number: '88000002', registration_number: '5000001', registration_date: '2014-06-09', status: { primary: 'active', stage: 'registered' } });
    await t.ctx.store.trademarks.upsert([old], '2026-01-01T00:00:00.000Z');
    const rows = (await callOp(t.ctx, listDeadlines, { as_of_date: '2019-01-01', ids: [old.id], limit: 100 })).data;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.fee_due === null)).toBe(true);
  });
});

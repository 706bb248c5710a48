// The three deadline operations against a temporary store: list_deadlines (filters, urgency,
// sorting, paging, paid cycles), compute_deadlines (input order, references, settings, regions)
// and list_deadline_rules.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeContext, createContext, type Context } from '../../src/context.js';
import { emptyRecord } from '../../src/core/empty-record.js';
import type { TrademarkRecord } from '../../src/core/schemas/trademark.js';
import { TmError } from '../../src/errors.js';
import { computeDeadlines } from '../../src/ops/compute-deadlines.js';
import { listDeadlineRules } from '../../src/ops/list-deadline-rules.js';
import { listDeadlines } from '../../src/ops/list-deadlines.js';
import { OPERATIONS } from '../../src/ops/registry.js';
import { releaseLocation, storeLocation } from '../helpers/test-backend.js';

let dir: string;
let ctx: Context;

/** A registered US mark whose id is kept as given, so tests can name it. */
const makeRecord = (id: string, over: Partial<TrademarkRecord>): TrademarkRecord => ({
  ...emptyRecord('US', id.slice(3), 'test'),
  id,
  mark_text: `MARK ${id}`,
  mark_type: 'word',
  status: { primary: 'active', stage: 'registered', reason: null, challenges: [], effective_date: null, basis: 'office', raw: null },
  ...over,
});

const owner = (name: string) => ({ owner_id: `own_${name.toLowerCase().replace(/\W/g, '')}`, entity_id: null, name, entity_type: null, nationality: null, role: 'owner', address: null });

const failure = async (p: Promise<unknown>): Promise<TmError> => {
  try {
    await p;
  } catch (err) {
    if (err instanceof TmError) return err;
    throw err;
  }
  throw new Error('expected a TmError');
};

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tm-deadlines-'));
  ctx = createContext({ db: storeLocation(dir), now: '2026-11-22T10:00:00Z' });
  await ctx.store.trademarks.upsert(
    [
      // US: §8 6th year in grace as of 2025-06-15 (US-01), renewal 2029.
      makeRecord('tm_us01', { registration_date: '2019-04-02', filing_date: '2017-11-06', owners: [owner('Acme Corp')] }),
      // EM: expired 2025-03-15, renewal window open in 2025.
      makeRecord('tm_em01', { office_code: 'EM', filing_date: '2015-03-15', registration_date: '2015-07-25', owners: [owner('Beta GmbH')] }),
      // EM renewed: office-stated expiry 2034 (paid cycle must not show as missed).
      makeRecord('tm_em05', { office_code: 'EM', filing_date: '2014-11-20', registration_date: '2015-03-02', expiry_date: '2034-11-20', owners: [owner('Acme Corp')] }),
      // AU: in grace as of 2025-12-01.
      makeRecord('tm_au01', { office_code: 'AU', filing_date: '2015-08-31', registration_date: '2016-04-20' }),
      // A pending application: no term rows.
      makeRecord('tm_pend', { status: { primary: 'pending', stage: 'published', reason: null, challenges: [], effective_date: null, basis: 'office', raw: null }, filing_date: '2024-08-12', publication_date: '2025-06-03' }),
    ],
    '2026-11-22T10:00:00Z',
  );
});
afterEach(async () => {
  await closeContext(ctx);
  await releaseLocation(ctx.config.dbPath);
  rmSync(dir, { recursive: true, force: true });
});

describe('list_deadlines', () => {
  it('is registered with its scope, meter and route', () => {
    const op = OPERATIONS.find((o) => o.name === 'list_deadlines');
    expect(op).toMatchObject({ scope: 'trademarks:read', meter: 'read', http: { method: 'GET', path: '/v1/deadlines' }, cli: { command: 'deadlines' } });
    expect(OPERATIONS.find((o) => o.name === 'compute_deadlines')?.http).toEqual({ method: 'POST', path: '/v1/deadlines/compute' });
    expect(OPERATIONS.find((o) => o.name === 'list_deadline_rules')?.meter).toBe('reference');
  });

  it('lists rows sorted by due date, with the rolled date and urgency as of the date', async () => {
    const out = await listDeadlines.run(ctx, listDeadlines.input.parse({ as_of_date: '2025-06-15', limit: 100 }));
    const dues = out.data.map((r) => r.due_date ?? '9999');
    expect([...dues].sort()).toEqual(dues);
    const s8 = out.data.find((r) => r.trademark_id === 'tm_us01' && r.rule_id === 'us_s8_6yr');
    expect(s8).toMatchObject({ state: 'in_grace', urgency: 'overdue', grace_expiry_date: '2025-10-02', mark_text: 'MARK tm_us01', owner_names: ['Acme Corp'] });
    expect(out.data.some((r) => r.trademark_id === 'tm_pend')).toBe(false);
    const em05 = out.data.filter((r) => r.trademark_id === 'tm_em05');
    expect(em05.map((r) => r.occurrence_key)).toEqual(['em_renewal:2']);
  });

  it('filters by office, owner name, due window and urgency', async () => {
    const run = (q: Record<string, unknown>) => listDeadlines.run(ctx, listDeadlines.input.parse({ as_of_date: '2025-06-15', limit: 100, ...q }));
    expect((await run({ office: 'em' })).data.every((r) => r.office_code === 'EM')).toBe(true);
    const acme = await run({ owner: 'acme' });
    expect(new Set(acme.data.map((r) => r.trademark_id))).toEqual(new Set(['tm_us01', 'tm_em05']));
    const before = await run({ due_before: '2025-12-31' });
    expect(before.data.length).toBeGreaterThan(0);
    expect(before.data.every((r) => r.due_date !== null && r.due_date <= '2025-12-31')).toBe(true);
    const overdue = await run({ urgency: 'overdue' });
    expect(overdue.data.map((r) => r.trademark_id).sort()).toEqual(['tm_em01', 'tm_us01']);
    const soon = await listDeadlines.run(ctx, listDeadlines.input.parse({ as_of_date: '2025-02-20', urgency: 'due_30', limit: 100 }));
    expect(soon.data.map((r) => `${r.trademark_id}:${r.due_date}`)).toEqual(['tm_em01:2025-03-17']);
  });

  it('omits missed rows unless asked, and never lists a paid cycle as missed', async () => {
    const asOf = '2027-06-01';
    const plain = await listDeadlines.run(ctx, listDeadlines.input.parse({ as_of_date: asOf, limit: 100 }));
    expect(plain.data.some((r) => r.state === 'missed')).toBe(false);
    const missed = await listDeadlines.run(ctx, listDeadlines.input.parse({ as_of_date: asOf, urgency: 'missed', limit: 100 }));
    expect(missed.data.length).toBeGreaterThan(0);
    expect(missed.data.every((r) => r.state === 'missed')).toBe(true);
    expect(missed.data.some((r) => r.trademark_id === 'tm_em05')).toBe(false);
  });

  it('pages with a cursor bound to the filters', async () => {
    const first = await listDeadlines.run(ctx, listDeadlines.input.parse({ as_of_date: '2025-06-15', limit: 2 }));
    expect(first.data).toHaveLength(2);
    expect(first.has_more).toBe(true);
    const second = await listDeadlines.run(ctx, listDeadlines.input.parse({ as_of_date: '2025-06-15', limit: 2, cursor: first.pagination.cursor }));
    const all = await listDeadlines.run(ctx, listDeadlines.input.parse({ as_of_date: '2025-06-15', limit: 100 }));
    expect([...first.data, ...second.data].map((r) => r.occurrence_key + r.trademark_id)).toEqual(all.data.slice(0, 4).map((r) => r.occurrence_key + r.trademark_id));
    const err = await failure(listDeadlines.run(ctx, listDeadlines.input.parse({ as_of_date: '2025-06-15', office: 'US', limit: 2, cursor: first.pagination.cursor })));
    expect(err.type).toBe('cursor_invalid');
  });

  it('rejects a wrong id prefix and an unknown urgency', async () => {
    expect((await failure(listDeadlines.run(ctx, listDeadlines.input.parse({ ids: 'own_x' })))).type).toBe('id_type_mismatch');
    expect((await failure(listDeadlines.run(ctx, listDeadlines.input.parse({ urgency: 'soon' })))).type).toBe('validation_error');
  });
});

describe('compute_deadlines', () => {
  it('returns one derived block per item in input order with the reference echoed', async () => {
    const out = await computeDeadlines.run(
      ctx,
      computeDeadlines.input.parse({
        as_of_date: '2025-03-21',
        items: [
          { reference: 'cn-1', office_code: 'cn', status: 'registered', registration_date: '2015-03-21' },
          { reference: 'zz', office_code: 'ZZ', registration_date: '2015-03-21' },
          { office_code: 'EM', status: 'registered', filing_date: '2015-03-15' },
        ],
      }),
    );
    expect(out.items.map((i) => i.reference)).toEqual(['cn-1', 'zz', null]);
    expect(out.items[0]!.derived).toMatchObject({ as_of_date: '2025-03-21', expiry_date: '2025-03-20', term: { state: 'in_grace', grace_expiry_date: '2025-09-22' } });
    expect(out.items[1]!.warnings[0]).toMatch(/^unsupported_office/);
    expect(out.items[1]!.derived.opposition_window).toEqual({ supported: false, reason: 'unsupported_office' });
    expect(out.items[2]!.derived.term.state).toBe('in_grace');
  });

  it('drops missed rows unless include_missed, and applies named settings', async () => {
    const item = { office_code: 'US', status: 'registered', registration_date: '2010-04-02' };
    const without = await computeDeadlines.run(ctx, computeDeadlines.input.parse({ as_of_date: '2026-11-22', items: [item] }));
    const withMissed = await computeDeadlines.run(ctx, computeDeadlines.input.parse({ as_of_date: '2026-11-22', include_missed: true, items: [item] }));
    expect(without.items[0]!.derived.deadlines.items.some((i) => i.state === 'missed')).toBe(false);
    expect(withMissed.items[0]!.derived.deadlines.items.some((i) => i.state === 'missed')).toBe(true);
    const mx = { office_code: 'MX', status: 'registered', registration_date: '2019-07-01' };
    const alt = await computeDeadlines.run(ctx, computeDeadlines.input.parse({ as_of_date: '2022-09-15', settings: { mx_dou_window_end: 'day_before' }, items: [mx] }));
    expect(alt.items[0]!.derived.deadlines.items.find((i) => i.rule_id === 'mx_dou_3yr')?.due_date).toBe('2022-09-30');
    expect((await failure(computeDeadlines.run(ctx, computeDeadlines.input.parse({ settings: { nope: 'x' }, items: [mx] })))).type).toBe('validation_error');
  });

  it('uses the holiday region of the item and rejects an unknown one', async () => {
    // 2026-01-02 (Fri) is a public holiday in the canton of Bern, not a federal one.
    const item = { office_code: 'CH', status: 'registered', filing_date: '2016-01-02' };
    const federal = await computeDeadlines.run(ctx, computeDeadlines.input.parse({ as_of_date: '2025-06-01', items: [item] }));
    const bern = await computeDeadlines.run(ctx, computeDeadlines.input.parse({ as_of_date: '2025-06-01', items: [{ ...item, region: 'BE' }] }));
    const due = (o: typeof federal) => o.items[0]!.derived.deadlines.items.find((i) => i.rule_id === 'ch_renewal');
    expect(due(federal)?.due_date).toBe('2026-01-02');
    expect(due(bern)).toMatchObject({ due_date: '2026-01-05' });
    expect(due(bern)?.roll_reason?.skipped.map((s) => s.date)).toEqual(['2026-01-02', '2026-01-03', '2026-01-04']);
    expect((await failure(computeDeadlines.run(ctx, computeDeadlines.input.parse({ items: [{ ...item, region: 'XX' }] })))).type).toBe('validation_error');
  });
});

describe('list_deadline_rules', () => {
  it('lists the catalog with sources, confidence and settings, filtered by office and type', async () => {
    const all = await listDeadlineRules.run(ctx, listDeadlineRules.input.parse({}));
    const offices = new Set(all.data.map((r) => r.office_code));
    for (const o of ['US', 'EM', 'WO', 'GB', 'CA', 'AU', 'NZ', 'CH', 'BX', 'JP', 'KR', 'FR', 'DE', 'CN', 'MX', 'BR', 'IN', 'SG']) expect(offices.has(o)).toBe(true);
    expect(all.data.every((r) => r.source.length > 0 && ['V', 'S', 'M', 'C'].includes(r.confidence))).toBe(true);
    const us = await listDeadlineRules.run(ctx, listDeadlineRules.input.parse({ office: 'us', type: 'declaration_of_use' }));
    expect(us.data.map((r) => r.rule_id).sort()).toEqual(['us_s71_10yr', 'us_s71_6yr', 'us_s8_6yr']);
    const mx = await listDeadlineRules.run(ctx, listDeadlineRules.input.parse({ office: 'MX' }));
    expect(mx.data[0]!.settings.map((s) => `${s.name}=${s.default}`)).toEqual(['mx_dou_window_end=same_day']);
  });
});

describe('exports for tm deadlines --csv / --ics', () => {
  it('writes every matching row, unpaged, as CSV or ICS', async () => {
    const { exportDeadlines } = await import('../../src/cli/views/deadlines-view.js');
    const filters = listDeadlines.input.parse({ as_of_date: '2025-06-15', limit: 1 });
    const all = await listDeadlines.run(ctx, listDeadlines.input.parse({ as_of_date: '2025-06-15', limit: 100 }));
    const csv = await exportDeadlines(ctx, filters, 'csv');
    expect(csv.split('\r\n').length - 2).toBe(all.data.length);
    const ics = await exportDeadlines(ctx, filters, 'ics', { alarmDays: [30] });
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(all.data.filter((r) => r.due_date).length);
    expect(ics).toContain(`UID:tm_us01:us_s8_6yr:1@${ctx.config.serviceDomain}`);
    expect(ics.match(/TRIGGER:-P30D/g)).toHaveLength(all.data.filter((r) => r.due_date).length);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/core/clock.js';
import { createScreening } from '../../src/ops/clearance/create-screening.js';
import { decideScreeningHit } from '../../src/ops/clearance/decide-screening-hit.js';
import { getScreening } from '../../src/ops/clearance/get-screening.js';
import { listScreenings } from '../../src/ops/clearance/list-screenings.js';
import { rerunScreening } from '../../src/ops/clearance/rerun-screening.js';
import type { OpDefinition } from '../../src/ops/define-op.js';
import { makeRecord, tempContext, type TempContext } from '../helpers/factory.js';

let t: TempContext;
const NOW = '2026-11-22T12:00:00.000Z';
const cls = (c: number, goods: string) => ({ nice_class: c, goods_services: goods, class_status: null, first_use_date: null, first_use_in_commerce_date: null, office_classes: [] });
const owner = (name: string) => [{ owner_id: `own_${name.length}`, entity_id: null, name, entity_type: null, nationality: null, role: null, address: null }];

// mark, office, number, status, class, goods, owner
const MARKS: [string, string, string, 'active' | 'pending' | 'inactive', number, string, string][] = [
  ['ZENTRIX', 'US', '90000001', 'active', 9, 'computer software for data analytics', 'Zentrix Inc.'],
  ['ZENTRICKS', 'EM', '018000001', 'pending', 42, 'software as a service for analytics', 'Tricks GmbH'],
  ['ZENTRIX', 'US', '90000002', 'active', 25, 'clothing, namely shirts', 'Apparel Co'],
  ['XENTRIX', 'US', '90000003', 'inactive', 9, 'computer software', 'Old Owner'],
  ['ZENTRIX', 'US', '90000004', 'active', 9, 'computer software', 'My Company'],
];

beforeAll(async () => {
  t = tempContext(NOW);
  await t.ctx.store.trademarks.upsert(
    MARKS.map(([mark, office, number, status, c, goods, name]) =>
      makeRecord({ mark_text: mark, office_code: office, application_number: number, status: { primary: status, stage: status === 'active' ? 'registered' : status === 'pending' ? 'filed' : 'abandoned' }, classifications: [cls(c, goods)], owners: owner(name) }),
    ),
    NOW,
  );
  await t.ctx.index.sync();
});
afterAll(async () => t.cleanup());

const run = async <O extends OpDefinition>(op: O, raw: unknown) => op.output.parse(await op.run(t.ctx, op.input.parse(raw))) as Awaited<ReturnType<O['run']>>;

describe('screenings', () => {
  it('rates hits by text, goods, status and owner, with reasons, and saves the screening', async () => {
    const s = await run(createScreening, { mark: 'ZENTRIX', classes: [9], offices: ['US', 'EM'], owner: 'My Company' });
    expect(s.id).toMatch(/^scr_/);
    expect(s.proposal.searched_classes).toEqual(expect.arrayContaining([9, 35, 42, 28]));
    const by = new Map(s.hits.map((h) => [h.application_number, h]));
    expect(by.get('90000001')!.risk.level).toBe('high');
    expect(by.get('90000001')!.risk.reasons.map((r) => r.factor)).toEqual(expect.arrayContaining(['text', 'goods', 'status', 'strength', 'owner', 'dates']));
    expect(by.get('018000001')!.goods?.level).toBe('coordinated');
    expect(by.get('90000003')!.risk.reasons.find((r) => r.factor === 'status')?.effect).toBe('lowers');
    expect(by.get('90000003')!.risk.score).toBeLessThan(by.get('90000001')!.risk.score);
    expect(by.get('90000004')!.risk).toMatchObject({ level: 'minimal', score: 0 });
    // Class 25 is neither 9 nor coordinated with it: not searched.
    expect(by.has('90000002')).toBe(false);
    expect(s.overall.risk).toBe('high');
    expect(s.overall.summary).toMatch(/^ZENTRIX for class 9 in US, EM: high risk/);
    expect(s.hits[0]!.application_number).toBe('90000001');
    expect(await run(getScreening, { id: s.id })).toMatchObject({ id: s.id, overall: s.overall });
  });

  it('infers classes from goods, and lists screenings newest first with a cursor', async () => {
    t.ctx.clock = fixedClock('2026-11-22T13:00:00.000Z');
    const s = await run(createScreening, { mark: 'ZENTRYX', goods: 'T-shirts; hats' });
    expect(s.proposal.classes).toContain(25);
    expect(s.warnings[0]).toMatch(/inferred/);
    const first = await run(listScreenings, { limit: 1 });
    expect(first.data[0]!.id).toBe(s.id);
    expect(first.has_more).toBe(true);
    const second = await run(listScreenings, { limit: 1, cursor: first.pagination.cursor! });
    expect(second.data[0]!.mark).toBe('ZENTRIX');
  });

  it('re-runs with the changes since the last run, and keeps decisions', async () => {
    t.ctx.clock = fixedClock('2026-11-23T09:00:00.000Z');
    const s = await run(createScreening, { mark: 'ZENTRIX', classes: [9], offices: ['US'] });
    const target = s.hits.find((h) => h.application_number === '90000001')!;
    const decided = await run(decideScreeningHit, { id: s.id, trademark_id: target.id, decision: 'conflict', note: 'same software' });
    expect(decided.hits.find((h) => h.id === target.id)!.decision).toMatchObject({ decision: 'conflict', note: 'same software' });
    await t.ctx.store.trademarks.upsert([makeRecord({ mark_text: 'ZENTRIXX', application_number: '90000009', status: { primary: 'pending', stage: 'filed' }, classifications: [cls(9, 'software')] })], '2026-11-23T10:00:00.000Z');
    // As tm ingest does: a writer brings the index up to date (a search never does, issue 11).
    await t.ctx.index.sync();
    t.ctx.clock = fixedClock('2026-11-24T09:00:00.000Z');
    const again = await run(rerunScreening, { id: s.id });
    expect(again.run_count).toBe(2);
    expect(again.changes?.added.map((a) => a.mark_text)).toEqual(['ZENTRIXX']);
    expect(again.changes?.removed).toEqual([]);
    expect(again.hits.find((h) => h.id === target.id)!.decision?.decision).toBe('conflict');
  });

  it('rejects an empty mark, class 46, an unknown office, a wrong id and a decision on a non-hit', async () => {
    expect(createScreening.input.safeParse({ mark: '' }).error?.issues[0]?.path).toEqual(['mark']);
    expect(createScreening.input.safeParse({ mark: 'A', classes: [46] }).error?.issues[0]?.path).toEqual(['classes', 0]);
    await expect(run(createScreening, { mark: 'A', offices: ['ZZ'] })).rejects.toMatchObject({ type: 'validation_error', param: 'offices' });
    await expect(run(getScreening, { id: 'tm_123' })).rejects.toMatchObject({ type: 'id_type_mismatch' });
    await expect(run(getScreening, { id: 'scr_ffff' })).rejects.toMatchObject({ type: 'not_found' });
    const s = await run(createScreening, { mark: 'ZENTRIX', classes: [9] });
    await expect(run(decideScreeningHit, { id: s.id, trademark_id: 'tm_zzz', decision: 'watch' })).rejects.toMatchObject({ param: 'trademark_id' });
  });
});

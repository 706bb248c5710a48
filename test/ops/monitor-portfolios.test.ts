// Portfolio membership history: the portfolios (with external_ref) a mark is in now, and the set it
// was in at a past instant, replayed from the history across adds, ref changes, removals and a delete.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/core/clock.js';
import { addPortfolioMarks, removePortfolioMarks } from '../../src/ops/monitor/portfolio-marks.js';
import { createPortfolio, deletePortfolio } from '../../src/ops/monitor/portfolio-crud.js';
import { makeRecord, tempContext, type TempContext } from '../helpers/factory.js';

let t: TempContext;
beforeEach(async () => {
  t = tempContext();
  await t.ctx.store.trademarks.upsert([makeRecord({ application_number: '90000001' }), makeRecord({ application_number: '90000002' })], '2026-11-01T00:00:00.000Z');
});
afterEach(async () => t.cleanup());

const at = (iso: string) => {
  t.ctx.clock = fixedClock(iso);
};

describe('portfolio membership history', () => {
  it('freezes the portfolios of a mark now and replays them at any past instant', async () => {
    const orgA = { ...t.ctx, org: { id: 'org_a', name: 'A', livemode: true } };
    const orgB = { ...t.ctx, org: { id: 'org_b', name: 'B', livemode: true } };
    at('2026-11-02T00:00:00.000Z');
    const p1 = await createPortfolio.run(orgA, { name: 'One' });
    const p2 = await createPortfolio.run(orgB, { name: 'Two' });
    await addPortfolioMarks.run({ ...orgA, clock: t.ctx.clock }, { id: p1.id, trademark_ids: [{ id: 'US:90000001', external_ref: 'A-1' }] });
    at('2026-11-03T00:00:00.000Z');
    await addPortfolioMarks.run({ ...orgB, clock: t.ctx.clock }, { id: p2.id, trademark_ids: ['US:90000001'] });
    await addPortfolioMarks.run({ ...orgA, clock: t.ctx.clock }, { id: p1.id, trademark_ids: [{ id: 'US:90000001', external_ref: 'A-1b' }] });
    at('2026-11-04T00:00:00.000Z');
    await removePortfolioMarks.run({ ...orgB, clock: t.ctx.clock }, { id: p2.id, trademark_ids: ['US:90000001'] });
    at('2026-11-05T00:00:00.000Z');
    await deletePortfolio.run({ ...orgA, clock: t.ctx.clock }, { id: p1.id });

    const tmId = (await t.ctx.store.trademarks.findId('US', '90000001'))!;
    const repo = t.ctx.store.portfolios;
    expect(await repo.membershipsAt(tmId, '2026-11-01T00:00:00.000Z')).toEqual([]);
    expect(await repo.membershipsAt(tmId, '2026-11-02T12:00:00.000Z')).toEqual([{ org_id: 'org_a', portfolio_id: p1.id, external_ref: 'A-1' }]);
    expect((await repo.membershipsAt(tmId, '2026-11-03T12:00:00.000Z')).map((m) => [m.portfolio_id, m.external_ref])).toEqual([
      [p1.id, 'A-1b'],
      [p2.id, null],
    ]);
    expect(await repo.membershipsAt(tmId, '2026-11-04T12:00:00.000Z')).toEqual([{ org_id: 'org_a', portfolio_id: p1.id, external_ref: 'A-1b' }]);
    expect(await repo.membershipsAt(tmId, '2026-11-06T00:00:00.000Z')).toEqual([]);
    expect((await repo.membershipsOf([tmId])).get(tmId)).toBeUndefined();
  });

  it('lists current memberships of several marks across organizations', async () => {
    const orgA = { ...t.ctx, org: { id: 'org_a', name: 'A', livemode: true } };
    const p = await createPortfolio.run(orgA, { name: 'One' });
    await addPortfolioMarks.run(orgA, { id: p.id, trademark_ids: [{ id: 'US:90000001', external_ref: 'X' }, 'US:90000002'] });
    const ids = [(await t.ctx.store.trademarks.findId('US', '90000001'))!, (await t.ctx.store.trademarks.findId('US', '90000002'))!];
    const now = await t.ctx.store.portfolios.membershipsOf(ids);
    expect(now.get(ids[0]!)).toEqual([{ org_id: 'org_a', portfolio_id: p.id, external_ref: 'X' }]);
    expect(now.get(ids[1]!)).toEqual([{ org_id: 'org_a', portfolio_id: p.id, external_ref: null }]);
  });
});

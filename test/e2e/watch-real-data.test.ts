// Watch evaluation on real USPTO daily-XML pairs: the revival of 98186103, the publication of
// 79366581 and the goods change of 75932504, ingested "before" into a store past its backfill, then
// "after" with a mark watch on each and a similarity watch. Exactly the expected alerts appear, once,
// with their ledger `alert.created` events; re-ingesting, re-running, a crash between ingest and
// evaluation and a backfill add none or lose none.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/core/clock.js';
import type { Context } from '../../src/context.js';
import { ingestFiles } from '../../src/ingest/pipeline.js';
import { evaluateWatches } from '../../src/monitor/evaluate.js';
import { listAlerts } from '../../src/ops/monitor/alerts.js';
import { runWatches } from '../../src/ops/monitor/run-watches.js';
import { tmWatchesCreate } from '../../src/ops/monitor/watch-crud.js';
import { tempContext, type TempContext } from '../helpers/factory.js';

const DAILY = 'fixtures/uspto/daily-xml/records';
const PAIRS = ['revival-%-98186103', 'publication-%-79366581', 'goods-%-replacement-75932504'];
const files = (side: 'before' | 'after') => PAIRS.map((p) => `${DAILY}/${p.replace('%', side)}.xml`);
const SAMPLE = 'fixtures/uspto/daily-xml/apc180218-sample.xml';

let t: TempContext;
let org: Context;
beforeEach(async () => {
  t = tempContext('2026-11-20T09:00:00.000Z');
  org = { ...t.ctx, org: { id: 'org_acme', name: 'Acme', livemode: true } };
  // The first load of an office is a backfill: no alerts, whatever watches exist.
  await ingestFiles(t.ctx, [SAMPLE]);
  await ingestFiles(t.ctx, files('before'));
  for (const serial of ['98186103', '79366581', '75932504']) {
    await tmWatchesCreate.run(org, tmWatchesCreate.input.parse({ name: `Client mark ${serial}`, watch_type: 'mark', query: { filters: { trademarkIds: [`US:${serial}`] } }, customer_reference: `REF-${serial}` }));
  }
  await tmWatchesCreate.run(org, tmWatchesCreate.input.parse({ name: 'Nitro lookalikes', watch_type: 'similarity', query: { version: 'v3', q: 'NITRO GLYSERIN', min_tier: 'similar' } }));
  t.ctx.clock = fixedClock('2026-11-21T09:00:00.000Z');
  org.clock = t.ctx.clock;
});
afterEach(async () => t.cleanup());

const alertsOf = async () => (await listAlerts.run(org, listAlerts.input.parse({ limit: 100 }))).data;

const expectTheFour = async () => {
  const alerts = await alertsOf();
  const seen = alerts.map((a) => [a.watch_name, a.trademark.application_number, a.event.type]).sort();
  expect(seen).toEqual([
    ['Client mark 75932504', '75932504', 'trademark.status_changed'],
    ['Client mark 79366581', '79366581', 'trademark.status_changed'],
    ['Client mark 98186103', '98186103', 'trademark.status_changed'],
    ['Nitro lookalikes', '79366581', 'trademark.status_changed'],
  ]);
  const revival = alerts.find((a) => a.trademark.application_number === '98186103')!;
  expect(revival.event.diff).toContainEqual({ path: 'status_raw_code', from: '602', to: '616' });
  expect(revival.customer_reference).toBe('REF-98186103');
  expect(revival.match).toBeNull();
  const goods = alerts.find((a) => a.trademark.application_number === '75932504')!;
  expect(goods.event.changed_fields).toEqual(expect.arrayContaining(['classifications', 'events']));
  const similar = alerts.find((a) => a.watch_name === 'Nitro lookalikes')!;
  expect(similar.match?.tier).toBe('similar');
  expect(similar.match?.score).toBeGreaterThanOrEqual(0.75);
  expect(similar.trademark.mark_text).toBe('NITRO GLISSERIN');
  return alerts;
};

describe('watch evaluation on real USPTO pairs', () => {
  it('raises exactly the expected alerts on the "after" ingest, with ledger events, and none on a repeat', async () => {
    const start = await t.ctx.store.watches.headSeq();
    const after = await ingestFiles(t.ctx, files('after'));
    expect(after.alerts).toBe(4);
    const alerts = await expectTheFour();
    const ledger = await t.ctx.store.ledger.list({ orgId: 'org_acme', types: ['alert.created'], afterSeq: 0, notBefore: '2000-01-01' }, 100);
    expect(ledger.map((l) => (JSON.parse(l.data) as { alert_id: string }).alert_id).sort()).toEqual(alerts.map((a) => a.id).sort());

    expect((await ingestFiles(t.ctx, files('after'))).alerts).toBe(0);
    expect((await evaluateWatches(t.ctx, { since: start })).alerts).toHaveLength(0);
    expect(await alertsOf()).toHaveLength(4);
  });

  it('loses and doubles nothing when evaluation did not run after the ingest (a crash between them)', async () => {
    const start = await t.ctx.store.watches.headSeq();
    const after = await ingestFiles(t.ctx, files('after'), { evaluate: false });
    expect(after).toMatchObject({ updated: 3, events: 3, alerts: 0 });
    expect(await alertsOf()).toHaveLength(0);
    const run = await runWatches.run(t.ctx, {});
    expect(run.alerts).toHaveLength(4);
    await expectTheFour();
    expect((await runWatches.run(t.ctx, {})).alerts).toHaveLength(0);
    expect((await runWatches.run(t.ctx, { since: start })).alerts).toHaveLength(0);
  });

  it('raises nothing for a backfill', async () => {
    const after = await ingestFiles(t.ctx, files('after'), { backfill: true });
    expect(after).toMatchObject({ updated: 3, events: 3, alerts: 0 });
    expect((await runWatches.run(t.ctx, {})).alerts).toHaveLength(0);
  });

  it('alerts a class watch on the new filings of the daily sample in its classes', async () => {
    const u = tempContext('2026-11-20T09:00:00.000Z');
    try {
      const ctx = { ...u.ctx, org: { id: 'org_acme', name: 'Acme', livemode: true } };
      await ingestFiles(u.ctx, files('before'));
      const watch = await tmWatchesCreate.run(ctx, tmWatchesCreate.input.parse({ name: 'Class 9 and 25', watch_type: 'class', query: { filters: { niceClasses: [9, 25], offices: ['US'] } } }));
      const summary = await ingestFiles(u.ctx, [SAMPLE]);
      const inClasses = [];
      for (const [id, r] of await u.ctx.store.trademarks.get([...(await u.ctx.store.trademarks.list({ niceClasses: [9, 25], offices: ['US'] }, 'filing_date', 100, 0)).map((r) => r.id)])) {
        if (!['98186103', '79366581', '75932504'].includes(r.application_number)) inClasses.push(id);
      }
      expect(inClasses.length).toBeGreaterThan(0);
      expect(summary.alerts).toBe(inClasses.length);
      const alerts = (await listAlerts.run(ctx, listAlerts.input.parse({ watch_id: watch.id, limit: 100 }))).data;
      expect(alerts.map((a) => a.trademark_id).sort()).toEqual(inClasses.sort());
      expect(new Set(alerts.map((a) => a.event.type))).toEqual(new Set(['trademark.created']));
    } finally {
      await u.cleanup();
    }
  });
});

// The per-organization ledger projected from real ingests (spec §6.1): status changes and office
// actions reach only organizations holding the mark, first-ingest history and old actions produce
// nothing, twins collapse, payload versions stick, and one organization never sees another's events.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ingestFiles } from '../../src/ingest/pipeline.js';
import { recordEvent } from '../../src/monitor/ledger.js';
import { getEvent } from '../../src/ops/events/get-event.js';
import { listEvents } from '../../src/ops/events/list-events.js';
import type { Context } from '../../src/context.js';
import { createPortfolio } from '../../src/ops/monitor/portfolio-crud.js';
import { addPortfolioMarks, removePortfolioMarks } from '../../src/ops/monitor/portfolio-marks.js';
import { createWebhook } from '../../src/ops/webhooks/create-webhook.js';
import { makeRecord, tempContext, type TempContext } from '../helpers/factory.js';
import { pgFailWrites, sqlRows, sqlRun } from '../helpers/raw-sql.js';
import type { Store } from '../../src/store/store.js';

const TSDR = 'fixtures/uspto/tsdr';
const ORG_A = { id: 'org_aaaa', name: 'A', livemode: true };
const ORG_B = { id: 'org_bbbb', name: 'B', livemode: true };

/** A real portfolio of `org` holding the marks, through the portfolio operations. */
const portfolioOf = async (ctx: Context, org: typeof ORG_A, marks: (string | { id: string; external_ref: string })[]): Promise<string> => {
  const c = { ...ctx, org };
  const p = await createPortfolio.run(c, createPortfolio.input.parse({ name: 'docket' }));
  await addPortfolioMarks.run(c, addPortfolioMarks.input.parse({ id: p.id, trademark_ids: marks }));
  return p.id;
};

/** Makes every insert into the delivery outbox fail (a trigger of the backend's own kind), or undoes it. */
const breakOutbox = async (store: Store, down: boolean): Promise<void> => {
  if (store.backend === 'postgres') await pgFailWrites(store, 'webhook_deliveries', 'outbox down', down);
  else if (down) await sqlRun(store, "CREATE TEMP TRIGGER outbox_down BEFORE INSERT ON webhook_deliveries BEGIN SELECT RAISE(ABORT, 'outbox down'); END");
  else await sqlRun(store, 'DROP TRIGGER outbox_down');
};

const as = (ctx: Context, org: typeof ORG_A): Context => ({ ...ctx, org });
const list = async (ctx: Context, input: Record<string, unknown> = {}) => listEvents.run(ctx, listEvents.input.parse(input));

describe('ledger projection', () => {
  let t: TempContext;
  beforeEach(() => {
    t = tempContext('2026-11-22T12:00:00.000Z');
  });
  afterEach(async () => t.cleanup());

  it('a real status change reaches only the holder, with frozen portfolios, visible to it alone', async () => {
    await ingestFiles(t.ctx, [`${TSDR}/sn76044902-ST66.xml`]);
    const id = (await t.ctx.store.trademarks.findId('US', '76044902'))!;
    expect((await list(as(t.ctx, ORG_A))).data).toEqual([]); // first ingest: nothing
    const ptf = await portfolioOf(t.ctx, ORG_A, [{ id, external_ref: 'DOCKET-7' }]);
    await ingestFiles(t.ctx, [`${TSDR}/sn76044902-ST96.xml`]);

    const a = await list(as(t.ctx, ORG_A));
    expect(a.data).toHaveLength(1);
    const event = a.data[0]!;
    expect(event).toMatchObject({ type: 'trademark.status_changed', payload_version: 2, timestamp: '2026-11-22T12:00:00.000Z' });
    expect(event.id).toMatch(/^evt_/);
    expect(event.data).toMatchObject({
      trademark_id: id,
      occurred_at: '2026-11-22T12:00:00.000Z',
      portfolios: [{ id: ptf, external_ref: 'DOCKET-7' }],
      changes: { status_raw_code: '800' },
    });
    expect((await list(as(t.ctx, ORG_B))).data).toEqual([]);
    await expect(getEvent.run(as(t.ctx, ORG_B), { id: event.id })).rejects.toMatchObject({ type: 'not_found' });
    expect(await getEvent.run(as(t.ctx, ORG_A), { id: event.id })).toMatchObject({ id: event.id, payload_version: 2 });

    // Later membership changes never rewrite the recorded portfolios; filters use the frozen list.
    await removePortfolioMarks.run(as(t.ctx, ORG_A), removePortfolioMarks.input.parse({ id: ptf, trademark_ids: [id] }));
    expect((await list(as(t.ctx, ORG_A), { portfolio_id: ptf })).data).toHaveLength(1);
    const other = (await createPortfolio.run(as(t.ctx, ORG_A), createPortfolio.input.parse({ name: 'other docket' }))).id;
    expect((await list(as(t.ctx, ORG_A), { portfolio_id: other })).data).toHaveLength(0);
    await expect(list(as(t.ctx, ORG_A), { portfolio_id: 'ptf_two' })).rejects.toMatchObject({ type: 'not_found' });
  });

  it('office actions: recent only, twins within two days are one event, keyed to the earliest date', async () => {
    const row = (date: string, label = 'NON-FINAL ACTION E-MAILED') => ({ date, office_code: 'US', raw: { code: 'CNRT', label }, description: null });
    const base = makeRecord({ application_number: '97000001', events: [row('2026-10-01')] });
    await t.ctx.store.trademarks.upsert([base], '2026-11-20T00:00:00.000Z');
    await portfolioOf(t.ctx, ORG_A, [base.id]);
    const withActions = (events: ReturnType<typeof row>[], source: string) =>
      makeRecord({ application_number: '97000001', source_date: source, events: [row('2026-10-01'), ...events] });

    await t.ctx.store.trademarks.upsert([withActions([row('2026-11-10'), row('2026-11-11'), row('2026-03-01'), row('2026-11-12', 'RESPONSE TO OFFICE ACTION RECEIVED')], '2026-11-21')], '2026-11-21T00:00:00.000Z');
    let events = (await list(as(t.ctx, ORG_A), { type: ['office_action.issued'] })).data;
    // 2026-03-01 is older than 90 days; the response is not an action; 11-10 and 11-11 are twins.
    expect(events.map((e) => (e.data as { event_date: string }).event_date)).toEqual(['2026-11-10']);
    expect(events[0]!.data).toMatchObject({ jurisdiction_code: 'US', office_code: 'US', source_date: '2026-11-10' });

    // A later-arriving twin (an earlier date within two days) adds nothing; a separate action does.
    await t.ctx.store.trademarks.upsert([withActions([row('2026-11-10'), row('2026-11-11'), row('2026-11-09'), row('2026-11-20')], '2026-11-22')], '2026-11-22T00:00:00.000Z');
    events = (await list(as(t.ctx, ORG_A), { type: ['office_action.issued'] })).data;
    expect(events.map((e) => (e.data as { event_date: string }).event_date)).toEqual(['2026-11-10', '2026-11-20']);
  });

  it('an organization on payload version 1 keeps version-1 events after switching; alert events are recorded directly', async () => {
    await t.ctx.store.ledger.setPayloadVersion(ORG_A.id, 1);
    const first = await recordEvent(t.ctx.store, {
      orgId: ORG_A.id, type: 'alert.created', trademarkId: null, portfolios: [], at: '2026-11-22T11:00:00.123Z',
      data: (v) => ({ alert_id: 'alr_1', version_seen: v }),
    });
    await t.ctx.store.ledger.setPayloadVersion(ORG_A.id, 2);
    await recordEvent(t.ctx.store, {
      orgId: ORG_A.id, type: 'alert.created', trademarkId: null, portfolios: [], at: '2026-11-22T11:30:00.000Z',
      data: (v) => ({ alert_id: 'alr_2', version_seen: v }),
    });
    const events = (await list(as(t.ctx, ORG_A))).data;
    expect(events.map((e) => [e.payload_version, (e.data as { version_seen: number }).version_seen])).toEqual([[1, 1], [2, 2]]);
    expect((await getEvent.run(as(t.ctx, ORG_A), { id: first!.id })).payload_version).toBe(1);
    // Paging: one per page, the cursor continues.
    const page1 = await list(as(t.ctx, ORG_A), { limit: 1 });
    expect(page1.has_more).toBe(true);
    const page2 = await list(as(t.ctx, ORG_A), { limit: 1, cursor: page1.pagination.cursor });
    expect(page2.data.map((e) => e.id)).toEqual([events[1]!.id]);
    // The 30-day replay window.
    const later = { ...t.ctx, org: ORG_A, clock: { now: () => new Date('2026-12-23T00:00:00.000Z') } };
    expect((await list(later)).data).toEqual([]);
  });

  it('the change, its ledger event and its pending delivery commit in one transaction (outbox)', async () => {
    const before = makeRecord({ application_number: '97000002', status: { primary: 'pending', stage: 'examination' } });
    await t.ctx.store.trademarks.upsert([before], '2026-11-20T00:00:00.000Z');
    await portfolioOf(t.ctx, ORG_A, [before.id]);
    const endpoint = await createWebhook.run(as(t.ctx, ORG_A), createWebhook.input.parse({ url: 'https://hooks.example.com/tm', enabled_events: ['trademark.status_changed'] }));
    const outbox = () => sqlRows(t.ctx.store, 'SELECT event_id, state FROM webhook_deliveries WHERE endpoint_id = ?', endpoint.id);
    const published = makeRecord({ application_number: '97000002', source_date: '2026-11-21', status: { primary: 'pending', stage: 'published' } });

    // A failing outbox write rolls back the change with it: no record update, no change event, no ledger event.
    await breakOutbox(t.ctx.store, true);
    await expect(t.ctx.store.trademarks.upsert([published], '2026-11-21T00:00:00.000Z')).rejects.toThrow('outbox down');
    expect((await t.ctx.store.trademarks.get([before.id])).get(before.id)!.status.stage).toBe('examination');
    expect(await t.ctx.store.events.forTrademark(before.id, 0, 10)).toEqual([]);
    expect((await list(as(t.ctx, ORG_A))).data).toEqual([]);

    // With the outbox working, the one upsert call leaves the event and its delivery committed: no later step is needed.
    await breakOutbox(t.ctx.store, false);
    const outcome = await t.ctx.store.trademarks.upsert([published], '2026-11-21T00:00:00.000Z');
    expect(outcome.events.map((e) => e.type)).toEqual(['trademark.status_changed']);
    const events = (await list(as(t.ctx, ORG_A))).data;
    expect(events.map((e) => e.type)).toEqual(['trademark.status_changed']);
    expect(await outbox()).toEqual([{ event_id: events[0]!.id, state: 'pending' }]);
  });

  it('one batch of changes gives each endpoint exactly the events its organization and portfolio filter select', async () => {
    const marks = ['97000011', '97000012', '97000013'].map((n) => makeRecord({ application_number: n, status: { primary: 'pending', stage: 'examination' } }));
    await t.ctx.store.trademarks.upsert(marks, '2026-11-20T00:00:00.000Z');
    const [m1, m2, m3] = marks.map((m) => m.id) as [string, string, string];
    await portfolioOf(t.ctx, ORG_A, [m1]);
    const p2 = await portfolioOf(t.ctx, ORG_A, [m2]);
    await portfolioOf(t.ctx, ORG_B, [m3]);
    const hook = async (org: typeof ORG_A, extra: Record<string, unknown> = {}) =>
      (await createWebhook.run(as(t.ctx, org), createWebhook.input.parse({ url: 'https://hooks.example.com/tm', enabled_events: ['trademark.status_changed'], ...extra }))).id;
    const [all, onlyP2, ofB] = [await hook(ORG_A), await hook(ORG_A, { portfolio_id: p2 }), await hook(ORG_B)];
    const published = marks.map((m) => makeRecord({ application_number: m.application_number, source_date: '2026-11-21', status: { primary: 'pending', stage: 'published' } }));

    await t.ctx.store.trademarks.upsert(published, '2026-11-21T00:00:00.000Z'); // one transaction, one projector run
    const marksOf = async (endpointId: string) =>
      (await sqlRows<{ trademark_id: string }>(t.ctx.store, 'SELECT l.trademark_id FROM webhook_deliveries d JOIN ledger_events l ON l.id = d.event_id WHERE d.endpoint_id = ? ORDER BY d.event_seq', endpointId)).map((r) => r.trademark_id);
    expect(await marksOf(all)).toEqual([m1, m2]);
    expect(await marksOf(onlyP2)).toEqual([m2]);
    expect(await marksOf(ofB)).toEqual([m3]);
  });

  it('wrong id prefixes are 400 id_type_mismatch', async () => {
    await expect(list(as(t.ctx, ORG_A), { portfolio_id: 'tm_x' })).rejects.toMatchObject({ type: 'id_type_mismatch' });
    await expect(getEvent.run(as(t.ctx, ORG_A), { id: 'tm_x' })).rejects.toMatchObject({ type: 'id_type_mismatch' });
  });
});

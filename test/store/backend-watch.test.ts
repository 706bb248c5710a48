// The same monitoring work on PostgreSQL as on SQLite: real USPTO daily-XML pairs ingested past a
// backfill, with mark watches, a similarity watch and an earlier-shape monitor active, a portfolio
// holding one mark and a webhook endpoint subscribed to the ledger. Both backends store the same
// change events, raise the same alerts, record the same ledger events (alert.created and the
// projector's status changes) and queue the same deliveries (the monitor's too); a repeated
// ingest adds nothing on either.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/core/clock.js';
import { closeContext, createContext, type Context } from '../../src/context.js';
import { ingestFiles } from '../../src/ingest/pipeline.js';
import { listAlerts } from '../../src/ops/monitor/alerts.js';
import { createMonitor } from '../../src/ops/monitor/monitors.js';
import { createPortfolio } from '../../src/ops/monitor/portfolio-crud.js';
import { addPortfolioMarks } from '../../src/ops/monitor/portfolio-marks.js';
import { tmWatchesCreate } from '../../src/ops/monitor/watch-crud.js';
import { createWebhook } from '../../src/ops/webhooks/create-webhook.js';
import { createTestDatabase, PG_ENABLED, type TestDatabase } from '../helpers/pg.js';

const DAILY = 'fixtures/uspto/daily-xml/records';
const PAIRS = ['revival-%-98186103', 'publication-%-79366581', 'goods-%-replacement-75932504'];
const files = (side: 'before' | 'after') => PAIRS.map((p) => `${DAILY}/${p.replace('%', side)}.xml`);
const SAMPLE = 'fixtures/uspto/daily-xml/apc180218-sample.xml';
const ORG = { id: 'org_acme', name: 'Acme', livemode: true };

/** Ids are random per store: what is compared is everything else. */
const ID = /\b(evt|alr|wat|dlv|wh|ptf)_[A-Za-z0-9]+/g;
const strip = (v: unknown): unknown => JSON.parse(JSON.stringify(v).replace(ID, '$1_*'));
/** Alerts of one page are written watch by watch, in watch id order, and ids are random: compared as sets. */
const sorted = (rows: unknown[]): string[] => rows.map((r) => JSON.stringify(strip(r))).sort();

const run = async (location: string) => {
  const ctx = createContext({ db: location, now: '2026-11-20T09:00:00.000Z' });
  const org: Context = { ...ctx, org: ORG };
  ctx.config.allowPrivateWebhooks = true;
  try {
    await ingestFiles(ctx, [SAMPLE]);
    await ingestFiles(ctx, files('before'));
    const portfolio = await createPortfolio.run(org, createPortfolio.input.parse({ name: 'Client' }));
    await addPortfolioMarks.run(org, addPortfolioMarks.input.parse({ id: portfolio.id, trademark_ids: ['US:98186103'] }));
    await createWebhook.run(org, createWebhook.input.parse({ url: 'http://127.0.0.1:9/hook', enabled_events: ['alert.created', 'trademark.status_changed'] }));
    for (const serial of ['98186103', '79366581', '75932504']) {
      await tmWatchesCreate.run(org, tmWatchesCreate.input.parse({ name: `Client mark ${serial}`, watch_type: 'mark', query: { filters: { trademarkIds: [`US:${serial}`] } } }));
    }
    await tmWatchesCreate.run(org, tmWatchesCreate.input.parse({ name: 'Nitro lookalikes', watch_type: 'similarity', query: { version: 'v3', q: 'NITRO GLYSERIN', min_tier: 'similar' } }));
    const mon = (await createMonitor.run(org, createMonitor.input.parse({
      name: 'Earlier shape', watches: [{ type: 'mark', query: { filters: { trademarkIds: ['US:98186103'] } } }], webhook_url: 'http://127.0.0.1:9/m', webhook_events: ['status_change'],
    }))).data;
    ctx.clock = fixedClock('2026-11-21T09:00:00.000Z');
    org.clock = ctx.clock;
    const first = await ingestFiles(ctx, files('after'));
    const repeat = await ingestFiles(ctx, files('after'));
    const alerts = (await listAlerts.run(org, listAlerts.input.parse({ limit: 100 }))).data;
    const ledger = await ctx.store.ledger.list({ orgId: ORG.id, afterSeq: 0, notBefore: '2000-01-01' }, 100);
    const endpoint = (await ctx.store.webhooks.listEndpoints(ORG.id))[0]!;
    const monitorEndpoint = await ctx.store.monitors.endpoint((await ctx.store.monitors.get(ORG.id, mon.id))!, '');
    const events = await Promise.all(['US:98186103', 'US:79366581', 'US:75932504'].map(async (n) => {
      const id = (await ctx.store.trademarks.findId('US', n.slice(3)))!;
      return (await ctx.store.events.forTrademark(id, 0, 100)).map((e) => [e.trademark_id, e.type, e.changed_fields, e.changes]);
    }));
    return {
      alerts: { first: first.alerts, repeat: repeat.alerts },
      events: strip(events),
      alertRows: sorted(alerts.map((a) => [a.watch_name, a.trademark.id, a.event.type, a.event.diff, a.match])),
      ledger: sorted(ledger.map((l) => [l.type, l.trademark_id, l.payload_version, l.portfolio_ids, JSON.parse(l.data)])),
      deliveries: await ctx.store.webhooks.deliveryCounts(endpoint.id),
      monitorDeliveries: await ctx.store.webhooks.deliveryCounts(monitorEndpoint.id),
    };
  } finally {
    await closeContext(ctx);
  }
};

describe.skipIf(!PG_ENABLED)('the same ingest with active watches on PostgreSQL as on SQLite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tm-backend-watch-'));
  let pgdb: TestDatabase | undefined;
  afterAll(async () => {
    await pgdb?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores the same events, raises the same alerts, records the same ledger events and queues the same deliveries', { timeout: 120_000 }, async () => {
    const lite = await run(join(dir, 'tm.db'));
    pgdb = await createTestDatabase();
    const pg = await run(pgdb.url);
    expect(lite.alerts).toEqual({ first: 5, repeat: 0 });
    expect(lite.ledger.map((l) => JSON.parse(l)[0]).sort()).toEqual([...Array(5).fill('alert.created'), 'trademark.status_changed']);
    expect([lite.deliveries, lite.monitorDeliveries]).toEqual([{ pending: 6 }, { pending: 1 }]);
    expect(pg.events).toEqual(lite.events);
    expect(pg.alertRows).toEqual(lite.alertRows);
    expect(pg.ledger).toEqual(lite.ledger);
    expect(pg).toEqual(lite);
  });
});

// Earlier-shape monitor webhooks (spec §6.4) on real USPTO pairs: a monitor's watches alert on the
// "after" ingest and the delivery worker posts the earlier event names to its webhook_url, signed
// with its webhook_secret (checked by a real receiver with the official `standardwebhooks`
// package) or unsigned without one; failures retry with the same webhook-id, a 410 puts the
// monitor in `error` until it is resumed, and the SSRF guard refuses internal targets.
import { Webhook } from 'standardwebhooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock, systemClock } from '../../src/core/clock.js';
import type { Context } from '../../src/context.js';
import { ingestFiles } from '../../src/ingest/pipeline.js';
import { createMonitor, getMonitor, updateMonitor } from '../../src/ops/monitor/monitors.js';
import { deliverOnce } from '../../src/ops/webhooks/delivery-service.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';
import { tempContext, type TempContext } from '../helpers/factory.js';

const DAILY = 'fixtures/uspto/daily-xml/records';
const PAIRS = ['revival-%-98186103', 'publication-%-79366581', 'goods-%-replacement-75932504'];
const files = (side: 'before' | 'after') => PAIRS.map((p) => `${DAILY}/${p.replace('%', side)}.xml`);
const SECRET = 'monitor-secret-1';

let t: TempContext;
let org: Context;
let rx: Receiver;
beforeEach(async () => {
  t = tempContext('2026-11-20T09:00:00.000Z');
  t.ctx.config.allowPrivateWebhooks = true;
  org = { ...t.ctx, org: { id: 'org_acme', name: 'Acme', livemode: true } };
  await ingestFiles(t.ctx, ['fixtures/uspto/daily-xml/apc180218-sample.xml', ...files('before')]);
  rx = await startReceiver();
  // The same raw key in the library's standard form: whsec_ + base64 of its bytes.
  rx.secrets = [`whsec_${Buffer.from(SECRET).toString('base64')}`];
});
afterEach(async () => {
  await rx.close();
  await t.cleanup();
});

const create = async (body: Record<string, unknown>) => (await createMonitor.run(org, createMonitor.input.parse(body))).data;
/** Delivers on the real clock: receivers check the signed timestamp against their own. */
const deliver = (clock = systemClock) => deliverOnce({ ...t.ctx, clock });
const bodies = () => rx.received.map((r) => JSON.parse(r.body) as { id: string; type: string; monitor_id: string; data: { trademark: { application_number: string }; change: { type: string } } });

const ingestAfter = async (): Promise<void> => {
  t.ctx.clock = fixedClock('2026-11-21T09:00:00.000Z');
  org.clock = t.ctx.clock;
  await ingestFiles(t.ctx, files('after'));
};

describe('earlier-shape monitor webhooks', () => {
  it('posts the earlier event names for real changes, signed with the monitor secret, unsigned without one', async () => {
    const signed = await create({
      name: 'Client marks',
      watches: [{ type: 'mark', query: { filters: { trademarkIds: ['US:79366581', 'US:98186103'] } } }, { type: 'similarity', query: { version: 'v3', q: 'NITRO GLYSERIN', min_tier: 'similar' } }],
      webhook_url: rx.url,
      webhook_secret: SECRET,
      webhook_events: ['trademark_published', 'status_change', 'similar_mark_detected'],
    });
    const unsigned = await create({
      name: 'Renewals',
      watches: [{ type: 'mark', query: { filters: { trademarkIds: ['US:75932504'] } } }],
      webhook_url: `${rx.url}?plain`,
      webhook_events: ['status_change', 'trademark_registered'],
    });
    await ingestAfter();
    expect((await deliver()).attempted).toBe(4);

    const got = bodies().map((b) => [b.monitor_id, b.type, b.data.trademark.application_number]).sort();
    expect(got).toEqual([
      [signed.id, 'similar_mark_detected', '79366581'],
      [signed.id, 'status_change', '98186103'], // revived: no specific earlier event
      [signed.id, 'trademark_published', '79366581'],
      [unsigned.id, 'status_change', '75932504'], // renewed: not a registration
    ].sort());
    for (const r of rx.received) {
      const body = JSON.parse(r.body) as { id: string; monitor_id: string };
      expect(r.headers['webhook-id']).toBe(body.id);
      expect(body.id).toMatch(/^evt_/);
      if (body.monitor_id === signed.id) {
        expect(r.verified).toBe(true);
        // The raw secret verifies as a raw key too, as the earlier receivers use it.
        expect(() => new Webhook(SECRET, { format: 'raw' }).verify(r.body, r.headers as Record<string, string>)).not.toThrow();
      } else {
        expect(r.headers['webhook-signature']).toBeUndefined();
      }
    }
    // Delivered once: another round and another ingest of the same file send nothing more.
    await ingestFiles(t.ctx, files('after'));
    expect((await deliver()).attempted).toBe(0);
    expect(rx.received).toHaveLength(4);
  });

  it('retries a failed post with the same webhook-id; a 410 puts the monitor in error until it is resumed', async () => {
    const items = [{ type: 'mark', query: { filters: { trademarkIds: ['US:79366581'] } } }];
    await create({ name: 'Publications', watches: items, webhook_url: rx.url, webhook_secret: SECRET });
    const gone = await create({ name: 'Old receiver', watches: items, webhook_url: rx.url.replace('/hook', '/gone'), webhook_secret: SECRET });
    rx.byPath.set('/gone', 'gone410');
    rx.mode = 'fail500';
    await ingestAfter();
    expect((await deliver()).attempted).toBe(2);
    expect((await getMonitor.run(org, { monitor_id: gone.id })).data.status).toBe('error');
    rx.mode = 'ok';
    expect((await deliver()).attempted).toBe(0); // the retry is due 5 s on; the gone endpoint is disabled
    rx.mode = 'accept'; // the clock moves ahead of the receiver's
    expect((await deliver({ now: () => new Date(Date.now() + 10_000) })).attempted).toBe(1);
    const retried = rx.received.filter((r) => r.headers['webhook-attempt'] === '2');
    expect(retried).toHaveLength(1);
    expect(rx.received.filter((r) => r.headers['webhook-id'] === retried[0]!.headers['webhook-id']).map((r) => r.headers['webhook-attempt'])).toEqual(['1', '2']);

    // Resuming the monitor re-enables its endpoint.
    await updateMonitor.run(org, updateMonitor.input.parse({ monitor_id: gone.id, status: 'active' }));
    expect((await getMonitor.run(org, { monitor_id: gone.id })).data.status).toBe('active');
    expect((await t.ctx.store.monitors.targets()).has(gone.id)).toBe(true);
    const endpoint = await t.ctx.store.monitors.endpoint((await t.ctx.store.monitors.get('org_acme', gone.id))!, '');
    expect(endpoint).toMatchObject({ enabled: 1, disabled_reason: null, consecutive_failures: 0 });
  });

  it('refuses metadata and, without --allow-private-webhooks, private targets; PATCH of other fields keeps the watches', async () => {
    const items = [{ type: 'class', query: { filters: { niceClasses: [9] } } }];
    await expect(create({ name: 'x', watches: items, webhook_url: 'http://169.254.169.254/latest' })).rejects.toMatchObject({ type: 'validation_error' });
    t.ctx.config.allowPrivateWebhooks = false;
    await expect(create({ name: 'x', watches: items, webhook_url: rx.url })).rejects.toMatchObject({ type: 'validation_error', message: expect.stringContaining('--allow-private-webhooks') });
    t.ctx.config.allowPrivateWebhooks = true;
    const m = await create({ name: 'kept', watches: items, webhook_url: rx.url });
    expect(await t.ctx.store.webhooks.listEndpoints('org_acme')).toEqual([]); // a monitor's endpoint is not a /v1/webhooks endpoint
    const before = (await t.ctx.store.watches.list('org_acme', 0, 100)).filter((w) => w.monitor_id === m.id).map((w) => w.id);
    await updateMonitor.run(org, updateMonitor.input.parse({ monitor_id: m.id, description: 'class 9', webhook_url: `${rx.url}/v2` }));
    expect((await t.ctx.store.watches.list('org_acme', 0, 100)).filter((w) => w.monitor_id === m.id).map((w) => w.id)).toEqual(before);
    expect((await getMonitor.run(org, { monitor_id: m.id })).data).toMatchObject({ description: 'class 9', webhook_url: `${rx.url}/v2` });
  });
});

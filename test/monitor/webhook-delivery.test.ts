// Webhook delivery against a real receiver that verifies with the official `standardwebhooks`
// library: signatures, rotation (two v1 entries), stale timestamps, the retry schedule under a
// controlled clock, 410, auto-disable and re-enable, slow receivers, test pings, ordering,
// redelivery with the same id, the SSRF guard, and two organizations kept apart.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Context } from '../../src/context.js';
import { recordEvent } from '../../src/monitor/ledger.js';
import { MAX_ATTEMPTS, RETRY_DELAYS_S } from '../../src/monitor/schedule.js';
import { createWebhook } from '../../src/ops/webhooks/create-webhook.js';
import { deliverOnce } from '../../src/ops/webhooks/delivery-service.js';
import { listDeliveries } from '../../src/ops/webhooks/list-deliveries.js';
import { getWebhook, listWebhooks } from '../../src/ops/webhooks/list-webhooks.js';
import { redeliverWebhook } from '../../src/ops/webhooks/redeliver-webhook.js';
import { rotateWebhookSecret } from '../../src/ops/webhooks/rotate-webhook.js';
import { testWebhook } from '../../src/ops/webhooks/test-webhook.js';
import { updateWebhook } from '../../src/ops/webhooks/update-webhook.js';
import { tempContext, type TempContext } from '../helpers/factory.js';
import { sqlRows } from '../helpers/raw-sql.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';

const ORG_A = { id: 'org_aaaa', name: 'A', livemode: true };
const ORG_B = { id: 'org_bbbb', name: 'B', livemode: true };

let t: TempContext;
let rx: Receiver;
let offsetMs = 0;
let ctx: Context;

const as = (org: typeof ORG_A): Context => ({ ...ctx, org });
const advance = (ms: number): void => {
  offsetMs += ms;
};
const nowIso = (): string => ctx.clock.now().toISOString();

const endpoint = async (org = ORG_A, events = ['alert.created', 'trademark.status_changed']) =>
  createWebhook.run(as(org), createWebhook.input.parse({ url: rx.url, enabled_events: events }));

const event = async (org = ORG_A, n = 1) =>
  (await recordEvent(ctx.store, {
    orgId: org.id, type: 'alert.created', trademarkId: 'tm_x', portfolios: [], at: nowIso(),
    data: (v) => ({ alert_id: `alr_${n}`, n, v }),
  }))!;

const deliveryRows = (id: string) =>
  sqlRows<{ state: string; attempts: number; next_attempt_at: string; event_id: string }>(ctx.store, 'SELECT * FROM webhook_deliveries WHERE endpoint_id = ? ORDER BY seq', id);

beforeEach(async () => {
  t = tempContext();
  offsetMs = 0;
  ctx = { ...t.ctx, clock: { now: () => new Date(Date.now() + offsetMs) }, config: { ...t.ctx.config, allowPrivateWebhooks: true } };
  rx = await startReceiver();
});
afterEach(async () => {
  await rx.close();
  await t.cleanup();
});

describe('webhook delivery', () => {
  it('signs every delivery so the official library verifies it; the envelope id is the webhook-id', async () => {
    const ep = await endpoint();
    expect(ep.secret).toMatch(/^whsec_/);
    rx.secrets = [ep.secret];
    const e1 = await event(ORG_A, 1);
    const e2 = await event(ORG_A, 2);
    await deliverOnce(ctx);
    expect(rx.received.map((r) => r.verified)).toEqual([true, true]);
    const bodies = rx.received.map((r) => JSON.parse(r.body) as Record<string, unknown>);
    expect(bodies.map((b) => b.id)).toEqual([e1.id, e2.id]);
    expect(rx.received.map((r) => r.headers['webhook-id'])).toEqual([e1.id, e2.id]);
    expect(bodies[0]).toMatchObject({ type: 'alert.created', payload_version: 2, data: { alert_id: 'alr_1' } });
    expect(rx.received[0]!.headers['webhook-attempt']).toBe('1');
    expect(rx.received[0]!.headers['content-type']).toBe('application/json');
    expect((await deliveryRows(ep.id)).map((d) => d.state)).toEqual(['delivered', 'delivered']);
    const attempts = await listDeliveries.run(as(ORG_A), listDeliveries.input.parse({ id: ep.id }));
    expect(attempts.data[0]).toMatchObject({ status: 'succeeded', response_code: 204, attempt: 1, error: null });
    expect(attempts.data[0]!.response_time_ms).toBeGreaterThanOrEqual(0);
  });

  it('rotation: two v1 entries during the overlap, either secret verifies; one after it ends', async () => {
    const ep = await endpoint();
    const rotated = await rotateWebhookSecret.run(as(ORG_A), rotateWebhookSecret.input.parse({ id: ep.id, overlap_hours: 1 }));
    expect(rotated.secret).not.toBe(ep.secret);
    expect(rotated.rotation_ends_at).not.toBeNull();
    await event();
    rx.secrets = [rotated.secret];
    await deliverOnce(ctx);
    const header = String(rx.received[0]!.headers['webhook-signature']);
    expect(header).toMatch(/^v1,[A-Za-z0-9+/=]+ v1,[A-Za-z0-9+/=]+$/);
    expect(rx.received[0]!.verified).toBe(true);
    // The receiver still on the old secret verifies the same delivery too.
    rx.secrets = [ep.secret];
    await redeliverWebhook.run(as(ORG_A), { id: ep.id, event_ids: [JSON.parse(rx.received[0]!.body).id as string] });
    await deliverOnce(ctx);
    expect(rx.received[1]!.verified).toBe(true);
    // After the overlap only the new secret signs: the old one no longer verifies.
    await t.ctx.store.webhooks.updateEndpoint({ ...(await t.ctx.store.webhooks.getEndpoint(ORG_A.id, ep.id))!, previous_secret_expires_at: nowIso() });
    await event();
    await deliverOnce(ctx);
    expect(String(rx.received[2]!.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(rx.received[2]).toMatchObject({ verified: false, error: 'No matching signature found' });
  });

  it('a timestamp more than five minutes old fails verification and is retried', async () => {
    const ep = await endpoint();
    rx.secrets = [ep.secret];
    advance(-6 * 60_000);
    await event();
    await deliverOnce(ctx);
    expect(rx.received[0]).toMatchObject({ verified: false, error: 'Message timestamp too old' });
    const [d] = await deliveryRows(ep.id);
    expect(d).toMatchObject({ state: 'pending', attempts: 1 });
    const attempts = await listDeliveries.run(as(ORG_A), listDeliveries.input.parse({ id: ep.id }));
    expect(attempts.data[0]).toMatchObject({ status: 'failed', response_code: 401, error: 'HTTP 401' });
  });

  it('500s follow the retry schedule with jitter, and auto-disable after a day of failures; re-enabling resumes', async () => {
    const ep = await endpoint();
    rx.mode = 'fail500';
    const first = [(await event(ORG_A, 1)).id, (await event(ORG_A, 2)).id];
    let late: string | null = null;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      // A third event joins late, so it is mid-schedule when the endpoint is disabled.
      if (attempt === MAX_ATTEMPTS - 1) late = (await event(ORG_A, 3)).id;
      const before = Date.now() + offsetMs;
      await deliverOnce(ctx);
      const attemptsOfFirst = rx.received.filter((r) => first.includes(String(r.headers['webhook-id'])));
      expect(attemptsOfFirst).toHaveLength(2 * attempt);
      expect(attemptsOfFirst.slice(-2).map((r) => r.headers['webhook-attempt'])).toEqual([String(attempt), String(attempt)]);
      if (attempt === MAX_ATTEMPTS) break;
      const delay = RETRY_DELAYS_S[attempt - 1]! * 1000;
      const rows = (await deliveryRows(ep.id)).filter((r) => first.includes(r.event_id));
      for (const r of rows) {
        const wait = Date.parse(r.next_attempt_at) - before;
        expect(wait).toBeGreaterThanOrEqual(delay * 0.9 - 50);
        expect(wait).toBeLessThanOrEqual(delay * 1.1 + 5000);
      }
      // Nothing is due before the schedule says so.
      const posted = rx.received.length;
      await deliverOnce(ctx);
      expect(rx.received).toHaveLength(posted);
      advance(delay * 1.1 + 1000);
    }
    const after = await getWebhook.run(as(ORG_A), { id: ep.id });
    // The first failure ran at 0 h, the first failure after the 24-hour mark disables the endpoint.
    expect(after.health).toMatchObject({ status: 'disabled', disabled_reason: 'consecutive_failures' });
    expect(after.health.consecutive_failures).toBeGreaterThanOrEqual(10);
    expect(Date.parse(after.health.last_failure_at!) - Date.parse(after.health.failing_since!)).toBeGreaterThanOrEqual(24 * 3600_000);
    // Disabled: nothing is posted, the late event stays queued. Re-enabled: it goes out, same id.
    const posted = rx.received.length;
    advance(24 * 3600_000);
    await deliverOnce(ctx);
    expect(rx.received).toHaveLength(posted);
    expect((await deliveryRows(ep.id)).find((d) => d.event_id === late)).toMatchObject({ state: 'pending' });
    rx.mode = 'accept'; // the clock is a day ahead of the receiver's, so its timestamp check would fail
    const enabled = await updateWebhook.run(as(ORG_A), updateWebhook.input.parse({ id: ep.id, enabled: true }));
    expect(enabled.health).toMatchObject({ status: 'healthy', consecutive_failures: 0 });
    await deliverOnce(ctx);
    expect(rx.received.at(-1)!.headers['webhook-id']).toBe(late);
    expect((await deliveryRows(ep.id)).find((d) => d.event_id === late)).toMatchObject({ state: 'delivered' });
  });

  it('gives up on a delivery after the last scheduled attempt', async () => {
    const ep = await endpoint();
    rx.mode = 'fail500';
    await event();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS + 1; attempt++) {
      await deliverOnce(ctx);
      advance(11 * 3600_000);
    }
    expect(rx.received).toHaveLength(MAX_ATTEMPTS);
    expect((await deliveryRows(ep.id))[0]).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS });
  });

  it('410 disables the endpoint at once without a retry', async () => {
    const ep = await endpoint();
    rx.mode = 'gone410';
    await event(ORG_A, 1);
    await deliverOnce(ctx);
    expect((await deliveryRows(ep.id))[0]).toMatchObject({ state: 'failed', attempts: 1 });
    const after = await getWebhook.run(as(ORG_A), { id: ep.id });
    expect(after.health).toMatchObject({ status: 'disabled', disabled_reason: 'gone' });
    await event(ORG_A, 2); // not queued for a disabled endpoint
    advance(3600_000);
    await deliverOnce(ctx);
    expect(rx.received).toHaveLength(1);
  });

  it('a slow receiver times out and is retried; a fast one after it is not held up', async () => {
    const ep = await endpoint();
    rx.secrets = [ep.secret];
    rx.mode = { delayMs: 1500 };
    await event();
    await deliverOnce(ctx, { responseTimeoutMs: 300 });
    const [attempt] = (await listDeliveries.run(as(ORG_A), listDeliveries.input.parse({ id: ep.id }))).data;
    expect(attempt).toMatchObject({ status: 'failed', response_code: null });
    expect(attempt!.error).toMatch(/timeout/i);
    expect((await deliveryRows(ep.id))[0]).toMatchObject({ state: 'pending', attempts: 1 });
    rx.mode = 'ok';
    advance(10_000);
    await deliverOnce(ctx);
    expect((await deliveryRows(ep.id))[0]).toMatchObject({ state: 'delivered', attempts: 2 });
  });

  it('webhook.test: test_<hex> id, no payload_version, never retried, never counted toward auto-disable', async () => {
    const ep = await endpoint();
    rx.secrets = [ep.secret];
    const ok = await testWebhook.run(as(ORG_A), { id: ep.id });
    expect(ok).toMatchObject({ success: true, response_status: 204 });
    expect(ok.id).toMatch(/^test_[0-9a-f]+$/);
    const body = JSON.parse(rx.received[0]!.body) as Record<string, unknown>;
    expect(body).toMatchObject({ id: ok.id, type: 'webhook.test', data: { type: 'webhook.test' } });
    expect(body).not.toHaveProperty('payload_version');
    expect(rx.received[0]!.verified).toBe(true);
    rx.mode = 'fail500';
    const failed = await testWebhook.run(as(ORG_A), { id: ep.id });
    expect(failed).toMatchObject({ success: false, response_status: 500 });
    advance(3600_000);
    await deliverOnce(ctx);
    expect(rx.received).toHaveLength(2);
    expect((await getWebhook.run(as(ORG_A), { id: ep.id })).health).toMatchObject({ status: 'healthy', consecutive_failures: 0 });
  });

  it('one endpoint receives its deliveries in event order', async () => {
    const ep = await endpoint();
    rx.secrets = [ep.secret];
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push((await event(ORG_A, i)).id);
    await deliverOnce(ctx, { perEndpoint: 1 });
    expect(rx.received.map((r) => r.headers['webhook-id'])).toEqual(ids);
    expect((await deliveryRows(ep.id)).every((d) => d.state === 'delivered')).toBe(true);
  });

  it('redelivery by range re-posts with the same webhook-id and payload_version', async () => {
    const ep = await endpoint();
    rx.secrets = [ep.secret];
    const from = nowIso();
    const e = await event();
    await deliverOnce(ctx);
    const r = await redeliverWebhook.run(as(ORG_A), redeliverWebhook.input.parse({ id: ep.id, created_gte: from }));
    expect(r).toMatchObject({ queued: 1, event_ids: [e.id] });
    await deliverOnce(ctx);
    expect(rx.received.map((x) => x.headers['webhook-id'])).toEqual([e.id, e.id]);
    expect(rx.received.map((x) => (JSON.parse(x.body) as { payload_version: number }).payload_version)).toEqual([2, 2]);
    await expect(redeliverWebhook.run(as(ORG_A), { id: ep.id })).rejects.toMatchObject({ type: 'conflicting_params' });
  });

  it('two organizations: endpoints and events of one are invisible to and never delivered for the other', async () => {
    const a = await endpoint(ORG_A);
    rx.secrets = [a.secret];
    await event(ORG_B, 1);
    await deliverOnce(ctx);
    expect(rx.received).toHaveLength(0);
    expect((await listWebhooks.run(as(ORG_B), {})).data).toEqual([]);
    await expect(getWebhook.run(as(ORG_B), { id: a.id })).rejects.toMatchObject({ type: 'not_found' });
    await expect(updateWebhook.run(as(ORG_B), updateWebhook.input.parse({ id: a.id, enabled: false }))).rejects.toMatchObject({ type: 'not_found' });
  });
});

describe('endpoint validation', () => {
  it('enabled_events accepts exactly the three types; anything else names the allowed set', () => {
    const r = createWebhook.input.safeParse({ url: 'https://example.com/h', enabled_events: ['trademark.updated'] });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe("unknown event type 'trademark.updated'; enabled_events accepts exactly alert.created, trademark.status_changed, office_action.issued");
    expect(createWebhook.input.safeParse({ url: 'https://example.com/h', enabled_events: ['webhook.test'] }).success).toBe(false);
  });

  it('refuses metadata and link-local targets always, private ones unless allowed', async () => {
    const make = (c: Context, url: string) => createWebhook.run({ ...c, org: ORG_A }, createWebhook.input.parse({ url, enabled_events: ['alert.created'] }));
    const strict = { ...ctx, config: { ...ctx.config, allowPrivateWebhooks: false } };
    await expect(make(ctx, 'http://169.254.169.254/latest/meta-data')).rejects.toThrow(/link-local, metadata/);
    await expect(make(ctx, 'http://metadata.google.internal/')).rejects.toThrow(/metadata host/);
    await expect(make(ctx, 'http://[fe80::1]/')).rejects.toThrow(/link-local/);
    await expect(make(strict, 'http://127.0.0.1:9/')).rejects.toThrow(/allow-private-webhooks/);
    await expect(make(strict, 'http://10.1.2.3/')).rejects.toThrow(/special-purpose address \(10.0.0.0\/8, Private-Use/);
    await expect(make(strict, 'http://localhost/')).rejects.toThrow(/local name/);
    await expect(make(strict, 'ftp://example.com/')).rejects.toMatchObject({ type: 'validation_error', param: 'url' });
    await expect(make(strict, 'https://example.com/hook')).resolves.toMatchObject({ enabled: true });
  });

  it('the worker refuses a private address that a name resolves to', async () => {
    const strict = { ...ctx, org: ORG_A, config: { ...ctx.config, allowPrivateWebhooks: false } };
    // localhost.localtest.me style names are not available offline; a created endpoint moved to loopback stands in.
    const ep = await createWebhook.run(strict, createWebhook.input.parse({ url: 'https://example.com/hook', enabled_events: ['alert.created'] }));
    await t.ctx.store.webhooks.updateEndpoint({ ...(await t.ctx.store.webhooks.getEndpoint(ORG_A.id, ep.id))!, url: rx.url });
    await event();
    await deliverOnce(strict);
    expect(rx.received).toHaveLength(0);
    const [attempt] = (await listDeliveries.run(strict, listDeliveries.input.parse({ id: ep.id }))).data;
    expect(attempt!.error).toMatch(/refused: 127.0.0.1 is a special-purpose address/);
  });
});

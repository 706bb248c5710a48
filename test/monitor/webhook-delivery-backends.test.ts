// Webhook delivery through the real worker on every backend: the ledger event reaches a receiver
// that verifies it with the official library; a failure is retried on schedule; two workers at
// once deliver each event once; a worker that died mid-delivery has its lease released and the
// same webhook-id re-posted as the same attempt, its first try logged `interrupted`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeContext, createContext, type Context } from '../../src/context.js';
import { recordEvent } from '../../src/monitor/ledger.js';
import { createWebhook } from '../../src/ops/webhooks/create-webhook.js';
import { deliverOnce } from '../../src/ops/webhooks/delivery-service.js';
import { createTestDatabase, PG_ENABLED, type TestDatabase } from '../helpers/pg.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';

const ORG = { id: 'org_aaaa', name: 'A', livemode: true };
const dir = mkdtempSync(join(tmpdir(), 'tm-delivery-backends-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const LOCATIONS: { name: string; open(): Promise<{ location: string; drop(): Promise<void> }> }[] = [
  { name: 'sqlite', open: async () => ({ location: join(mkdtempSync(join(dir, 'lite-')), 'tm.db'), drop: async () => {} }) },
  ...(PG_ENABLED
    ? [{ name: 'postgres', open: async () => {
        const db: TestDatabase = await createTestDatabase();
        return { location: db.url, drop: () => db.drop() };
      } }]
    : []),
];

for (const backend of LOCATIONS) {
  describe(`webhook delivery on ${backend.name}`, () => {
    let ctx: Context;
    let rx: Receiver;
    let drop: () => Promise<void>;
    beforeEach(async () => {
      const opened = await backend.open();
      drop = opened.drop;
      const base = createContext({ db: opened.location });
      ctx = { ...base, org: ORG, config: { ...base.config, allowPrivateWebhooks: true } };
      rx = await startReceiver();
    });
    afterEach(async () => {
      await rx.close();
      await closeContext(ctx);
      await drop();
    });

    const endpoint = async () => {
      const ep = await createWebhook.run(ctx, createWebhook.input.parse({ url: rx.url, enabled_events: ['alert.created'] }));
      rx.secrets = [ep.secret];
      return ep;
    };
    const event = async (n: number) =>
      (await recordEvent(ctx.store, { orgId: ORG.id, type: 'alert.created', trademarkId: null, portfolios: [], at: ctx.clock.now().toISOString(), data: () => ({ alert_id: `alr_${n}` }) }))!;

    it('delivers each event once, signed, in order; a failure waits for its retry', async () => {
      const ep = await endpoint();
      const ids = [(await event(1)).id, (await event(2)).id];
      expect(await deliverOnce(ctx)).toEqual({ attempted: 2 });
      expect(rx.received.map((r) => [r.headers['webhook-id'], r.verified, r.headers['webhook-attempt']])).toEqual([[ids[0], true, '1'], [ids[1], true, '1']]);
      rx.mode = 'fail500';
      const third = (await event(3)).id;
      await deliverOnce(ctx);
      expect(await deliverOnce(ctx)).toEqual({ attempted: 0 });
      const [d] = await ctx.store.webhooks.deliveriesOfEvent(ep.id, third);
      expect(d).toMatchObject({ state: 'pending', attempts: 1, last_error: 'HTTP 500' });
      expect(d!.next_attempt_at > ctx.clock.now().toISOString()).toBe(true);
    });

    it('two workers at once post every event exactly once', async () => {
      await endpoint();
      const ids: string[] = [];
      for (let n = 0; n < 12; n++) ids.push((await event(n)).id);
      await Promise.all([deliverOnce(ctx, { perEndpoint: 3 }), deliverOnce(ctx, { perEndpoint: 3 })]);
      for (let round = 0; round < 6 && rx.received.length < ids.length; round++) await deliverOnce(ctx, { perEndpoint: 3 });
      expect(rx.received.map((r) => r.headers['webhook-id']).sort()).toEqual([...ids].sort());
    });

    it('a dead worker\'s lease is released and the same webhook-id re-posted as the same attempt', async () => {
      const ep = await endpoint();
      const id = (await event(1)).id;
      const now = ctx.clock.now().toISOString();
      const [claimed] = await ctx.store.webhooks.claim('999999@elsewhere#dead', now, now, 8, 10);
      expect(claimed).toMatchObject({ event_id: id, attempts: 1 });
      // The lease ran out (its owner is on no host this worker can check): the worker takes it over.
      await deliverOnce(ctx);
      expect(rx.received.map((r) => [r.headers['webhook-id'], r.headers['webhook-attempt']])).toEqual([[id, '1']]);
      const log = await ctx.store.webhooks.attempts(ep.id, 0, 10);
      expect(log.map((a) => [a.attempt, a.status])).toEqual([[1, 'interrupted'], [1, 'succeeded']]);
    });
  });
}

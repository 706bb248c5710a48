// Work claimed once across two `tm serve` nodes on one PostgreSQL database (issue 25): an ingest
// raises one watch alert, and its webhook is delivered once even when the node delivering it is
// killed with SIGKILL while the receiver holds the request open. The other node takes the claim
// over (TM_WEBHOOK_LEASE_MS keeps the lease short here) and re-posts with the same webhook-id.
// Skipped without TM_TEST_PG, like the other PostgreSQL suites.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContext, createContext, type Context } from '../../src/context.js';
import { ingestFiles } from '../../src/ingest/pipeline.js';
import { listAlerts } from '../../src/ops/monitor/alerts.js';
import { tmWatchesCreate } from '../../src/ops/monitor/watch-crud.js';
import { createWebhook } from '../../src/ops/webhooks/create-webhook.js';
import type { DeliveryRow } from '../../src/store/webhook-repo.js';
import { createTestDatabase, PG_ENABLED, type TestDatabase } from '../helpers/pg.js';
import { startNode, stopNodes, type Node } from '../helpers/pg-nodes.js';
import { send } from '../helpers/raw-request.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';

const PAIR = 'fixtures/uspto/daily-xml/records/revival-%-98186103.xml';
const SAMPLE = 'fixtures/uspto/daily-xml/apc180218-sample.xml';
const ORG = { id: 'org_nodes', name: 'Nodes', livemode: true };
const NODE_ENV = { TM_ALLOW_PRIVATE_WEBHOOKS: '1', TM_WEBHOOK_LEASE_MS: '1500' };

/** Waits for a condition the nodes bring about (a bound on the wait, not a speed assertion). */
const until = async <T>(what: string, f: () => Promise<T | null | undefined>, timeoutMs = 30_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await f();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe.skipIf(!PG_ENABLED)('a watch alert delivered once by two nodes, one killed mid-delivery', () => {
  let db: TestDatabase;
  let ctx: Context;
  let org: Context;
  let receiver: Receiver;
  let nodes: Node[] = [];
  let endpointId: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    ctx = createContext({ db: db.url });
    ctx.config.allowPrivateWebhooks = true;
    org = { ...ctx, org: ORG };
    await ctx.store.auth.createOrg({ id: ORG.id, name: ORG.name, limits: '{}', created_at: new Date().toISOString() });
    await ingestFiles(ctx, [SAMPLE, PAIR.replace('%', 'before')]);
    receiver = await startReceiver();
    const hook = await createWebhook.run(org, createWebhook.input.parse({ url: receiver.url, enabled_events: ['alert.created'] }));
    endpointId = hook.id;
    receiver.secrets.push(hook.secret);
    await tmWatchesCreate.run(org, tmWatchesCreate.input.parse({ name: 'Client mark', watch_type: 'mark', query: { filters: { trademarkIds: ['US:98186103'] } } }));
    nodes = await Promise.all([startNode(db.url, NODE_ENV, '--workers', '1'), startNode(db.url, NODE_ENV, '--workers', '1')]);
  }, 120_000);

  afterAll(async () => {
    await stopNodes(nodes);
    await receiver?.close();
    if (ctx) await closeContext(ctx);
    await db?.drop();
  });

  it('creates the alert once and delivers it once, the survivor re-posting with the same webhook-id', async () => {
    // The receiver holds the first POST open: the node that sent it is killed while it waits.
    receiver.mode = 'hang';
    const first = await ingestFiles(ctx, [PAIR.replace('%', 'after')]);
    expect(first.alerts).toBe(1);
    await receiver.waitFor(1, 30_000);
    const held = (await ctx.store.webhooks.deliveriesOfEvent(endpointId, String(receiver.received[0]!.headers['webhook-id'])))[0]!;
    expect(held.state).toBe('in_flight');
    const owner = nodes.find((n) => held.lease_owner!.startsWith(`${n.child.pid}@`))!;
    const survivor = nodes.find((n) => n !== owner)!;
    receiver.mode = 'ok';
    owner.child.kill('SIGKILL');
    await new Promise((r) => owner.child.once('exit', r));

    const done = await until('the delivery to be delivered', async () => {
      const row = (await ctx.store.webhooks.deliveriesOfEvent(endpointId, held.event_id))[0];
      return row?.state === 'delivered' ? row : null;
    });
    expect(receiver.received).toHaveLength(2);
    const [a, b] = receiver.received;
    expect(b!.headers['webhook-id']).toBe(a!.headers['webhook-id']);
    expect(b!.verified).toBe(true);
    expect(JSON.parse(b!.body)).toMatchObject({ id: held.event_id, type: 'alert.created' });
    // One delivery row, taken over by the survivor; the killed node's attempt is `interrupted` and not counted.
    expect(await ctx.store.webhooks.deliveriesOfEvent(endpointId, held.event_id)).toEqual([expect.objectContaining<Partial<DeliveryRow>>({ id: held.id, attempts: 1 })]);
    expect(done.lease_owner).toBeNull();
    const attempts = await ctx.store.webhooks.attempts(endpointId, 0, 10);
    expect(attempts.map((x) => x.status)).toEqual(['interrupted', 'succeeded']);
    expect(attempts[0]!.error).toMatch(/interrupted/);

    // A repeated ingest and a re-run of evaluation raise no second alert and queue nothing more.
    expect((await ingestFiles(ctx, [PAIR.replace('%', 'after')])).alerts).toBe(0);
    const alerts = (await listAlerts.run(org, listAlerts.input.parse({ limit: 10 }))).data;
    expect(alerts).toHaveLength(1);
    expect(await ctx.store.webhooks.deliveryCounts(endpointId)).toEqual({ delivered: 1 });
    // The survivor still answers.
    expect((await send(survivor.url, '/health/live')).status).toBe(200);
  }, 90_000);
});

// Two `tm serve` processes on different ports sharing one PostgreSQL database (issue 25): each
// answers, a rate limit of N per window admits exactly N of 3N calls across both, and an
// Idempotency-Key runs once, its replay through the other node answering the same bytes. Each
// node keeps keys and their organizations' limits in memory: a change through one node, or by
// another process, applies on the other as soon as its notice arrives (LISTEN/NOTIFY delivers it
// after the commit, asynchronously: the tests allow it NOTICE_MS), also after its listening
// connection was cut.
// Skipped without TM_TEST_PG, like the other PostgreSQL suites.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, issueApiKey } from '../../src/auth/index.js';
import { updateOrgLimits } from '../../src/auth/orgs.js';
import { closeContext, createContext, type Context } from '../../src/context.js';
import { LISTENER_NAME } from '../../src/store/postgres/changes.js';
import { postgresDb } from '../../src/store/postgres/store.js';
import { createTestDatabase, PG_ENABLED, type TestDatabase } from '../helpers/pg.js';
import { startNode, stopNodes, type Node } from '../helpers/pg-nodes.js';
import { send } from '../helpers/raw-request.js';

const NOW = '2026-11-22T12:00:00.000Z';
/** The clock is fixed (TM_NOW), so the window never turns over during the test. */
const READS_LIMIT = 10;
/** A notice reaches the other nodes after the commit; a request sent in that gap still sees the old row. */
const NOTICE_MS = 2_000;

/** Sends `call` until `done` holds of its answer or NOTICE_MS pass; returns the last answer. */
const untilHeard = async <T>(call: () => Promise<T>, done: (r: T) => boolean): Promise<T> => {
  const deadline = Date.now() + NOTICE_MS;
  for (;;) {
    const r = await call();
    if (done(r) || Date.now() > deadline) return r;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};
const policy = (r: { headers: Record<string, unknown> }): string => String(r.headers['ratelimit-policy']);

describe.skipIf(!PG_ENABLED)('two tm serve nodes on one PostgreSQL', () => {
  let db: TestDatabase;
  let nodes: Node[] = [];
  let keyA: string;
  let keyB: string;
  let ctx: Context;
  let admin: string;
  let orgB: string;
  let orgC: string;
  let keyC: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    ctx = createContext({ db: db.url, now: NOW });
    const a = await createOrganization(ctx, 'Acme Legal', { reads: { limit: READS_LIMIT, window_seconds: 3600 } });
    const b = await createOrganization(ctx, 'Beta IP');
    orgB = b.id;
    keyA = (await issueApiKey(ctx, { orgId: a.id, scopes: ['trademarks:read'], livemode: true })).secret;
    keyB = (await issueApiKey(ctx, { orgId: b.id, scopes: ['trademarks:read'], livemode: true })).secret;
    admin = (await issueApiKey(ctx, { orgId: b.id, scopes: ['trademarks:read', 'api-keys:manage'], livemode: true })).secret;
    orgC = (await createOrganization(ctx, 'Gamma Marks')).id;
    keyC = (await issueApiKey(ctx, { orgId: orgC, scopes: ['trademarks:read'], livemode: true })).secret;
    nodes = await Promise.all([startNode(db.url, { TM_NOW: NOW }), startNode(db.url, { TM_NOW: NOW })]);
  }, 60_000);

  afterAll(async () => {
    await stopNodes(nodes);
    if (ctx) await closeContext(ctx);
    await db?.drop();
  });

  it('runs two nodes on different ports; each answers and reports the database ready', async () => {
    expect(nodes[0]!.url).not.toBe(nodes[1]!.url);
    for (const n of nodes) {
      const r = await send(n.url, '/v1/trademarks?q=acme', { headers: { authorization: `Bearer ${keyB}` } });
      expect(r.status).toBe(200);
      // Readiness probes the shared database from each node.
      const ready = await send(n.url, '/health/ready');
      expect(ready.status).toBe(200);
      expect((JSON.parse(ready.body) as { dependencies: { database: { status: string } } }).dependencies.database.status).toBe('ok');
    }
  });

  it(`admits exactly ${READS_LIMIT} of ${3 * READS_LIMIT} reads across both nodes`, async () => {
    const replies = await Promise.all(
      Array.from({ length: 3 * READS_LIMIT }, (_, i) => send(nodes[i % 2]!.url, '/v1/trademarks?q=acme', { headers: { authorization: `Bearer ${keyA}` } })),
    );
    const ok = replies.filter((r) => r.status === 200);
    const limited = replies.filter((r) => r.status === 429);
    expect(ok).toHaveLength(READS_LIMIT);
    expect(limited).toHaveLength(2 * READS_LIMIT);
    for (const r of limited) expect((JSON.parse(r.body) as { error: { type: string } }).error.type).toBe('rate_limited');
    // Each admitted call saw its own place in the one shared window.
    const remaining = ok.map((r) => Number(/remaining=(\d+)/.exec(String(r.headers.ratelimit))![1])).sort((x, y) => x - y);
    expect(remaining).toEqual(Array.from({ length: READS_LIMIT }, (_, i) => i));
    // Both nodes refuse the next call: the window is full for the organization, not per node.
    for (const n of nodes) expect((await send(n.url, '/v1/trademarks?q=acme', { headers: { authorization: `Bearer ${keyA}` } })).status).toBe(429);
  });

  it('runs an Idempotency-Key once; its replay through the other node returns the same bytes', async () => {
    const headers = { authorization: `Bearer ${keyB}`, 'content-type': 'application/json', 'idempotency-key': 'two-nodes-key' };
    const body = JSON.stringify({ items: ['US:00000001', 'US:00000002'] });
    const first = await send(nodes[0]!.url, '/v1/trademarks/batch', { method: 'POST', headers, body });
    expect(first.status).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const replay = await send(nodes[1]!.url, '/v1/trademarks/batch', { method: 'POST', headers, body });
    expect(replay.status).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(Buffer.from(replay.body)).toEqual(Buffer.from(first.body));
  });

  it('runs one request when an Idempotency-Key reaches both nodes at once', async () => {
    const headers = { authorization: `Bearer ${keyB}`, 'content-type': 'application/json', 'idempotency-key': 'two-nodes-race' };
    const body = JSON.stringify({ items: ['US:00000003'] });
    const replies = await Promise.all(Array.from({ length: 8 }, (_, i) => send(nodes[i % 2]!.url, '/v1/trademarks/batch', { method: 'POST', headers, body })));
    const ran = replies.filter((r) => r.status === 200 && r.headers['idempotent-replayed'] === undefined);
    expect(ran).toHaveLength(1);
    for (const r of replies) {
      if (r.status === 200) expect(r.body).toBe(ran[0]!.body);
      else expect((JSON.parse(r.body) as { error: { type: string } }).error.type).toBe('idempotency_processing');
    }
  });

  const read = (n: Node, key: string) => send(n.url, '/v1/trademarks?q=acme', { headers: { authorization: `Bearer ${key}` } });

  it('refuses a key on one node at once after it was revoked through the other', async () => {
    const { key, secret } = await issueApiKey(ctx, { orgId: orgB, scopes: ['trademarks:read'], livemode: true });
    // Both nodes have read the key (and keep it) before it is revoked.
    for (const n of nodes) for (let i = 0; i < 2; i++) expect((await read(n, secret)).status).toBe(200);
    const revoked = await send(nodes[0]!.url, `/v1/organization/api-keys/${key.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${admin}`, 'idempotency-key': 'revoke-on-node-a' } });
    expect(revoked.status, revoked.body).toBe(200);
    const refused = await untilHeard(() => read(nodes[1]!, secret), (r) => r.status === 401);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatch(/revoked/);
    expect((await read(nodes[0]!, secret)).status).toBe(401);
  });

  it("applies an organization's new limit on both nodes at once when another process changes it", async () => {
    for (const n of nodes) expect((await read(n, keyC)).headers['ratelimit-policy']).toMatch(/^10000;w=60\b/);
    // `tm orgs limits` from another process: no node made the change, both hear of it.
    await updateOrgLimits(ctx, orgC, { reads: { limit: 500, window_seconds: 60 } });
    for (const n of nodes) expect(policy(await untilHeard(() => read(n, keyC), (r) => /^500;/.test(policy(r))))).toMatch(/^500;w=60\b/);
  });

  it('reads through while a node is not listening, and listens again', async () => {
    const pg = postgresDb(ctx.store);
    const listeners = async () => (await pg.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [LISTENER_NAME])).map((r) => r.pid);
    // One listener per node process (each node here runs a worker per core, each with its own).
    const cut = await listeners();
    expect(cut.length).toBeGreaterThanOrEqual(2);
    for (const pid of cut) await pg.query('SELECT pg_terminate_backend($1, 5000)', [pid]);
    await updateOrgLimits(ctx, orgC, { reads: { limit: 400, window_seconds: 60 } });
    // A node that has seen its listener go dropped its rows; one that had not yet seen it drops them then.
    for (const n of nodes) expect(policy(await untilHeard(() => read(n, keyC), (r) => /^400;/.test(policy(r))))).toMatch(/^400;w=60\b/);
    // Each node connects again; a change after that is heard as before.
    const deadline = Date.now() + 20_000;
    while ((await listeners()).filter((p) => !cut.includes(p)).length < cut.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect((await listeners()).filter((p) => !cut.includes(p))).toHaveLength(cut.length);
    for (const n of nodes) await read(n, keyC);
    await updateOrgLimits(ctx, orgC, { reads: { limit: 300, window_seconds: 60 } });
    for (const n of nodes) expect(policy(await untilHeard(() => read(n, keyC), (r) => /^300;/.test(policy(r))))).toMatch(/^300;w=60\b/);
  });
});

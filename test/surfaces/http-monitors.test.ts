// Earlier-shape monitors over a real `tm serve`: the six routes, status filter and page cap, PATCH
// of only the supplied fields, items stored as watches, and the test route posting a sample event
// through the delivery worker to a real receiver that verifies the Standard Webhooks signature
// with the `standardwebhooks` package.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttp, type HttpFixture } from './http-fixture.js';

let f: HttpFixture;
let receiver: Server;
let receiverUrl = '';
const received: { headers: Record<string, string>; body: string; verified: boolean }[] = [];
const SECRET = 'monitor-secret-1';

beforeAll(async () => {
  // Signatures carry a timestamp the receiver checks against its own clock: run the service on the real one.
  f = await startHttp([], { now: new Date().toISOString() });
  // The receiver is on loopback, a private target (tm serve --allow-private-webhooks).
  f.tmp.ctx.config.allowPrivateWebhooks = true;
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      let verified = false;
      try {
        new Webhook(SECRET, { format: 'raw' }).verify(body, headers);
        verified = true;
      } catch {
        verified = false;
      }
      received.push({ headers, body, verified });
      res.writeHead(req.url === '/fail' ? 500 : 204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await f.close();
  await new Promise((r) => receiver.close(r));
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are checked by the assertions, not by types
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Record<string, any> });
const post = (path: string, body: unknown, key?: string) => f.call(path, { method: 'POST', body: JSON.stringify(body), key });

describe('earlier-shape monitors', () => {
  it('creates a monitor whose items are watches, lists by status, patches only what is supplied, deletes', async () => {
    const created = await json(
      await post('/v1/monitors', {
        name: 'Brand watch',
        watches: [{ type: 'similarity', query: { q: 'APPLE' } }, { type: 'class', query: { filters: { niceClasses: [9] } } }],
        webhook_url: `${receiverUrl}/hook`,
        offices: ['us'],
        webhook_events: ['new_filing', 'similar_mark_detected'],
      }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ success: true, data: { name: 'Brand watch', status: 'active', offices: ['US'], webhook_events: ['new_filing', 'similar_mark_detected'] } });
    expect(JSON.stringify(created.body)).not.toContain('webhook_secret');
    const id = created.body.data.id as string;
    // Both items are created in one instant, so list order between them is by id: compare sorted by type.
    const watches = (await json(await f.call('/v1/watches?limit=100'))).body.data
      .filter((w: { monitor_id: string }) => w.monitor_id === id)
      .sort((a: { watch_type: string }, b: { watch_type: string }) => a.watch_type.localeCompare(b.watch_type));
    expect(watches.map((w: { watch_type: string; trigger_events: string[] }) => [w.watch_type, w.trigger_events])).toEqual([
      ['class', ['trademark.created']],
      ['similarity', ['trademark.created', 'trademark.updated', 'trademark.status_changed']],
    ]);
    expect(watches[0].query.filters).toEqual({ niceClasses: [9], offices: ['US'] });

    const patched = await json(await f.call(`/v1/monitors/${id}`, { method: 'PATCH', body: JSON.stringify({ description: 'Fruit brands' }) }));
    expect(patched.body).toEqual({ success: true, data: { id, name: 'Brand watch', updated_at: expect.any(String) } });
    expect((await json(await f.call(`/v1/monitors/${id}`))).body.data).toMatchObject({ description: 'Fruit brands', webhook_url: `${receiverUrl}/hook` });
    await f.call(`/v1/monitors/${id}`, { method: 'PATCH', body: JSON.stringify({ status: 'paused' }) });
    expect((await json(await f.call('/v1/monitors?status=paused'))).body.data.map((m: { id: string }) => m.id)).toEqual([id]);
    expect((await json(await f.call('/v1/monitors?status=active'))).body.data).toEqual([]);
    expect((await f.call('/v1/monitors?limit=101')).status).toBe(400);
    expect((await f.call(`/v1/monitors/${id}`, { key: f.orgB.all })).status).toBe(404);
    expect((await f.call(`/v1/monitors/${id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await f.call(`/v1/monitors/${id}`)).status).toBe(404);
    expect((await json(await f.call('/v1/watches?limit=100'))).body.data.filter((w: { monitor_id: string }) => w.monitor_id === id)).toEqual([]);
  });

  it('posts a signed sample event to the webhook and reports the answer; a failing receiver puts the monitor in error', async () => {
    const body = { name: 'Signed', watches: [{ type: 'similarity', query: { q: 'APPLE' } }], webhook_url: `${receiverUrl}/hook`, webhook_secret: SECRET };
    const id = (await json(await post('/v1/monitors', body))).body.data.id as string;
    const test = await json(await post(`/v1/monitors/${id}/test`, {}));
    expect(test.body).toMatchObject({ success: true, webhook_url: `${receiverUrl}/hook`, response_status: 204 });
    expect(test.body.response_time_ms).toBeGreaterThanOrEqual(0);
    const last = received[received.length - 1]!;
    expect(last.verified).toBe(true);
    expect(JSON.parse(last.body)).toMatchObject({ type: 'new_filing', monitor_id: id, test: true });

    const failing = (await json(await post('/v1/monitors', { ...body, webhook_url: `${receiverUrl}/fail` }))).body.data.id as string;
    const failed = await json(await post(`/v1/monitors/${failing}/test`, {}));
    expect(failed.body).toMatchObject({ success: false, response_status: 500 });
    expect((await json(await f.call(`/v1/monitors/${failing}`))).body.data.status).toBe('error');
  });

  it('refuses bad input in the earlier error shape and writes nothing', async () => {
    const before = (await json(await f.call('/v1/monitors?limit=100'))).body.data.length;
    const bad = await json(await post('/v1/monitors', { name: 'x', watches: [{ type: 'similarity', query: {} }], webhook_url: `${receiverUrl}/hook` }));
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('query.q');
    expect((await post('/v1/monitors', { name: 'x', watches: [{ type: 'class', query: { filters: { niceClasses: [9] } } }], webhook_url: 'ftp://x' })).status).toBe(400);
    expect((await post('/v1/monitors', { name: 'x', watches: [{ type: 'class', query: { filters: { niceClasses: [9] } } }], webhook_url: `${receiverUrl}/h`, webhook_events: ['everything'] })).status).toBe(400);
    expect((await json(await f.call('/v1/monitors?limit=100'))).body.data.length).toBe(before);
  });
});

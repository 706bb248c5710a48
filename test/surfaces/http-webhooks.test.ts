// Events and webhooks over the real HTTP API (two organizations, scopes, the spec's error bodies,
// the OpenAPI document) and over MCP stdio with the official SDK client (secrets redacted).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { packagePath } from '../../src/data-files.js';
import { recordEvent } from '../../src/monitor/ledger.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';
import { startHttp, type HttpFixture } from './http-fixture.js';

let h: HttpFixture;
let rx: Receiver;

beforeAll(async () => {
  h = await startHttp([], { now: new Date().toISOString() });
  h.tmp.ctx.config.allowPrivateWebhooks = true;
  rx = await startReceiver();
});
afterAll(async () => {
  await rx.close();
  await h.close();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field below
const json = async (r: Response) => ({ status: r.status, body: (await r.json()) as Record<string, any> });

describe('webhooks over HTTP', () => {
  it('creates an endpoint (201, secret once), lists it without the secret, and keeps it from the other organization', async () => {
    const created = await json(await h.call('/v1/webhooks', { method: 'POST', body: JSON.stringify({ url: rx.url, enabled_events: ['alert.created'] }) }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ object: 'webhook_endpoint', enabled: true, health: { status: 'healthy' } });
    expect(created.body.secret).toMatch(/^whsec_/);
    const id = created.body.id as string;
    const listed = await json(await h.call('/v1/webhooks'));
    expect(listed.body.data.map((e: { id: string }) => e.id)).toEqual([id]);
    expect(JSON.stringify(listed.body)).not.toContain(created.body.secret);
    expect((await h.call(`/v1/webhooks/${id}`, { key: h.orgB.all })).status).toBe(404);
    expect((await json(await h.call('/v1/webhooks', { key: h.orgB.all }))).body.data).toEqual([]);

    rx.secrets = [created.body.secret];
    const ping = await json(await h.call(`/v1/webhooks/${id}/test`, { method: 'POST', body: '{}' }));
    expect(ping.body).toMatchObject({ success: true, response_status: 204 });
    expect(rx.received.at(-1)!.verified).toBe(true);

    const patched = await json(await h.call(`/v1/webhooks/${id}`, { method: 'PATCH', body: JSON.stringify({ enabled_events: ['office_action.issued'], enabled: false }) }));
    expect(patched.body).toMatchObject({ enabled_events: ['office_action.issued'], enabled: false, health: { status: 'disabled', disabled_reason: 'manual' } });
    const attempts = await json(await h.call(`/v1/webhooks/${id}/deliveries`));
    expect(attempts.body.data[0]).toMatchObject({ object: 'delivery_attempt', status: 'succeeded', response_code: 204 });
    expect((await h.call(`/v1/webhooks/${id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await h.call(`/v1/webhooks/${id}`)).status).toBe(404);
  });

  it('answers 400 naming the allowed set for an unknown event type, 400 for a metadata URL, 403 without the scope', async () => {
    const bad = await json(await h.call('/v1/webhooks', { method: 'POST', body: JSON.stringify({ url: rx.url, enabled_events: ['trademark.updated'] }) }));
    expect(bad.status).toBe(400);
    expect(bad.body.error.detail).toContain('alert.created, trademark.status_changed, office_action.issued');
    const meta = await json(await h.call('/v1/webhooks', { method: 'POST', body: JSON.stringify({ url: 'http://169.254.169.254/', enabled_events: ['alert.created'] }) }));
    expect(meta.status).toBe(400);
    expect(meta.body.error.detail).toMatch(/metadata/);
    expect((await h.call('/v1/webhooks', { method: 'POST', key: h.orgA.read, body: JSON.stringify({ url: rx.url, enabled_events: ['alert.created'] }) })).status).toBe(403);
  });

  it('serves each organization its own ledger at /v1/events', async () => {
    const at = new Date().toISOString();
    const a = (await recordEvent(h.tmp.ctx.store, { orgId: h.orgA.id, type: 'alert.created', trademarkId: null, portfolios: [], at, data: () => ({ alert_id: 'alr_a' }) }))!;
    await recordEvent(h.tmp.ctx.store, { orgId: h.orgB.id, type: 'alert.created', trademarkId: null, portfolios: [], at, data: () => ({ alert_id: 'alr_b' }) });
    const listA = await json(await h.call('/v1/events?type=alert.created'));
    expect(listA.body.data.map((e: { id: string }) => e.id)).toEqual([a.id]);
    expect((await json(await h.call(`/v1/events/${a.id}`))).body).toMatchObject({ id: a.id, payload_version: 2, data: { alert_id: 'alr_a' } });
    expect((await h.call(`/v1/events/${a.id}`, { key: h.orgB.all })).status).toBe(404);
    expect((await json(await h.call('/v1/events?type=nope'))).status).toBe(400);
    expect((await h.call('/v1/events', { key: h.orgA.read })).status).toBe(403);
  });

  it('publishes every route in the OpenAPI document', async () => {
    const doc = (await json(await h.call('/v1/openapi.json'))).body;
    for (const path of ['/v1/events', '/v1/events/{id}', '/v1/webhooks', '/v1/webhooks/{id}', '/v1/webhooks/{id}/test', '/v1/webhooks/{id}/rotate-secret', '/v1/webhooks/{id}/redeliver', '/v1/webhooks/{id}/deliveries']) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });
});

describe('webhook tools over MCP stdio', () => {
  it('create, list, update, test and delete, with the secret always redacted', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [packagePath('bin', 'tm.js'), 'mcp', '--db', h.tmp.ctx.config.dbPath],
      env: { PATH: process.env.PATH ?? '', TM_ALLOW_PRIVATE_WEBHOOKS: '1' },
    });
    const client = new Client({ name: 'tm-webhooks-test', version: '0' });
    await client.connect(transport);
    try {
      const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallToolResult;
      const created = await call('tm_webhooks_create', { url: rx.url, enabled_events: ['trademark.status_changed'] });
      expect(created.isError).toBeFalsy();
      const endpoint = created.structuredContent as { id: string; secret: string };
      expect(endpoint.secret).toBe('[redacted]');
      expect(JSON.stringify(created.content)).not.toMatch(/whsec_[A-Za-z0-9+/]{8}/);
      const listed = (await call('tm_webhooks_list', {})).structuredContent as { data: { id: string }[] };
      expect(listed.data.map((e) => e.id)).toContain(endpoint.id);
      expect((await call('tm_webhooks_update', { id: endpoint.id, description: 'docketing' })).structuredContent).toMatchObject({ description: 'docketing' });
      rx.secrets = [];
      const tested = (await call('tm_webhooks_test', { id: endpoint.id })).structuredContent as { success: boolean; id: string };
      expect(tested.id).toMatch(/^test_/);
      expect(rx.received.at(-1)!.headers['webhook-id']).toBe(tested.id);
      expect((await call('tm_webhooks_delete', { id: endpoint.id })).structuredContent).toMatchObject({ deleted: true });
    } finally {
      await client.close();
    }
  });
});

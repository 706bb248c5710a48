// The monitoring tools of spec §4.6 over /mcp with the official SDK client: the nine names listed,
// a watch created, previewed, paused, resumed, updated, diagnosed, its alert listed and looked up,
// then deleted; each call metered in the `monitoring` class.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueApiKey } from '../../src/auth/index.js';
import { flushUsage } from '../../src/auth/index.js';
import { ingestFiles } from '../../src/ingest/pipeline.js';
import { tempContext, type TempContext } from '../helpers/factory.js';
import { NOW, seed, startHttp, type Running, type Seeded } from './mcp-fixture.js';

const TOOLS = ['tm_watches_create', 'tm_watches_update', 'tm_watches_delete', 'pause_watch', 'resume_watch', 'preview_watch', 'get_watch_diagnostics', 'list_alerts_for_watch', 'lookup_alert'];
const DAILY = 'fixtures/uspto/daily-xml/records';

let t: TempContext;
let s: Seeded;
let srv: Running;
let client: Client;
let transport: StreamableHTTPClientTransport;

beforeAll(async () => {
  t = tempContext(NOW);
  s = await seed(t.ctx, t.dir);
  await ingestFiles(t.ctx, [`${DAILY}/revival-before-98186103.xml`]);
  srv = await startHttp(t.ctx, s.jwksPath);
  const key = (await issueApiKey(t.ctx, { orgId: s.orgA, scopes: ['trademarks:read', 'portfolios:manage'], livemode: true })).secret;
  client = new Client({ name: 'tm-test', version: '0' });
  transport = new StreamableHTTPClientTransport(srv.url, { requestInit: { headers: { Authorization: `Bearer ${key}` } } });
  await client.connect(transport);
});
afterAll(async () => {
  await transport.terminateSession();
  await client.close();
  await srv.stop();
  await t.cleanup();
});

const call = async (name: string, args: Record<string, unknown>) => {
  const r = (await client.callTool({ name, arguments: args })) as CallToolResult;
  expect(r.isError, JSON.stringify(r.structuredContent)).toBeFalsy();
  return r.structuredContent as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- checked by the assertions
};

describe('monitoring tools over /mcp', () => {
  it('lists the nine tools and runs a watch through its life, metered as monitoring', async () => {
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    for (const name of TOOLS) expect(names).toContain(name);

    const watch = await call('tm_watches_create', { name: 'Racino', watch_type: 'similarity', query: { version: 'v3', q: 'R RACINO', min_tier: 'similar' } });
    expect(watch).toMatchObject({ object: 'watch', status: 'active' });
    expect((await call('preview_watch', { watch_type: 'similarity', query: { q: 'R RACINO' } })).data[0].application_number).toBe('98186103');
    expect((await call('pause_watch', { id: watch.id })).status).toBe('paused');
    expect((await call('resume_watch', { id: watch.id })).status).toBe('active');
    expect((await call('tm_watches_update', { id: watch.id, customer_reference: 'C-9' })).customer_reference).toBe('C-9');

    await ingestFiles(t.ctx, [`${DAILY}/revival-after-98186103.xml`]);
    const alerts = await call('list_alerts_for_watch', { id: watch.id });
    expect(alerts.data).toHaveLength(1);
    const alert = await call('lookup_alert', { id: alerts.data[0].id });
    expect(alert).toMatchObject({ watch_name: 'Racino', customer_reference: 'C-9', match: { tier: 'identical' } });
    expect((await call('get_watch_diagnostics', { id: watch.id, trademark_id: 'US:98186103' })).outcome).toBe('alerted');
    expect((await call('tm_watches_delete', { id: watch.id })).deleted).toBe(true);

    flushUsage(t.ctx);
    const counts = await t.ctx.store.auth.usage.countsSince(s.orgA, true, '2026-11-01');
    const monitoring = counts.filter((c) => c.meter === 'monitoring').reduce((n, c) => n + c.count, 0);
    expect(monitoring).toBe(9);
  });
});

// The stateless 2026-07-28 revision on /mcp, driven by the SDK v2 client pinned to it: discovery,
// tools, results and errors identical to the 2025 revisions, no session, the same credentials;
// and the v2 client in `auto` mode against the same endpoint.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { isTool } from '../../src/mcp/tools.js';
import { DEFAULT_TOOLSETS, toolsetOf } from '../../src/mcp/toolsets.js';
import { OPERATIONS } from '../../src/ops/registry.js';
import { tempContext, type TempContext } from '../helpers/factory.js';
import { KEY_A_SCOPES, NOW, seed, startHttp, SYNCED_AT, type Running, type Seeded } from './mcp-fixture.js';

let t: TempContext;
let s: Seeded;
let srv: Running;

type Result = { isError?: boolean; structuredContent?: unknown; _meta?: Record<string, unknown> };

const connect = async (token: string, mode: 'auto' | { pin: string }) => {
  const client = new Client({ name: 'tm-modern-test', version: '0' }, { versionNegotiation: { mode } });
  const transport = new StreamableHTTPClientTransport(srv.url, { requestInit: { headers: { Authorization: `Bearer ${token}` } } });
  await client.connect(transport);
  return { client, transport };
};

beforeAll(async () => {
  t = tempContext(NOW);
  s = await seed(t.ctx, t.dir);
  srv = await startHttp(t.ctx, s.jwksPath);
});
afterAll(async () => {
  await srv.stop();
  await t.cleanup();
});

describe('/mcp at 2026-07-28', () => {
  it('serves the registry tools statelessly, with the same results and errors', async () => {
    const { client, transport } = await connect(s.keyA, { pin: '2026-07-28' });
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    expect(transport.sessionId).toBeUndefined();
    const { tools } = await client.listTools();
    // Only the tools the key's scopes allow, in the default toolsets, are listed.
    const listed = (op: (typeof OPERATIONS)[number]) => isTool(op) && DEFAULT_TOOLSETS.includes(toolsetOf(op.name)!);
    expect(tools.map((x) => x.name)).toEqual(OPERATIONS.filter((op) => listed(op) && KEY_A_SCOPES.includes(op.scope)).map((op) => op.name));
    const mark = (await client.callTool({ name: 'get_trademark', arguments: { id: s.markId } })) as Result;
    expect(mark.structuredContent).toMatchObject({ id: s.markId, office_code: 'US' });
    expect(mark._meta?.['tm/sources']).toEqual([{ office_code: 'US', last_successful_sync: SYNCED_AT }]);
    const missing = (await client.callTool({ name: 'get_trademark', arguments: { id: 'US:1' } })) as Result;
    expect(missing.isError).toBe(true);
    expect(missing.structuredContent).toMatchObject({ error: { type: 'not_found', status: 404 } });
    await client.close();
  });

  it('checks the credential of every request and keeps scopes', async () => {
    const { client } = await connect(s.keyReadOnly, { pin: '2026-07-28' });
    const { tools } = await client.listTools();
    expect(tools.map((x) => x.name)).toEqual(
      OPERATIONS.filter((op) => isTool(op) && op.scope === 'trademarks:read' && DEFAULT_TOOLSETS.includes(toolsetOf(op.name)!)).map((op) => op.name),
    );
    const billing = OPERATIONS.find((op) => op.scope === 'billing:read' && op.readOnly && !op.local)!;
    expect(tools.some((x) => x.name === billing.name)).toBe(false);
    const denied = (await client.callTool({ name: billing.name, arguments: {} })) as Result;
    expect(denied.structuredContent).toMatchObject({ error: { type: 'forbidden', required_scope: 'billing:read' } });
    await client.close();
    await expect(connect('tmk_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', { pin: '2026-07-28' })).rejects.toThrow();
  });

  it('lets a v2 client in auto mode pick the newest revision', async () => {
    const { client } = await connect(s.keyA, 'auto');
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    await client.close();
  });
});

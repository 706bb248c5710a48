// Deeply nested input (issue 30, point 6): a JSON body or MCP tool arguments nested past 64 levels
// is a 400 validation_error naming the limit, on every write route and tool, never a 500 from a
// stack overflow; 64 levels still pass the check. The idempotency fingerprint hashes the same
// bytes as JSON.stringify, without recursion.
import { createHash } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprint } from '../../src/auth/idempotency.js';
import { issueApiKey } from '../../src/auth/index.js';
import { checkInputLimits, MAX_DEPTH } from '../../src/ops/text-limits.js';
import { tempContext, type TempContext } from '../helpers/factory.js';
import { startHttp, type HttpFixture } from './http-fixture.js';
import { NOW, seed, startHttp as startMcp, type Running } from './mcp-fixture.js';

/** `{"a":{"a":…{"a":1}}}` with `levels` objects: levels × 6 bytes or so. */
const nestedObject = (levels: number): string => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
const nestedArray = (levels: number): string => `${'['.repeat(levels)}${']'.repeat(levels)}`;

describe('the depth walk', () => {
  it('accepts 64 levels and refuses 65, naming the top-level parameter and the limit', () => {
    // The input object is level 1, so a value 63 levels inside it is at depth 64.
    expect(() => checkInputLimits({ metadata: JSON.parse(nestedObject(MAX_DEPTH - 1)) })).not.toThrow();
    expect(() => checkInputLimits({ metadata: JSON.parse(nestedObject(MAX_DEPTH)) })).toThrow(
      expect.objectContaining({ type: 'validation_error', param: 'metadata', message: expect.stringContaining('nested more than 64 levels deep') }),
    );
    expect(() => checkInputLimits({ tags: JSON.parse(nestedArray(200_000)) })).toThrow(expect.objectContaining({ param: 'tags' }));
  });

  it('hashes the bytes of JSON.stringify, so stored fingerprints stay valid, and survives any depth', () => {
    const body = { name: 'Ä "q"', n: [1, 2.5, null, true, { x: undefined, y: [[]] }], nested: { b: {}, a: 'é\u2028' }, u: undefined };
    const expected = createHash('sha256').update(`POST /v1/portfolios\n${JSON.stringify(body)}`).digest('hex');
    expect(fingerprint('POST', '/v1/portfolios', body)).toBe(expected);
    expect(fingerprint('POST', '/x', JSON.parse(nestedArray(100_000)))).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('over HTTP', () => {
  let f: HttpFixture;
  beforeAll(async () => {
    f = await startHttp();
  });
  afterAll(async () => f.close());

  // Each a 12 KB-or-so body nested 5,000 deep in a field the route accepts.
  const ROUTES: [string, (deep: unknown) => object][] = [
    ['/v1/portfolios', (deep) => ({ name: 'Deep', metadata: deep })],
    ['/v1/watches', (deep) => ({ name: 'Deep', watch_type: 'similarity', query: { q: 'ACME', deep } })],
    ['/v1/webhooks', (deep) => ({ url: 'https://example.com/hook', enabled_events: ['alert.created'], description: deep })],
    ['/v1/screenings', (deep) => ({ mark: 'ACME', goods: deep })],
  ];

  it.each(ROUTES)('POST %s nested 5,000 deep is a 400 that names the limit', async (path, shape) => {
    const body = JSON.stringify(shape('__DEEP__')).replace('"__DEEP__"', nestedArray(5_000));
    expect(body.length).toBeGreaterThan(10_000);
    const res = await f.call(path, { method: 'POST', body });
    const json = (await res.json()) as { error: { type: string; detail: string } };
    expect({ status: res.status, type: json.error.type }).toEqual({ status: 400, type: 'validation_error' });
    expect(json.error.detail).toMatch(/nested more than 64 levels deep/);
  });

  it('a portfolio whose metadata is 63 levels deep inside it is not refused for its depth', async () => {
    const res = await f.call('/v1/portfolios', { method: 'POST', body: `{"name":"Just fits","metadata":${nestedObject(MAX_DEPTH - 1)}}` });
    const json = (await res.json()) as { error?: { detail: string } };
    expect(json.error?.detail ?? '').not.toMatch(/levels deep/);
  });
});

describe('over MCP', () => {
  let t: TempContext;
  let srv: Running;
  let client: Client;
  let transport: StreamableHTTPClientTransport;
  let key: string;
  beforeAll(async () => {
    t = tempContext(NOW);
    const s = await seed(t.ctx, t.dir);
    srv = await startMcp(t.ctx, s.jwksPath);
    key = (await issueApiKey(t.ctx, { orgId: s.orgA, scopes: ['trademarks:read', 'portfolios:manage'], livemode: true })).secret;
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

  it('tm_watches_create with arguments nested 5,000 deep is a validation_error naming the limit', async () => {
    // Sent as raw JSON-RPC on the session: the SDK client itself cannot serialise such arguments.
    const args = `{"name":"Deep","watch_type":"similarity","query":{"q":"ACME","deep":${nestedArray(5_000)}}}`;
    const res = await fetch(srv.url, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${key}`,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'Mcp-Session-Id': transport.sessionId!,
        'MCP-Protocol-Version': '2025-11-25',
      },
      body: `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"tm_watches_create","arguments":${args}}}`,
    });
    const text = await res.text();
    const message = JSON.parse(/^data: (.*)$/m.exec(text)?.[1] ?? text) as { result?: CallToolResult; error?: unknown };
    expect(message.error).toBeUndefined();
    expect(message.result?.isError).toBe(true);
    expect(message.result?.structuredContent).toMatchObject({ error: { type: 'validation_error' } });
    expect(JSON.stringify(message.result?.structuredContent)).toMatch(/nested more than 64 levels deep/);
  });
});

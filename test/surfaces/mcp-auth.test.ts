// /mcp authentication and guards: the three 401 messages of spec §5.4 with a WWW-Authenticate
// challenge the SDK's own discovery code follows, OAuth JWTs checked for aud, iss, exp and org_id,
// OAuth calls exempt from metering unless configured, and Origin/Host checks against DNS rebinding.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { discoverOAuthProtectedResourceMetadata, extractWWWAuthenticateParams } from '@modelcontextprotocol/sdk/client/auth.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { tempContext, type TempContext } from '../helpers/factory.js';
import { APP_URL, BASE_URL, NOW, seed, startHttp, type Running, type Seeded } from './mcp-fixture.js';

let t: TempContext;
let s: Seeded;
let srv: Running;

const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '0' } } };

const post = (headers: Record<string, string>, body: unknown = initialize, url: URL = srv.url) =>
  fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
  });

const detailOf = async (res: Response): Promise<string> => ((await res.json()) as { error: { detail: string } }).error.detail;

const toolCall = async (token: string) => {
  const client = new Client({ name: 'tm-test', version: '0' });
  const transport = new StreamableHTTPClientTransport(srv.url, { requestInit: { headers: { Authorization: `Bearer ${token}` } } });
  await client.connect(transport);
  const r = (await client.callTool({ name: 'get_trademark', arguments: { id: s.markId } })) as CallToolResult;
  await transport.terminateSession();
  await client.close();
  return r;
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

describe('401 on /mcp', () => {
  it('says "Missing Authorization header." and points to the protected-resource metadata', async () => {
    const res = await post({});
    expect(res.status).toBe(401);
    const requestId = res.headers.get('request-id');
    expect(requestId).toMatch(/^req_/);
    const body = (await res.clone().json()) as { request_id: string };
    expect(body.request_id).toBe(requestId);
    expect(await detailOf(res)).toBe('Missing Authorization header.');
    const params = extractWWWAuthenticateParams(res);
    expect(params.resourceMetadataUrl?.href).toBe(`${BASE_URL}/.well-known/oauth-protected-resource/mcp`);
    expect(params.error).toBeUndefined();
  });

  it('says "Invalid or expired access token." for a bad key, a bad signature, a wrong audience or issuer, and an expired token', async () => {
    const tokens = [
      'tmk_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      'not-a-key',
      (await s.signToken({ org_id: s.orgA })).replace(/.{4}$/, 'AAAA'),
      await s.signToken({ org_id: s.orgA }, { audience: 'https://elsewhere.example' }),
      await s.signToken({ org_id: s.orgA }, { issuer: `${APP_URL}/other` }),
      await s.signToken({ org_id: s.orgA }, { expiresIn: 'past' }),
    ];
    for (const token of tokens) {
      const res = await post({ Authorization: `Bearer ${token}` });
      expect(res.status, token).toBe(401);
      expect(await detailOf(res)).toBe('Invalid or expired access token.');
      expect(extractWWWAuthenticateParams(res).error).toBe('invalid_token');
    }
  });

  it('says the org_id claim is missing when onboarding is not complete', async () => {
    const res = await post({ Authorization: `Bearer ${await s.signToken({ scope: 'read' })}` });
    expect(res.status).toBe(401);
    expect(await detailOf(res)).toBe('Access token missing the org_id claim (onboarding not complete).');
  });

  it('serves RFC 9728 metadata that the SDK discovers', async () => {
    const prm = await discoverOAuthProtectedResourceMetadata(srv.url);
    expect(prm.resource).toBe(BASE_URL);
    expect(prm.authorization_servers).toEqual([`${APP_URL}/api/auth`]);
    expect(prm.scopes_supported).toEqual(expect.arrayContaining(['read', 'search', 'offline_access']));
    const root = await fetch(new URL('/.well-known/oauth-protected-resource', srv.url));
    expect(await root.json()).toEqual(prm);
  });
});

describe('OAuth access tokens', () => {
  it('act for the org_id of the token, with read/search meaning trademarks:read, and are not metered or logged', async () => {
    const token = await s.signToken({ org_id: s.orgA, scope: 'search offline_access' });
    const r = await toolCall(token);
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent).toMatchObject({ id: s.markId });
    const logs = await t.ctx.store.auth.usage.logs(s.orgA, true, Number.MAX_SAFE_INTEGER, 10);
    expect(logs).toHaveLength(0);
  });

  it('lack scopes they were not granted', async () => {
    const r = await toolCall(await s.signToken({ org_id: s.orgA, scope: 'offline_access' }));
    expect((r.structuredContent as { error: { type: string; detail: string } }).error).toMatchObject({ type: 'forbidden' });
  });

  it('verify against a JWKS served over HTTP as well as from a file', async () => {
    const { createServer } = await import('node:http');
    const { readFileSync } = await import('node:fs');
    const jwks = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(readFileSync(s.jwksPath)));
    await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
    const remote = await startHttp(t.ctx, `http://127.0.0.1:${(jwks.address() as { port: number }).port}/api/auth/jwks`);
    const token = await s.signToken({ org_id: s.orgA, scope: 'read' });
    const client = new Client({ name: 'tm-test', version: '0' });
    const transport = new StreamableHTTPClientTransport(remote.url, { requestInit: { headers: { Authorization: `Bearer ${token}` } } });
    await client.connect(transport);
    const r = (await client.callTool({ name: 'get_trademark', arguments: { id: s.markId } })) as CallToolResult;
    expect(r.structuredContent).toMatchObject({ id: s.markId });
    await client.close();
    await remote.stop();
    jwks.close();
  });

  it('are metered and logged when the setting asks for it', async () => {
    const metered = await startHttp(t.ctx, s.jwksPath, { meterOAuth: true });
    const client = new Client({ name: 'tm-test', version: '0' });
    const token = await s.signToken({ org_id: s.orgB, scope: 'read' });
    const transport = new StreamableHTTPClientTransport(metered.url, { requestInit: { headers: { Authorization: `Bearer ${token}` } } });
    await client.connect(transport);
    await client.callTool({ name: 'get_trademark', arguments: { id: s.markId } });
    await client.close();
    await metered.stop();
    const logs = await t.ctx.store.auth.usage.logs(s.orgB, true, Number.MAX_SAFE_INTEGER, 10);
    expect(logs.map((l) => [l.operation, l.key_id])).toEqual([['get_trademark', 'oauth:user_1']]);
  });
});

describe('failed authentications', () => {
  it('carry RateLimit fields and, past 100 with one credential from one address in a window, get 429 with Retry-After', async () => {
    const own = tempContext(NOW);
    const other = await startHttp(own.ctx, s.jwksPath);
    const bad = { Authorization: 'Bearer tmk_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' };
    const first = await post(bad, initialize, other.url);
    expect(first.status).toBe(401);
    expect(first.headers.get('ratelimit')).toBe('remaining=99, reset=60');
    for (let i = 0; i < 99; i++) await (await post(bad, initialize, other.url)).text();
    const limited = await post(bad, initialize, other.url);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('60');
    // Another credential from the same address is still checked (this store has no keys: 401, not 429).
    expect((await post({ Authorization: 'Bearer tmk_live_BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB' }, initialize, other.url)).status).toBe(401);
    await other.stop();
    await own.cleanup();
  });
});

describe('DNS-rebinding and cross-site guards', () => {
  it('refuses a foreign Origin with 403 and accepts a loopback or own one', async () => {
    const auth = { Authorization: `Bearer ${s.keyA}` };
    expect((await post({ ...auth, Origin: 'https://evil.example' })).status).toBe(403);
    // Opaque origins (a page opened from disk, a sandboxed frame) are refused, not a 500.
    for (const Origin of ['file://', 'null']) {
      const refused = await post({ ...auth, Origin });
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { error: { type: string } }).error.type).toBe('forbidden');
    }
    const ok = await post({ ...auth, Origin: 'http://localhost:6274' });
    expect(ok.status).toBe(200);
    // Requests that count nothing still show the MCP window (spec §8: headers on every response).
    expect(ok.headers.get('ratelimit-policy')).toBe('1000;w=60');
    expect((await post({ ...auth, Origin: BASE_URL })).status).toBe(200);
  });

  it('refuses a Host that is neither this service nor loopback', async () => {
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(srv.url, { method: 'POST', headers: { Host: 'rebound.evil.example', Authorization: `Bearer ${s.keyA}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end(JSON.stringify(initialize));
    });
    expect(status).toBe(403);
  });
});

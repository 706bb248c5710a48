// `tm serve --workers 2` as a process: both workers serve on the one port, a rate limit of N per
// window admits exactly N calls across them, an Idempotency-Key runs once across them, concurrent
// writers on the one store fail no request, MCP sessions work whichever worker a request reaches,
// a killed worker is replaced, and SIGTERM stops the primary and every worker with exit 0; a port in
// use ends `tm serve` with `conflict` (exit 5), with or without workers.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, issueApiKey } from '../../src/auth/index.js';
import { closeContext, createContext } from '../../src/context.js';
import { send } from '../helpers/raw-request.js';
import { releaseLocation, storeLocation } from '../helpers/test-backend.js';

const NOW = '2026-11-22T12:00:00.000Z';
/** The clock is fixed (TM_NOW), so the window never turns over during the test. */
const READS_LIMIT = 10;

const childPids = (pid: number): number[] =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const until = async (what: string, check: () => boolean, ms = 20_000): Promise<void> => {
  for (let i = 0; i < ms / 50; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
};

let dir: string;
let child: ChildProcess;
let url: string;
let out = '';
let err = '';
let keyA: string;
let keyB: string;

/** Pid of the worker that logged each request id (JSON access log, one line per request). */
const servedBy = (): Map<string, number> => {
  const by = new Map<string, number>();
  // The last piece may be a line still being written.
  for (const line of err.split('\n').slice(0, -1)) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { pid: number; request_id: string };
    by.set(entry.request_id, entry.pid);
  }
  return by;
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tm-cluster-'));
  const db = storeLocation(dir);
  const ctx = createContext({ db, now: NOW });
  const a = await createOrganization(ctx, 'Acme Legal', { reads: { limit: READS_LIMIT, window_seconds: 3600 } });
  const b = await createOrganization(ctx, 'Beta IP');
  keyA = (await issueApiKey(ctx, { orgId: a.id, scopes: ['trademarks:read', 'billing:read'], livemode: true })).secret;
  keyB = (await issueApiKey(ctx, { orgId: b.id, scopes: ['trademarks:read'], livemode: true })).secret;
  await closeContext(ctx);
  const bin = join(import.meta.dirname, '../../bin/tm.js');
  child = spawn(process.execPath, [bin, 'serve', '--port', '0', '--workers', '2', '--db', db, '--access-log', 'json'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, TM_NOW: NOW },
  });
  child.stdout!.setEncoding('utf8').on('data', (d: string) => (out += d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (err += d));
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`tm serve exited ${code}: ${out}${err}`))));
  // Two workers each open the store before the port opens: on a busy machine (and PostgreSQL's
  // pools) that can take more than the 20 s the other waits allow.
  await Promise.race([until('the listening line', () => /listening on http:/.test(out), 55_000), exited]);
  url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)![1]!;
}, 60_000);

afterAll(() => {
  if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe('tm serve --workers 2', () => {
  it('prints the listening line once and serves from both workers on the one port', async () => {
    expect(out).toContain('2 workers');
    expect(out.match(/listening on/g)).toHaveLength(1);
    const workers = childPids(child.pid!);
    expect(workers).toHaveLength(2);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await send(url, '/v1/trademarks?q=acme', { headers: { authorization: `Bearer ${keyB}` } });
      expect(r.status).toBe(200);
      ids.push(String(r.headers['request-id']));
    }
    await until('the access log', () => ids.every((id) => servedBy().has(id)));
    const pids = new Set(ids.map((id) => servedBy().get(id)));
    expect([...pids].sort()).toEqual([...workers].sort());
  });

  it(`admits exactly ${READS_LIMIT} reads per window across the workers`, async () => {
    const replies = await Promise.all(
      Array.from({ length: 3 * READS_LIMIT }, () => send(url, '/v1/trademarks?q=acme', { headers: { authorization: `Bearer ${keyA}` } })),
    );
    const ok = replies.filter((r) => r.status === 200);
    const limited = replies.filter((r) => r.status === 429);
    expect(ok).toHaveLength(READS_LIMIT);
    expect(limited).toHaveLength(2 * READS_LIMIT);
    for (const r of limited) {
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      expect((JSON.parse(r.body) as { error: { type: string } }).error.type).toBe('rate_limited');
    }
    const remaining = ok.map((r) => Number(/remaining=(\d+)/.exec(String(r.headers.ratelimit))![1])).sort((x, y) => x - y);
    expect(remaining).toEqual(Array.from({ length: READS_LIMIT }, (_, i) => i));
    const ids = replies.map((r) => String(r.headers['request-id']));
    await until('the access log', () => ids.every((id) => servedBy().has(id)));
    expect(new Set(ids.map((id) => servedBy().get(id))).size).toBe(2);
    for (let i = 0; i < 4; i++) expect((await send(url, '/v1/usage', { headers: { authorization: `Bearer ${keyA}` } })).status).toBe(429);
  });

  it('runs one request per Idempotency-Key even when its repeats reach both workers at once', async () => {
    const headers = { authorization: `Bearer ${keyB}`, 'content-type': 'application/json', 'idempotency-key': 'cluster-same-key' };
    const body = JSON.stringify({ items: ['US:00000001', 'US:00000002'] });
    const replies = await Promise.all(Array.from({ length: 12 }, () => send(url, '/v1/trademarks/batch', { method: 'POST', headers, body })));
    const ran = replies.filter((r) => r.status === 200 && r.headers['idempotent-replayed'] === undefined);
    expect(ran).toHaveLength(1);
    for (const r of replies) {
      if (r.status === 200) continue;
      expect(r.status).toBe(409);
      expect((JSON.parse(r.body) as { error: { type: string } }).error.type).toBe('idempotency_processing');
    }
    const replay = await send(url, '/v1/trademarks/batch', { method: 'POST', headers, body });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.replace(/"request_id":"[^"]+"/, '')).toBe(ran[0]!.body.replace(/"request_id":"[^"]+"/, ''));
  });

  it('answers a burst of concurrent reads and writes on both workers without a server error', async () => {
    const auth = { authorization: `Bearer ${keyB}` };
    const replies = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        i % 3 === 0
          ? send(url, '/v1/trademarks/batch', { method: 'POST', headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': `burst-${i}` }, body: JSON.stringify({ items: [`US:${String(i).padStart(8, '0')}`] }) })
          : send(url, `/v1/trademarks?q=acme${i % 7}`, { headers: auth }),
      ),
    );
    expect(replies.map((r) => r.status).filter((st) => st !== 200)).toEqual([]);
    const ids = replies.map((r) => String(r.headers['request-id']));
    await until('the access log', () => ids.every((id) => servedBy().has(id)));
    expect(new Set(ids.map((id) => servedBy().get(id))).size).toBe(2);
  });

  it('keeps an MCP session working whichever worker each of its requests reaches', async () => {
    const headers = { authorization: `Bearer ${keyB}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const init = await send(url, '/mcp', {
      method: 'POST',
      headers,
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'cluster-test', version: '0' } } }),
    });
    expect(init.status).toBe(200);
    const session = String(init.headers['mcp-session-id']);
    expect(session).toMatch(/^\d+\.[\w-]+$/);
    const inSession = { ...headers, 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' };
    const note = await send(url, '/mcp', { method: 'POST', headers: inSession, body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) });
    expect(note.status).toBe(202);
    for (let i = 0; i < 4; i++) {
      const r = await send(url, '/mcp', { method: 'POST', headers: inSession, body: JSON.stringify({ jsonrpc: '2.0', id: 10 + i, method: 'tools/list' }) });
      expect(r.status).toBe(200);
      expect((JSON.parse(r.body) as { result: { tools: unknown[] } }).result.tools.length).toBeGreaterThan(0);
    }
    const otherOrg = await send(url, '/mcp', {
      method: 'POST',
      headers: { ...inSession, authorization: `Bearer ${keyA}` },
      body: JSON.stringify({ jsonrpc: '2.0', id: 20, method: 'tools/list' }),
    });
    expect(otherOrg.status).toBe(404);
    const closed = await send(url, '/mcp', { method: 'DELETE', headers: inSession });
    expect(closed.status).toBe(200);
    const after = await send(url, '/mcp', { method: 'POST', headers: inSession, body: JSON.stringify({ jsonrpc: '2.0', id: 30, method: 'tools/list' }) });
    expect(after.status).toBe(404);
  });

  it('replaces a worker that dies', async () => {
    const [victim, survivor] = childPids(child.pid!);
    process.kill(victim!, 'SIGKILL');
    await until('a replacement worker', () => {
      const now = childPids(child.pid!);
      return now.length === 2 && !now.includes(victim!) && now.includes(survivor!);
    });
    expect(err).toMatch(new RegExp(`worker ${victim} exited \\(SIGKILL\\); starting another`));
    const [replacement] = childPids(child.pid!).filter((p) => p !== survivor);
    let servedByReplacement = false;
    // It serves once it listens; until then the survivor takes every connection.
    for (let i = 0; i < 400 && !servedByReplacement; i++) {
      const r = await send(url, '/v1/trademarks?q=acme', { headers: { authorization: `Bearer ${keyB}` } });
      expect(r.status).toBe(200);
      const id = String(r.headers['request-id']);
      await until('the access log', () => servedBy().has(id));
      servedByReplacement = servedBy().get(id) === replacement;
      if (!servedByReplacement) await new Promise((r) => setTimeout(r, 50));
    }
    expect(servedByReplacement).toBe(true);
  });

  it('stops the primary and every worker on SIGTERM, exiting 0', async () => {
    const workers = childPids(child.pid!);
    const exit = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
    expect(await exit, err).toBe(0);
    expect(out).toContain('SIGTERM: draining in-flight requests, then exiting');
    await until('every worker to exit', () => workers.every((p) => !alive(p)));
  });
});

describe('tm serve on a port already in use', () => {
  it.each(['1', '2'])('with --workers %s, says so and exits 5 (conflict)', async (workers) => {
    const holder = createServer();
    await new Promise<void>((r) => holder.listen(0, '127.0.0.1', r));
    const { port } = holder.address() as AddressInfo;
    const spare = mkdtempSync(join(tmpdir(), 'tm-cluster-port-'));
    const db = storeLocation(spare);
    try {
      const bin = join(import.meta.dirname, '../../bin/tm.js');
      const proc = spawn(process.execPath, [bin, 'serve', '--port', String(port), '--workers', workers, '--db', db, '--create'], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      proc.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      const code = await new Promise<number | null>((r) => proc.once('exit', (c) => r(c)));
      expect(code, stderr).toBe(5);
      expect(stderr).toContain(`127.0.0.1:${port} is already in use`);
    } finally {
      holder.close();
      await releaseLocation(db);
      rmSync(spare, { recursive: true, force: true });
    }
  }, 30_000);
});

// Hostile input (issue 11, faults 2, 3 and 6): a 4M-character mark, a line past the NDJSON limit,
// invalid UTF-8 and control characters through `tm ingest`; an 8,000-character q, a spent time
// budget and opaque origins through a real HTTP server; 600 concurrent bad keys against a
// clustered `tm serve`, with and without --trust-proxy.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LINE_BYTES } from '../../src/ingest/adapters/lines.js';
import { startHttp, type HttpFixture } from '../surfaces/http-fixture.js';
import { randomBytes } from 'node:crypto';
import { readKey, startServe, tmCli } from '../helpers/tm-processes.js';

const dir = mkdtempSync(join(tmpdir(), 'tm-hostile-'));
const env = { TM_DB: join(dir, 'tm.db'), TM_NOW: '2026-11-22T12:00:00.000Z' };
const tm = tmCli(env);
const row = (n: string, mark: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ office_code: 'GB', application_number: n, mark_text: mark, ...extra });

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('tm ingest of hostile records', () => {
  it('skips a 4M-character mark and an over-long line as malformed (exit 8), counts bad text, and the store stays healthy', async () => {
    const file = join(dir, 'hostile.ndjson');
    const lines = [
      Buffer.from(row('UK001', 'ALPHA ROSE')),
      Buffer.from(row('UK002', 'M'.repeat(4_000_000))),
      Buffer.from(row('UK003', 'LONG LINE', { disclaimer: 'x'.repeat(MAX_LINE_BYTES) })),
      Buffer.concat([Buffer.from(row('UK004', 'BROKEN').slice(0, -1)), Buffer.from(',"disclaimer":"caf\xe9"}', 'latin1')]),
      Buffer.from(row('UK005', 'NUL\u0000MARK\u202eEVIL')),
      Buffer.from(row('UK006', 'OMEGA LEAF')),
    ];
    writeFileSync(file, Buffer.concat(lines.flatMap((l) => [l, Buffer.from('\n')])));
    const r = await tm('ingest', file);
    expect(r.exitCode).toBe(8);
    expect(r.stderr).toContain('record 2: mark_text is 4000000 characters long; at most 2000 are accepted');
    expect(r.stderr).toMatch(/record 3: the line is \d+ bytes long; at most 4194304 are read/);
    expect(r.stdout).toMatch(/ingested 4 records .* 2 skipped, 0 change events, 0 watch alerts, 1 with invalid UTF-8, 1 with control characters in mark_text$/);
    // Each record with bad text is named, so it can be found (issue 26 point 13).
    expect(r.stderr).toContain(`note: ${file} record 5 (GB UK005): control characters in mark_text`);
    expect(r.stderr).toContain(`note: ${file} record 4 (GB UK004): invalid UTF-8, read with replacement characters`);

    // The next ingest and search work, and the stored bad text is searchable by what it reads as.
    const again = await tm('ingest', join(dir, 'hostile.ndjson'), '--allow-errors', '--json');
    expect(again.exitCode).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ records: 4, unchanged: 4, skipped: 2, text_issues: { invalid_utf8: 1, control_characters: 1 } });
    const found = await tm('search', 'NULMARKEVIL', '--json');
    expect(found.exitCode).toBe(0);
    expect((JSON.parse(found.stdout) as { data: { application_number: string }[] }).data.map((d) => d.application_number)).toContain('UK005');
    const shown = await tm('show', 'GB:UK004', '--json');
    expect(JSON.parse(shown.stdout).disclaimer).toBe('caf\ufffd');
    expect((await tm('show', 'GB:UK002')).exitCode).toBe(3);
  }, 120_000);
});

describe('hostile HTTP requests', () => {
  let h: HttpFixture;
  beforeAll(async () => {
    h = await startHttp();
  });
  afterAll(async () => {
    await h.close();
  });

  it('an 8,000-character q is a validation_error naming q, before any work', async () => {
    const res = await h.call(`/v1/trademarks?q=${'kodak '.repeat(1334).slice(0, 8000)}`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { type: string; param: string; detail: string } };
    expect(body.error).toMatchObject({ type: 'validation_error', param: 'q', detail: 'q is 8000 characters long; at most 500 are accepted.' });
  });

  it('past the time budget a search is a retryable 503, or partial results with allow_partial', async () => {
    const config = h.tmp.ctx.config;
    const budget = config.requestBudgetMs;
    config.requestBudgetMs = 0;
    try {
      const refused = await h.call('/v1/trademarks?q=kutex');
      expect(refused.status).toBe(503);
      expect(((await refused.json()) as { error: { type: string; retryable: boolean } }).error).toMatchObject({ type: 'service_unavailable', retryable: true });
      const partial = await h.call('/v1/trademarks?q=kutex&allow_partial=true');
      expect(partial.status).toBe(200);
      expect(((await partial.json()) as { search_meta: object }).search_meta).toMatchObject({ complete: false, incomplete_reason: 'timeout' });
    } finally {
      config.requestBudgetMs = budget;
    }
    const whole = (await (await h.call('/v1/trademarks?q=kutex')).json()) as { data: unknown[]; search_meta: object };
    expect(whole.search_meta).toMatchObject({ complete: true, incomplete_reason: null });
    expect(whole.data.length).toBeGreaterThan(0);
  });
});

describe('600 concurrent bad keys against tm serve --workers 2', () => {
  let valid: string;
  beforeAll(async () => {
    valid = await readKey(env);
  }, 120_000);
  const badKey = (): string => `tmk_live_${randomBytes(24).toString('base64url')}`;
  /** Sends every request at once and counts the answers by status. */
  const burst = async (url: string, headers: Record<string, string>[]): Promise<Record<number, number>> => {
    const statuses = await Promise.all(
      headers.map(async (h) => {
        const res = await fetch(`${url}/v1/reference/offices`, { headers: h });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    const counts: Record<number, number> = {};
    for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
    return counts;
  };

  it('lets exactly 100 reach the key check, and a valid key from the same address still works', async () => {
    const serve = await startServe(env, '--workers', '2', '--access-log', 'off');
    try {
      const bad = { Authorization: `Bearer ${badKey()}` };
      expect(await burst(serve.url, Array.from({ length: 600 }, () => bad))).toEqual({ 401: 100, 429: 500 });
      // The limit is keyed on the presented credential: the same address with a valid key is served.
      expect((await fetch(`${serve.url}/v1/reference/offices`, { headers: { Authorization: `Bearer ${valid}` } })).status).toBe(200);
      expect((await fetch(`${serve.url}/v1/reference/offices`, { headers: bad })).status).toBe(429);
    } finally {
      await serve.stop();
    }
  }, 180_000);

  it('with --trust-proxy, keys the limit on the forwarded client address: 600 different bad keys from one client', async () => {
    const serve = await startServe(env, '--workers', '2', '--access-log', 'off', '--trust-proxy');
    try {
      const from = (client: string, key: string) => ({ Authorization: `Bearer ${key}`, 'X-Forwarded-For': client });
      // A busy valid client is never refused: 300 at once from a fresh address, more than the places.
      expect(await burst(serve.url, Array.from({ length: 300 }, () => from('203.0.113.9', valid)))).toEqual({ 200: 300 });
      expect(await burst(serve.url, Array.from({ length: 600 }, () => from('203.0.113.7', badKey())))).toEqual({ 401: 100, 429: 500 });
      const get = (h: Record<string, string>) => fetch(`${serve.url}/v1/reference/offices`, { headers: h });
      expect((await get(from('203.0.113.7', valid))).status).toBe(429);
      // Another client behind the same proxy is not locked out; the proxy's own entry (rightmost) names the client.
      expect((await get(from('203.0.113.8', valid))).status).toBe(200);
      expect((await get(from('203.0.113.8, 203.0.113.7', valid))).status).toBe(429);
    } finally {
      await serve.stop();
    }
  }, 180_000);
});

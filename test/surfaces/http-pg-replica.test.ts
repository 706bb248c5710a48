// `tm serve --db PRIMARY --read-url STANDBY` on a real streaming standby (issue 25 point 4): a
// PostgreSQL 15 primary made with initdb and its standby made with pg_basebackup, in temporary
// directories on free ports (test/helpers/pg-standby.ts). Searches read the standby, detail reads
// the primary; a stopped standby degrades readiness and fails no request; a restarted primary is
// reconnected. Needs no TM_TEST_PG: it runs wherever the PostgreSQL 15 binaries are (CI).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPgPair, STANDBY_ENABLED, type PgPair } from '../helpers/pg-standby.js';
import { send } from '../helpers/raw-request.js';
import { readKey, startServe, tmCli, type RunningServe } from '../helpers/tm-processes.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

if (!STANDBY_ENABLED) console.log('read-replica test skipped: no PostgreSQL 15 binaries under /usr/lib/postgresql/15/bin');

interface Ready {
  status: string;
  dependencies: { database: { status: string }; replica?: { status: string; lag_bytes?: number; reason?: string } };
}

describe.skipIf(!STANDBY_ENABLED)('tm serve with a streaming read replica', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tm-replica-marks-'));
  let pair: PgPair;
  let serve: RunningServe | undefined;
  /** A second node that reads the standby only while it is less than a second behind. */
  let strict: RunningServe | undefined;
  let key: string;
  let env: Record<string, string>;

  const ingest = async (name: string, marks: { number: string; text: string }[]): Promise<void> => {
    const file = join(dir, `${name}.ndjson`);
    writeFileSync(file, marks.map((m) => JSON.stringify({ office_code: 'EM', application_number: m.number, mark_text: m.text })).join('\n'));
    const r = await tmCli(env)('ingest', file);
    expect(r.exitCode, r.stderr).toBe(0);
  };
  const get = async (path: string, node = serve!) => {
    const r = await send(node.url, path, { headers: { authorization: `Bearer ${key}` } });
    return { status: r.status, body: JSON.parse(r.body) as Record<string, unknown> };
  };
  const searchTexts = async (q: string, node = serve!): Promise<string[]> => {
    const r = await get(`/v1/trademarks?q=${encodeURIComponent(q)}`, node);
    expect(r.status).toBe(200);
    return (r.body.data as { mark_text: string }[]).map((m) => m.mark_text);
  };
  const ready = async (node = serve!): Promise<{ status: number; body: Ready }> => {
    const r = await send(node.url, '/health/ready');
    return { status: r.status, body: JSON.parse(r.body) as Ready };
  };
  /** Readiness until it reports `status` (the lag grows, or is caught up, with time). */
  const readyUntil = async (node: RunningServe, status: string): Promise<Ready> => {
    for (let i = 0; ; i++) {
      const r = await ready(node);
      if (r.body.status === status || i === 100) return r.body;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  beforeAll(async () => {
    pair = await createPgPair();
    env = { TM_DB: pair.primaryUrl, TM_NOW: '2026-11-22T12:00:00.000Z' };
    expect((await tmCli(env)('migrate')).exitCode).toBe(0);
    key = await readKey(env);
    await ingest('first', [{ number: '30000001', text: 'HALCYON REEF' }]);
    await pair.caughtUp();
    serve = await startServe(env, '--read-url', pair.standbyUrl);
    strict = await startServe({ ...env, TM_DB_READ_MAX_LAG_MS: '1000' }, '--read-url', pair.standbyUrl);
  });

  afterAll(async () => {
    await serve?.stop();
    await strict?.stop();
    pair?.remove();
    rmSync(dir, { recursive: true, force: true });
  });

  it('names the replica at start and reports it ready beside the primary', async () => {
    expect(serve!.lines.join('\n')).toMatch(/read replica postgres:\/\/postgres@127\.0\.0\.1:\d+\/tm/);
    const r = await ready();
    expect(r.status).toBe(200);
    expect(r.body.dependencies.database.status).toBe('ok');
    expect(r.body.dependencies.replica?.status).toBe('ok');
    expect(r.body.status).toBe('ok');
  });

  it('a mark ingested on the primary becomes searchable through the replica', async () => {
    expect(await searchTexts('HALCYON REEF')).toContain('HALCYON REEF');
    await ingest('second', [{ number: '30000002', text: 'MARLOWE QUILL' }]);
    await pair.caughtUp();
    expect(await searchTexts('MARLOWE QUILL')).toContain('MARLOWE QUILL');
  });

  it('a detail read right after a write is consistent while searches read the paused replica; past the lag limit they read the primary', async () => {
    await pair.standbySql('SELECT pg_wal_replay_pause()');
    await ingest('third', [
      { number: '30000001', text: 'HALCYON LAGOON' },
      { number: '30000003', text: 'ZEPHYR TANGLE' },
    ]);
    // Detail reads go to the primary: the change and the new mark, at once.
    const changed = await get('/v1/trademarks/EM:30000001');
    expect(changed.status).toBe(200);
    expect(changed.body.mark_text).toBe('HALCYON LAGOON');
    const added = await get('/v1/trademarks/EM:30000003');
    expect(added.status).toBe(200);
    expect(added.body.mark_text).toBe('ZEPHYR TANGLE');
    // The search reads the standby, which has not replayed the ingest yet (spec §4.2 allows it).
    expect(await searchTexts('ZEPHYR TANGLE')).not.toContain('ZEPHYR TANGLE');
    expect(await searchTexts('HALCYON')).toContain('HALCYON REEF');
    // Past its lag limit the standby is not read: that node reports degraded and searches the primary.
    const lagging = await readyUntil(strict!, 'degraded');
    expect(lagging.dependencies.replica?.reason).toMatch(/replay is \d+ ms behind the primary \(limit 1000 ms\)/);
    expect(await searchTexts('ZEPHYR TANGLE', strict)).toContain('ZEPHYR TANGLE');
    await pair.standbySql('SELECT pg_wal_replay_resume()');
    await pair.caughtUp();
    expect(await searchTexts('ZEPHYR TANGLE')).toContain('ZEPHYR TANGLE');
    expect(await searchTexts('HALCYON')).toContain('HALCYON LAGOON');
    expect((await readyUntil(strict!, 'ok')).dependencies.replica?.status).toBe('ok');
  });

  it('stopping the replica degrades readiness and fails no request', async () => {
    pair.stopStandby();
    // The first reads may still pick the replica (its last measurement was good): they are run
    // again on the primary, never answered with an error.
    for (let i = 0; i < 5; i++) expect(await searchTexts('MARLOWE QUILL')).toContain('MARLOWE QUILL');
    expect((await get('/v1/trademarks/EM:30000002')).status).toBe(200);
    expect((await get('/v1/trademarks/suggest?q=MARL')).status).toBe(200);
    const r = await ready();
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('degraded');
    expect(r.body.dependencies.database.status).toBe('ok');
    expect(r.body.dependencies.replica?.status).toBe('error');
  });

  it('reconnects to a restarted primary (what a failover looks like to tm)', async () => {
    pair.restartPrimary();
    const detail = await get('/v1/trademarks/EM:30000003');
    expect(detail.status).toBe(200);
    expect(await searchTexts('ZEPHYR TANGLE')).toContain('ZEPHYR TANGLE');
    expect((await ready()).body.dependencies.database.status).toBe('ok');
  });
});

// Health (spec §4.1): liveness, readiness probing the database, cache and search index for real
// (broken on purpose here), no auth, quota or log; graceful shutdown that reports shutting_down
// while in-flight requests finish; and `tm serve` as a process: first-run hint, SIGTERM, exit 0.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startHttp } from './http-fixture.js';
import type { Store } from '../../src/store/store.js';
import { closeUnderneath, pgFailWrites, sqlRun } from '../helpers/raw-sql.js';
import { releaseLocation, storeLocation } from '../helpers/test-backend.js';

/** Makes the store refuse writes (SQLite's query_only; on PostgreSQL a trigger failing every write
 *  to `meta`, where the cache probe writes), or undoes it. */
const readOnly = async (store: Store, on: boolean): Promise<void> =>
  store.backend === 'sqlite' ? sqlRun(store, `PRAGMA query_only = ${on ? 'ON' : 'OFF'}`) : pgFailWrites(store, 'meta', 'read only', on);

const ready = async (url: string) => {
  const res = await fetch(`${url}/health/ready`);
  return { status: res.status, body: (await res.json()) as { status: string; service: string; uptime_ms: number; dependencies: Record<string, { status: string; latency_ms?: number }> } };
};

describe('health endpoints', () => {
  it('answer without credentials, outside the quota and the request log', async () => {
    const f = await startHttp([], { limitsA: { reads: { limit: 1 } } });
    try {
      for (const path of ['/v1/health', '/health/live']) {
        const res = await fetch(`${f.url}${path}`);
        expect(res.status).toBe(200);
        expect(res.headers.get('request-id')).toMatch(/^req_/);
        expect(await res.json()).toEqual({ status: 'ok' });
      }
      const r = await ready(f.url);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ status: 'ok', service: 'core-api' });
      expect(Number.isInteger(r.body.uptime_ms)).toBe(true);
      for (const dep of ['database', 'cache', 'search']) {
        expect(r.body.dependencies[dep]!.status).toBe('ok');
        expect(Number.isInteger(r.body.dependencies[dep]!.latency_ms)).toBe(true);
      }
      for (let i = 0; i < 3; i++) await fetch(`${f.url}/health/ready`, { headers: { Authorization: `Bearer ${f.orgA.all}` } });
      expect((await f.call('/v1/logs')).status).toBe(200);
      const logs = (await (await f.call('/v1/logs', { key: f.orgB.all })).json()) as { data: unknown[] };
      expect(logs.data).toEqual([]);
      expect(f.log.some((l) => l.includes('/health'))).toBe(false);
    } finally {
      await f.close();
    }
  });

  it('is degraded (200) when the search index is unreadable, naming the component', async () => {
    const f = await startHttp();
    try {
      await sqlRun(f.tmp.ctx.store, 'ALTER TABLE search_state RENAME TO search_state_moved');
      const r = await ready(f.url);
      expect(r.status).toBe(200);
      expect(r.body.status).toBe('degraded');
      expect(r.body.dependencies.search).toEqual({ status: 'error' });
      expect(r.body.dependencies.database!.status).toBe('ok');
    } finally {
      // A PostgreSQL test database is emptied for its next file, not rebuilt: its tables must be as migrated.
      await sqlRun(f.tmp.ctx.store, 'ALTER TABLE search_state_moved RENAME TO search_state');
      await f.close();
    }
  });

  it('is degraded when the response cache cannot be written', async () => {
    const f = await startHttp();
    try {
      await readOnly(f.tmp.ctx.store, true);
      const r = await ready(f.url);
      expect(r.body.status).toBe('degraded');
      expect(r.body.dependencies.cache).toEqual({ status: 'error' });
      await readOnly(f.tmp.ctx.store, false);
      expect((await ready(f.url)).body.status).toBe('ok');
    } finally {
      await f.close();
    }
  });

  it('is unhealthy (503) when the database is closed', async () => {
    const f = await startHttp();
    try {
      await closeUnderneath(f.tmp.ctx.store);
      const r = await ready(f.url);
      expect(r.status).toBe(503);
      expect(r.body.status).toBe('unhealthy');
      expect(r.body.dependencies.database).toEqual({ status: 'error' });
      expect((await fetch(`${f.url}/health/live`)).status).toBe(200);
    } finally {
      await f.close();
    }
  });
});

describe('graceful shutdown', () => {
  it('reports shutting_down and refuses new work while an in-flight request finishes', async () => {
    const f = await startHttp();
    const repo = f.tmp.ctx.store.trademarks;
    const get = repo.get.bind(repo);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    repo.get = async (ids) => {
      await gate;
      return get(ids);
    };
    const inFlight = f.call('/v1/trademarks/tm_392df2803b9f6ed78113');
    await new Promise((r) => setTimeout(r, 100));
    let stopped = false;
    const stopping = f.server.shutdown().then(() => (stopped = true));
    const r = await ready(f.url);
    expect(r).toMatchObject({ status: 503, body: { status: 'shutting_down' } });
    const refused = await f.call('/v1/organization');
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { error: { type: string } }).error.type).toBe('service_unavailable');
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(refused.headers.get('request-id')).toMatch(/^req_/);
    expect(stopped).toBe(false);
    release();
    expect((await inFlight).status).toBe(200);
    await stopping;
    expect(stopped).toBe(true);
    await f.tmp.cleanup();
  });
});

describe('tm serve process', () => {
  it('tells how to create a key on an empty store, serves, and exits 0 on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tm-serve-'));
    const bin = join(import.meta.dirname, '../../bin/tm.js');
    const db = storeLocation(dir);
    const child = spawn(process.execPath, [bin, 'serve', '--port', '0', '--db', db, '--access-log', 'off', '--create'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setInterval(() => {
          const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
          if (m && out.includes('No API keys yet')) {
            clearInterval(timer);
            resolve(m[1]!);
          }
        }, 50);
        child.once('exit', (code) => reject(new Error(`tm serve exited ${code}: ${out}`)));
      });
      expect(out.split('\n').filter((l) => l.includes('tm keys create'))).toHaveLength(1);
      expect((await fetch(`${url}/health/live`)).status).toBe(200);
      const unauth = await fetch(`${url}/v1/usage`);
      expect(unauth.status).toBe(401);
      const exit = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      child.kill('SIGTERM');
      expect(await exit).toBe(0);
      expect(out).toContain('SIGTERM');
    } finally {
      child.kill('SIGKILL');
      await releaseLocation(db);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});

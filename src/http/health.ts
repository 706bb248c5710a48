// Health probes (spec §4.1): liveness, and readiness that really probes the database (a query),
// the cache (the idempotency response cache, a real write) and the search index. No
// authentication, no quota, no request-log entry.
import { performance } from 'node:perf_hooks';
import type { Hono } from 'hono';
import { probeResponseCache } from '../auth/idempotency.js';
import type { Context } from '../context.js';
import type { HttpEnv } from './routes.js';

type Dep = { status: 'ok' } & { latency_ms: number } | { status: 'error' };

const probe = async (fn: () => Promise<void>): Promise<Dep> => {
  const started = performance.now();
  try {
    await fn();
    return { status: 'ok', latency_ms: Math.round(performance.now() - started) };
  } catch {
    return { status: 'error' };
  }
};

export interface HealthState {
  draining: () => boolean;
  startedAt: number;
}

export const readiness = async (ctx: Context, state: HealthState) => {
  const [database, cache, search, replica] = await Promise.all([
    probe(() => ctx.store.ping()),
    probe(() => probeResponseCache(ctx)),
    probe(() => ctx.index.ping()),
    // The read replica (`--read-url`) is reported beside the primary (`database`); a lost or
    // lagging one degrades the node, whose searches then read the primary (src/read-routing.ts).
    ctx.replica?.probe(),
  ]);
  const status = state.draining()
    ? 'shutting_down'
    : database.status === 'error'
      ? 'unhealthy'
      : cache.status === 'error' || search.status === 'error' || replica?.status === 'error'
        ? 'degraded'
        : 'ok';
  return {
    code: status === 'ok' || status === 'degraded' ? 200 : 503,
    body: {
      status,
      service: 'core-api',
      uptime_ms: Math.round(performance.now() - state.startedAt),
      dependencies: { database, cache, search, ...(replica ? { replica } : {}) },
    },
  } as const;
};

export const mountHealth = (app: Hono<HttpEnv>, ctx: Context, state: HealthState): void => {
  const live = (): Response => Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } });
  app.get('/v1/health', live);
  app.get('/health/live', live);
  app.get('/health/ready', async () => {
    const r = await readiness(ctx, state);
    return Response.json(r.body, { status: r.code, headers: { 'Cache-Control': 'no-store' } });
  });
};

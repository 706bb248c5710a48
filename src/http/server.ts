// The HTTP server of `tm serve`: request ids, rate-limit headers, error bodies, the access and
// request logs, health, the OpenAPI document and every registry route. `/mcp` is mounted by the
// MCP surface through the `mountMcp` extension point, sharing this server's limiter.
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { Hono, type Context as HonoContext } from 'hono';
import { flushUsage, logRequest, pruneAccountData, RateLimiter, rateLimitHeaders } from '../auth/index.js';
import { randomId } from '../core/ids.js';
import type { Context } from '../context.js';
import { TmError, toTmError } from '../errors.js';
import type { OpDefinition } from '../ops/define-op.js';
import { OPERATIONS } from '../ops/registry.js';
import { accessLogger, type AccessLogFormat } from './access-log.js';
import { clientAddress } from './client-address.js';
import { DEFAULT_BODY_LIMIT } from './body.js';
import { createEarlyReads } from './early-read.js';
import { mountHealth } from './health.js';
import { buildOpenApi } from './openapi.js';
import { errorBody, errorHeaders } from './render.js';
import { jsonResponse, mountRoutes, rawPath, routeTable, type HttpEnv } from './routes.js';

/** What `/mcp` (or any other mounted surface) shares with the HTTP server. */
export interface HttpServices {
  context: Context;
  limiter: RateLimiter;
  /** True once shutdown began; new sessions should be refused. */
  draining: () => boolean;
}

export interface HttpServerOptions {
  /** The process context (store, index, clock, config); narrowed per request to the caller's organization. */
  context: Context;
  operations?: readonly OpDefinition[];
  accessLog?: AccessLogFormat;
  /** Where access-log lines go; stderr by default. */
  accessLogWrite?: (line: string) => void;
  /** Largest accepted request body in bytes (1 MiB by default); larger is 413. */
  bodyLimit?: number;
  /** The client is the one a reverse proxy names last in `X-Forwarded-For` (`tm serve --trust-proxy`). */
  trustProxy?: boolean;
  /**
   * Mounts `/mcp` routes on the app before the registry routes and the 404 fallback; may return
   * a cleanup run at shutdown after in-flight requests finish (e.g. closing MCP sessions).
   */
  mountMcp?: (app: Hono<HttpEnv>, services: HttpServices) => void | (() => Promise<void>);
}

export interface HttpServer {
  app: Hono<HttpEnv>;
  services: HttpServices;
  /** Starts listening; port 0 picks a free port. */
  listen(port: number, host?: string): Promise<{ host: string; port: number; url: string }>;
  /** Graceful shutdown: readiness turns `shutting_down`, in-flight requests finish, the store is flushed. */
  shutdown(): Promise<void>;
}

/** How long idle-socket closing may take once in-flight requests are done. */
const SHUTDOWN_GRACE_MS = 10_000;
const KEEP_ALIVE_MS = 30_000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

const isHealth = (path: string): boolean => path === '/v1/health' || path.startsWith('/health/');

export const createHttpServer = (options: HttpServerOptions): HttpServer => {
  const ctx = options.context;
  const operations = options.operations ?? OPERATIONS;
  const limiter = new RateLimiter();
  const access = accessLogger(options.accessLog ?? 'combined', options.accessLogWrite);
  let draining = false;
  let inFlight = 0;
  let idle: (() => void) | null = null;
  const services: HttpServices = { context: ctx, limiter, draining: () => draining };
  const routes = routeTable(operations);
  let openapi: string | null = null;

  const app = new Hono<HttpEnv>();

  function renderError(err: unknown, c: HonoContext<HttpEnv>): Response {
    const tm = toTmError(err);
    if (tm.type === 'internal_error') {
      const original = tm.cause ?? err;
      ctx.logger.warn(`internal error on ${c.req.method} ${c.req.path} (${c.get('requestId')}): ${String((original as Error)?.stack ?? original)}`);
    }
    const earlier = c.get('op')?.http?.shape === 'earlier';
    c.set('errorType', tm.type);
    return jsonResponse(JSON.stringify(errorBody(tm, rawPath(c.req.url), c.get('requestId'), earlier)), tm.status, errorHeaders(tm));
  }

  app.use('*', async (c, next) => {
    const started = performance.now();
    const requestId = randomId('req_');
    c.set('requestId', requestId);
    c.set('started', started);
    c.set('client', clientAddress(c, options.trustProxy === true));
    const path = rawPath(c.req.url);
    const work = !isHealth(c.req.path);
    if (work) inFlight++;
    try {
      if (work && draining) {
        throw new TmError('service_unavailable', 'The server is shutting down.', { retryAfter: 5, suggestion: 'Retry against another instance, or shortly.' });
      }
      await next();
    } catch (err) {
      // Errors that escape Hono's own handling (the not-found handler) are rendered here too.
      c.res = renderError(err, c);
    } finally {
      if (work) inFlight--;
      if (inFlight === 0 && idle) idle();
    }
    c.header('Request-Id', requestId);
    for (const [k, v] of Object.entries(c.get('deprecation') ?? {})) c.header(k, v);
    const adm = c.get('admission');
    if (adm) for (const [k, v] of Object.entries(rateLimitHeaders(adm))) if (!c.res.headers.has(k)) c.header(k, v);
    if (!work) return;
    const principal = c.get('principal');
    const durationMs = performance.now() - started;
    const status = c.res.status;
    if (principal) {
      const errorType = status >= 400 ? (c.get('errorType') ?? null) : null;
      logRequest(ctx, principal, { requestId, method: c.req.method, path, operation: c.get('op')?.name ?? null, status, errorType, durationMs });
    }
    access?.({
      at: ctx.clock.now().toISOString(),
      remote: c.get('client').address,
      org: principal?.org.id ?? null,
      method: c.req.method,
      path,
      status,
      bytes: Number(c.res.headers.get('content-length') ?? 0),
      durationMs,
      requestId,
      userAgent: c.req.header('user-agent') ?? null,
    });
  });

  app.onError(renderError);

  mountHealth(app, ctx, { draining: () => draining, startedAt: performance.now() });
  app.get('/v1/openapi.json', (c) => {
    openapi ??= JSON.stringify(buildOpenApi(routes));
    return c.body(openapi, 200, { 'Content-Type': 'application/json; charset=utf-8' });
  });
  const mcpCleanup = options.mountMcp?.(app, services);
  mountRoutes(app, routes, { ctx, limiter, bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT, earlyReads: createEarlyReads() });
  app.notFound((c) => {
    const allowed = routes.filter((r) => new RegExp(`^${r.path.replace(/\{\w+\}/g, '[^/]+')}$`).test(c.req.path)).map((r) => r.method);
    throw new TmError('not_found', `No route ${c.req.method} ${c.req.path}.`, {
      suggestion: allowed.length ? `This path accepts ${allowed.join(', ')}.` : 'See GET /v1/openapi.json for every route.',
    });
  });

  let server: Server | null = null;
  // Never after shutdown has begun: the store may already be closed by then.
  const prune = (): Promise<void> =>
    draining ? Promise.resolve() : pruneAccountData(ctx).then(() => undefined, (err: unknown) => ctx.logger.warn(`pruning account data failed: ${String(err)}`));
  let pruner: NodeJS.Timeout | null = null;

  return {
    app,
    services,
    listen: async (port, host = '127.0.0.1') => {
      // The first prune runs before the port opens, not beside the first requests (or a shutdown).
      await prune();
      return new Promise((resolve, reject) => {
        const s = serve({ fetch: app.fetch, port, hostname: host }, (info: AddressInfo) => {
          resolve({ host, port: info.port, url: `http://${host.includes(':') ? `[${host}]` : host}:${info.port}` });
        }) as Server;
        // Longer than clients' own idle timeouts (undici: 4 s), so a client never reuses a socket
        // the server is closing at that moment; shutdown closes idle sockets itself.
        s.keepAliveTimeout = KEEP_ALIVE_MS;
        pruner = setInterval(() => void prune(), PRUNE_EVERY_MS);
        pruner.unref();
        s.once('error', reject);
        server = s;
      });
    },
    shutdown: async () => {
      draining = true;
      if (pruner) clearInterval(pruner);
      if (inFlight > 0) await new Promise<void>((r) => (idle = r));
      if (mcpCleanup) await mcpCleanup();
      if (server) {
        const s = server;
        const closed = new Promise<void>((r) => s.close(() => r()));
        // Responses still being written finish first; idle keep-alive sockets are closed as they
        // appear, and anything left after the grace period is cut.
        const sweep = setInterval(() => s.closeIdleConnections(), 50);
        const cut = setTimeout(() => s.closeAllConnections(), SHUTDOWN_GRACE_MS);
        s.closeIdleConnections();
        await closed;
        clearInterval(sweep);
        clearTimeout(cut);
      }
      await flushUsage(ctx);
    },
  };
};

// `/mcp` over Streamable HTTP inside `tm serve`: revisions up to 2025-11-25 with sessions pinned to
// the organization that opened them, and the stateless 2026-07-28 revision (modern.ts); every
// request re-authenticated, Origin and Host checked, RFC 9728 metadata served beside it.
import { randomUUID } from 'node:crypto';
import type { Env, Hono } from 'hono';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import {
  beginAuthAttempt,
  endAuthAttempt,
  peekWindow,
  rateLimitHeaders,
  type Client,
  type Principal,
  type RateLimiter,
} from '../auth/index.js';
import type { Context } from '../context.js';
import { randomId } from '../core/ids.js';
import { TmError, toTmError } from '../errors.js';
import { credentialCaller, type MeterOutcome } from './caller.js';
import { createGuard, type GuardSettings } from './http-guard.js';
import { authenticateMcp } from './http-auth.js';
import { createJwtVerifier, protectedResourceMetadata, wwwAuthenticate, type OAuthSettings } from './oauth.js';
import { createModernHandler, isModernRequest } from './modern.js';
import { createMcpServer, type CtxForCall, type McpCaller } from './server.js';
import { parseToolsets } from './toolsets.js';

/** The settings `tm serve` passes from its flags (see docs/mcp.md). */
export interface McpSettings extends OAuthSettings, GuardSettings {
  /** Meter and log OAuth calls; off by default (spec §4.6 exempts them). */
  meterOAuth?: boolean;
}

export interface McpHttpDeps extends McpSettings {
  /** The process context of `tm serve`; each call narrows it to the caller's organization. */
  ctx: Context;
  /** The HTTP API's limiter, so MCP and REST share windows and daily caps. */
  limiter: RateLimiter;
}

/** What the HTTP server knows of a request beyond the Request itself. */
export interface RequestMeta {
  /** The server's id for this request, reused in bodies and logs. */
  requestId?: string;
  /** The client address (see src/http/client-address.ts), for the limit on failed authentications. */
  client?: Client;
}

export interface McpHttpHandler {
  handle(req: Request, meta?: RequestMeta): Promise<Response>;
  /** The RFC 9728 document for `/.well-known/oauth-protected-resource[/mcp]`, for a request to `url`. */
  resourceMetadata(url: string): Record<string, unknown>;
  /** Ends every open session (on shutdown). */
  close(): Promise<void>;
}

interface Session {
  transport: WebStandardStreamableHTTPServerTransport;
  server: Server;
  orgId: string;
  lastSeen: number;
}

const IDLE_MS = 30 * 60_000;
/** Open sessions per organization; opening one more closes its least recently used. */
const MAX_SESSIONS_PER_ORG = 100;
const MAX_BODY = 1024 * 1024;

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const errorResponse = (err: TmError, requestId: string, headers: Record<string, string> = {}): Response =>
  json(err.status, { ...err.toBody('/mcp'), request_id: requestId }, headers);

/**
 * Spec §8: every response carries RateLimit-Policy and RateLimit (for a request without a counted
 * call, the MCP window as it stands), and an MCP limit hit carries Retry-After.
 */
const withLimitHeaders = async (res: Response, outcome: MeterOutcome, ctx: Context, principal: Principal): Promise<Response> => {
  const peek = await peekWindow(ctx, principal.org.id, principal.limits, 'mcp');
  const admission = outcome.admission ?? {
    policies: [{ limit: peek.limit, window: principal.limits.mcp.window_seconds, remaining: peek.remaining, reset: peek.resets_in }],
  };
  const headers = new Headers(res.headers);
  for (const [k, v] of Object.entries(rateLimitHeaders(admission))) headers.set(k, v);
  if (outcome.retryAfter !== undefined) headers.set('Retry-After', String(outcome.retryAfter));
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
};

const sessionNotFound = (): Response =>
  json(404, { jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null });

export const createMcpHttpHandler = (deps: McpHttpDeps): McpHttpHandler => {
  const { ctx } = deps;
  const guard = createGuard(deps);
  const verify = createJwtVerifier(deps, ctx.clock);
  const sessions = new Map<string, Session>();
  const meterSettings = { limiter: deps.limiter, meterOAuth: deps.meterOAuth ?? false };
  // The caller travels with each HTTP request as authInfo, so every tools/call uses the
  // credential of the request that carried it, not the one that opened the session.
  const ctxForCall: CtxForCall = async (authInfo) => {
    const caller = authInfo?.extra?.caller as McpCaller | undefined;
    if (!caller) throw new TmError('unauthorized', 'Missing Authorization header.');
    return caller;
  };

  const modern = createModernHandler(ctxForCall, MAX_BODY);

  const sweep = (now: number): void => {
    for (const [id, s] of sessions) {
      if (now - s.lastSeen > IDLE_MS) {
        sessions.delete(id);
        void s.server.close();
      }
    }
  };

  const evictOldest = (orgId: string): void => {
    const own = [...sessions].filter(([, s]) => s.orgId === orgId);
    if (own.length < MAX_SESSIONS_PER_ORG) return;
    const [id, oldest] = own.reduce((a, b) => (b[1].lastSeen < a[1].lastSeen ? b : a));
    sessions.delete(id);
    void oldest.server.close();
  };

  const open = async (orgId: string, now: number): Promise<Session> => {
    evictOldest(orgId);
    const server = createMcpServer(ctxForCall);
    const session: Session = {
      server,
      orgId,
      lastSeen: now,
      transport: new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: randomUUID,
        enableJsonResponse: true,
        maxRequestBodySize: MAX_BODY,
        onsessioninitialized: (id) => void sessions.set(id, session),
        onsessionclosed: (id) => void sessions.delete(id),
      }),
    };
    await server.connect(session.transport);
    return session;
  };

  const baseOf = (url: string): string => deps.baseUrl ?? new URL(url).origin;

  /** Hands an authenticated request to the 2026 handler, its session, or a new session. */
  const route = async (req: Request, orgId: string, authInfo: AuthInfo): Promise<Response> => {
    const now = ctx.clock.now().getTime();
    sweep(now);
    if (await isModernRequest(req, MAX_BODY)) return modern.fetch(req, { authInfo });
    const sessionId = req.headers.get('mcp-session-id');
    if (sessionId) {
      const session = sessions.get(sessionId);
      // A session belongs to the organization that opened it; to anyone else it does not exist.
      if (!session || session.orgId !== orgId) return sessionNotFound();
      session.lastSeen = now;
      return session.transport.handleRequest(req, { authInfo });
    }
    if (req.method !== 'POST') {
      return json(400, { jsonrpc: '2.0', error: { code: -32000, message: 'Mcp-Session-Id header is required' }, id: null });
    }
    const session = await open(orgId, now);
    const res = await session.transport.handleRequest(req, { authInfo });
    // Anything but an accepted initialize leaves no session behind.
    if (!session.transport.sessionId) await session.server.close();
    return res;
  };

  const handle = async (req: Request, meta: RequestMeta = {}): Promise<Response> => {
    const requestId = meta.requestId ?? randomId('req_');
    const verdict = guard(req.headers);
    if (!verdict.ok) return errorResponse(new TmError('forbidden', verdict.detail), requestId);
    const authorization = req.headers.get('authorization');
    // Failed authentications are limited as on every REST route (src/auth/auth-failures.ts).
    let attempt;
    try {
      attempt = await beginAuthAttempt(ctx, meta.client ?? { address: 'unknown', trusted: false }, authorization);
    } catch (err) {
      const e = toTmError(err);
      return errorResponse(e, requestId, e.retryAfter === null ? {} : { 'Retry-After': String(e.retryAfter) });
    }
    let caller: McpCaller;
    let principal: Principal;
    const outcome: MeterOutcome = {};
    let toolsets;
    try {
      // `/mcp?toolsets=a,b` (or `all`) chooses what tools/list shows; the default groups otherwise.
      toolsets = parseToolsets(new URL(req.url).searchParams.get('toolsets'));
    } catch (err) {
      await endAuthAttempt(ctx, attempt, 'error');
      return errorResponse(toTmError(err), requestId);
    }
    try {
      const authenticated = await authenticateMcp(ctx, authorization, verify);
      principal = authenticated.principal;
      caller = { ...credentialCaller(ctx, principal, authenticated.kind, meterSettings, outcome), toolsets };
    } catch (err) {
      const e = toTmError(err);
      if (e.type !== 'unauthorized') {
        await endAuthAttempt(ctx, attempt, 'error');
        return errorResponse(e, requestId);
      }
      const failed = await endAuthAttempt(ctx, attempt, 'failed');
      return errorResponse(e, requestId, {
        ...(failed ? rateLimitHeaders(failed) : {}),
        'WWW-Authenticate': wwwAuthenticate(baseOf(req.url), e.message),
      });
    }
    await endAuthAttempt(ctx, attempt, 'ok');
    const res = await route(req, principal.org.id, {
      token: '',
      clientId: principal.org.id,
      scopes: [...caller.scopes],
      extra: { caller, requestId },
    });
    return withLimitHeaders(res, outcome, ctx, principal);
  };

  return {
    handle,
    resourceMetadata: (url) => protectedResourceMetadata(deps, baseOf(url)),
    async close() {
      const all = [...sessions.values()];
      sessions.clear();
      await Promise.all([...all.map((s) => s.server.close()), modern.close()]);
    },
  };
};

/** Mounts `/mcp` and the protected-resource metadata on a Hono app. */
export const mountMcp = <E extends Env>(app: Hono<E>, deps: McpHttpDeps): McpHttpHandler => {
  const mcp = createMcpHttpHandler(deps);
  const metadata = (c: { req: { url: string } }): Response =>
    json(200, mcp.resourceMetadata(c.req.url), { 'cache-control': 'public, max-age=3600' });
  app.get('/.well-known/oauth-protected-resource', metadata);
  app.get('/.well-known/oauth-protected-resource/mcp', metadata);
  app.all('/mcp', (c) => {
    // `tm serve` sets a request id and the client address (which honours `--trust-proxy`) on
    // every request; reuse them so every log names the call alike. Mounted elsewhere: the peer.
    const vars = c as unknown as { get(key: string): unknown };
    const requestId = vars.get('requestId') as string | undefined;
    const peer = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress;
    const client = (vars.get('client') as RequestMeta['client']) ?? { address: peer ?? 'unknown', trusted: false };
    return mcp.handle(c.req.raw, { requestId, client });
  });
  return mcp;
};

/**
 * The `mountMcp` option of `createHttpServer` / `runServe`: `/mcp` shares the server's context
 * and rate limiter, and its sessions close at shutdown after in-flight requests finish.
 */
export const mcpMount =
  (settings: McpSettings = {}) =>
  <E extends Env>(app: Hono<E>, services: { context: Context; limiter: RateLimiter }): (() => Promise<void>) => {
    const mcp = mountMcp(app, { ...settings, ctx: services.context, limiter: services.limiter });
    return () => mcp.close();
  };

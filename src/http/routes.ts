// Routes built from the operation registry: one generic handler per (method, path) runs the
// pipeline authenticate → rate limit → scope → input → idempotency → operation → ETag. It never
// touches SQL; everything it needs comes from the account domain (src/auth) and the operation.
// On PostgreSQL a plain read may start while its rate-limit take is at the server (early-read.ts);
// its answer still waits for the take and the checks, in that order.
import { createHash } from 'node:crypto';
import type { Context as HonoContext, Hono } from 'hono';
import {
  authenticateApiKey,
  beginAuthAttempt,
  contextFor,
  endAuthAttempt,
  requireScope,
  type Admission,
  type Client,
  type Principal,
  type RateLimiter,
} from '../auth/index.js';
import type { Context } from '../context.js';
import { toTmError } from '../errors.js';
import { requireFeature } from '../auth/plans.js';
import type { OpDefinition } from '../ops/define-op.js';
import { readJsonBody } from './body.js';
import { readMultipart } from './multipart.js';
import { claimIdempotencyKey, claimRequest, fingerprint, parseIdempotencyKey, settleClaim } from '../auth/idempotency.js';
import { fromBody, fromQuery, validateInput, withQuery } from '../ops/input.js';
import { errorBody } from './render.js';
import { authenticateFeedRequest, feedTokenOf, type FeedRequest } from './feed-auth.js';
import { currentQueryNames, deprecationHeaders } from './earlier-params.js';
import { runRouted } from '../read-routing.js';
import { readsEarly, type EarlyReads } from './early-read.js';

export interface RequestVars {
  requestId: string;
  started: number;
  client: Client;
  principal?: Principal;
  admission?: Admission;
  op?: OpDefinition;
  /** The §7 type of the error this request answered, for the request log. */
  errorType?: string;
  /** Headers for earlier parameter names the request used (earlier-params.ts); server.ts sets them on any answer. */
  deprecation?: Record<string, string>;
}
export type HttpEnv = { Variables: RequestVars };

export interface Route {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** OpenAPI-style path, `/v1/trademarks/{id}`. */
  path: string;
  current: OpDefinition | null;
  earlier: OpDefinition | null;
  /** True for a path listed in `http.aliases` rather than the operation's own path. */
  alias: boolean;
}

/** Header that selects the earlier (§4.3) shape where a path serves both. */
export const SHAPE_HEADER = 'TM-Shape';

/** Every (method, path) served by the operations, static segments before parameters. */
export const routeTable = (ops: readonly OpDefinition[]): Route[] => {
  const routes = new Map<string, Route>();
  for (const op of ops) {
    if (!op.http || op.local) continue;
    for (const entry of [op.http.path, ...(op.http.aliases ?? [])]) {
      // An alias may name another method too, e.g. `POST /v1/trademarks` for a GET search.
      const m = /^(GET|POST|PATCH|DELETE)\s+(\S+)$/.exec(entry);
      const method = (m?.[1] ?? op.http.method) as Route['method'];
      const path = m?.[2] ?? entry;
      const key = `${method} ${path}`;
      const route = routes.get(key) ?? { method, path, current: null, earlier: null, alias: entry !== op.http.path };
      const slot = op.http.shape === 'earlier' ? 'earlier' : 'current';
      if (route[slot]) throw new Error(`two operations serve ${key}: ${route[slot].name} and ${op.name}`);
      route[slot] = op;
      routes.set(key, route);
    }
  }
  const weight = (p: string): string => p.split('/').map((s) => (s.startsWith('{') ? '1' : '0')).join('');
  return [...routes.values()].sort((a, b) => weight(a.path).localeCompare(weight(b.path)) || a.path.localeCompare(b.path));
};

export const honoPath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');

/** Rate-limit tier of spec §8: suggest is search, other GETs reads, everything else writes. */
const tierOf = (route: Route): 'reads' | 'search' | 'writes' =>
  route.method !== 'GET' ? 'writes' : route.path.endsWith('/suggest') ? 'search' : 'reads';

/** The body text and its weak ETag, computed over the body without the per-request `request_id`. */
const bodyAndEtag = (result: unknown): { text: string; etag: string } => {
  const text = JSON.stringify(result);
  const perRequest = result !== null && typeof result === 'object' && 'request_id' in result;
  const stable = perRequest ? JSON.stringify({ ...result, request_id: null }) : text;
  return { text, etag: `W/"${createHash('sha1').update(stable).digest('base64url')}"` };
};

const matchesEtag = (header: string | undefined, etag: string): boolean =>
  !!header && header.split(',').some((t) => {
    const v = t.trim();
    return v === '*' || v.replace(/^W\//, '') === etag.replace(/^W\//, '');
  });

const JSON_TYPE = 'application/json; charset=utf-8';

/** The request path as sent (still percent-encoded), for `instance` and the logs. */
export const rawPath = (url: string): string => {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  const end = url.indexOf('?', start);
  return url.slice(start, end === -1 ? undefined : end);
};

/** A JSON response with its Content-Length, so the access log can report the size. */
export const jsonResponse = (text: string, status: number, headers: Record<string, string> = {}): Response =>
  new Response(text, { status, headers: { 'Content-Type': JSON_TYPE, 'Content-Length': String(Buffer.byteLength(text)), ...headers } });

export interface RouteDeps {
  ctx: Context;
  limiter: RateLimiter;
  bodyLimit: number;
  earlyReads: EarlyReads;
}

/**
 * Runs a read begun before its admission. A check or read that fails early is answered only after
 * admission, where the pipeline always answered it (the later code meets the same error again and
 * throws it in its place), so a refused call still answers 429 first.
 */
const startEarly = <T>(read: () => Promise<T>): Promise<T> | null => {
  let started: Promise<T>;
  try {
    started = read();
  } catch {
    return null;
  }
  started.catch(() => undefined);
  return started;
};

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };
/** A step's value or its error, to be thrown later (after admission) by `outcome`. */
const settled = <T>(step: () => T | Promise<T>): Promise<Settled<T>> =>
  (async () => step())().then((value) => ({ ok: true as const, value }), (error: unknown) => ({ ok: false as const, error }));
const outcome = <T>(s: Settled<T>): T => {
  if (!s.ok) throw s.error;
  return s.value;
};

const pickOp = (route: Route, c: HonoContext<HttpEnv>): OpDefinition => {
  const wantEarlier = c.req.header(SHAPE_HEADER)?.trim().toLowerCase() === 'earlier';
  return (wantEarlier ? route.earlier ?? route.current : route.current ?? route.earlier)!;
};

const handle = async (route: Route, deps: RouteDeps, c: HonoContext<HttpEnv>): Promise<Response> => {
  const { ctx, limiter } = deps;
  const op = pickOp(route, c);
  c.set('op', op);
  const authorization = c.req.header('authorization');
  const params = c.req.param() as Record<string, string>;
  const qs = c.req.url.includes('?') ? c.req.url.slice(c.req.url.indexOf('?') + 1) : '';
  const query = [...new URLSearchParams(qs)];
  // A calendar feed token (`?token=`) is the credential instead of the Authorization header.
  const feedToken = feedTokenOf(query);
  const attempt = await beginAuthAttempt(ctx, c.get('client'), feedToken === undefined ? authorization : `feed ${feedToken}`);
  if (attempt.admission) c.set('admission', attempt.admission);
  let principal: Principal;
  let feed: FeedRequest | null = null;
  try {
    if (feedToken === undefined) principal = await authenticateApiKey(ctx, authorization);
    else ({ principal } = feed = await authenticateFeedRequest(ctx, op, route.method, feedToken, query, params));
  } catch (err) {
    const failed = await endAuthAttempt(ctx, attempt, toTmError(err).type === 'unauthorized' ? 'failed' : 'error');
    if (failed) c.set('admission', failed);
    throw err;
  }
  c.set('principal', principal);
  const tier = tierOf(route);
  const current = currentQueryNames(op, query);
  const accept = c.req.header('accept') ?? '';
  const documents = op.http?.documents;
  /** A report asked for by Accept gets its format. */
  const withFormat = (raw: unknown): unknown => {
    if (documents && (raw as Record<string, unknown>).format === undefined) {
      const asked = Object.keys(documents).find((media) => accept.toLowerCase().includes(media));
      if (asked) (raw as Record<string, unknown>).format = documents[asked];
    }
    return raw;
  };
  const requestId = c.get('requestId');
  const opCtx = contextFor(ctx, principal, requestId);
  // A plain read starts beside its take when the limits are counted in the database (early-read.ts).
  const early =
    route.method === 'GET' && !feed && readsEarly(op) && ctx.store.auth.limits && deps.earlyReads.allowed(principal.org.id, tier)
      ? startEarly(() => {
          requireScope(principal, op.scope);
          requireFeature(principal.org, op);
          return runRouted(op, opCtx, validateInput(op.input, withFormat(fromQuery(op.input, current.query, params))));
        })
      : null;
  const mutating = route.method !== 'GET';
  // What follows admission and reads no store, in the pipeline's order: the checks and the key
  // (their failure leaves no Deprecation header), then the input.
  const checks = (): string | null => {
    requireScope(principal, op.scope);
    requireFeature(principal.org, op);
    return mutating ? parseIdempotencyKey(c.req.header('idempotency-key')) : null;
  };
  const inputOf = async () => {
    // An early read has its input already (the same query, built the same way).
    const raw = early
      ? null
      : withFormat(feed
        ? feed.raw
        : op.http?.upload
          ? fromQuery(op.input, [...current.query, ...(await readMultipart(c.req.raw, op.http.upload))], params)
          : route.method === 'POST' || route.method === 'PATCH'
          ? withQuery(op.input, fromBody(op.input, await readJsonBody(c.req.raw, deps.bodyLimit), params), current.query, params)
          : fromQuery(op.input, current.query, params));
    return { raw, input: early ? null : validateInput(op.input, raw) };
  };
  // Where the store takes a limit and an idempotency claim in one statement (PostgreSQL), a write
  // is checked and read before its take, and its claim goes with the take when all passed: one
  // round trip fewer. A failure is thrown only after admission, so a call answers as before (429
  // first). Uploads stay in order: their bodies are large.
  const joint = mutating && !feed && !op.http?.upload && ctx.store.auth.limits?.takeAndClaim !== undefined;
  const checked = joint ? await settled(checks) : null;
  const read = checked?.ok ? await settled(inputOf) : null;
  const claimReq = checked?.ok && checked.value && read?.ok ? claimRequest(ctx, principal, checked.value, fingerprint(route.method, rawPath(c.req.url), read.value.raw)) : undefined;
  const admitting = limiter.admit(ctx, principal, { tier, daily: tier, meter: op.meter, credits: op.credits, claim: claimReq });
  const [, admission] = await Promise.all([endAuthAttempt(ctx, attempt, 'ok'), admitting]).catch(async (err: unknown) => {
    // A key claimed for a request that fails here is given back, so its retry can run.
    const claimed = (await admitting.catch(() => null))?.claimed;
    if (claimReq && claimed?.won) await ctx.store.auth.idempotency.release(claimReq.orgId, claimReq.livemode, claimReq.key).catch(() => undefined);
    throw err;
  });
  c.set('admission', admission);
  deps.earlyReads.note(principal.org.id, tier, admission);
  const idemKey = checked ? outcome(checked) : checks();
  c.set('deprecation', deprecationHeaders(current.used));
  const { raw, input } = read ? outcome(read) : await inputOf();

  if (idemKey) {
    const claim = admission.claimed && claimReq ? settleClaim(ctx, claimReq, admission.claimed) : await claimIdempotencyKey(ctx, principal, idemKey, fingerprint(route.method, rawPath(c.req.url), raw));
    if (claim.replay) {
      return jsonResponse(claim.replay.body, claim.replay.status, { 'Idempotent-Replayed': 'true' });
    }
    let status = 200;
    let body: string;
    try {
      const result = await runRouted(op, opCtx, input);
      status = route.method === 'POST' && !op.readOnly ? 201 : 200;
      body = JSON.stringify(result);
    } catch (err) {
      const tm = toTmError(err);
      // Client errors are part of the stored result; server failures and throttling are not, so a retry runs again.
      if (tm.status < 500 && tm.type !== 'rate_limited') {
        await claim.complete({ status: tm.status, body: JSON.stringify(errorBody(tm, rawPath(c.req.url), requestId, op.http?.shape === 'earlier')) });
      } else {
        await claim.release();
      }
      throw tm;
    }
    await claim.complete({ status, body });
    return jsonResponse(body, status);
  }

  const result = await (early ?? runRouted(op, opCtx, input));
  // A document (a report) is answered as itself, unless the client asked for the JSON object.
  const document = documents && !/\bapplication\/json\b/i.test(accept) ? (result as { media_type: string; content: string }) : null;
  const produced = op.http?.produces ? { type: op.http.produces, text: (result as { body: string }).body } : document ? { type: document.media_type, text: document.content } : null;
  if (produced) {
    const etag = `W/"${createHash('sha1').update(produced.text).digest('base64url')}"`;
    if (matchesEtag(c.req.header('if-none-match'), etag)) return c.body(null, 304, { ETag: etag });
    return new Response(produced.text, { status: 200, headers: { 'Content-Type': produced.type, 'Content-Length': String(Buffer.byteLength(produced.text)), ETag: etag } });
  }
  const { text, etag } = bodyAndEtag(result);
  if (matchesEtag(c.req.header('if-none-match'), etag)) return c.body(null, 304, { ETag: etag });
  return jsonResponse(text, 200, { ETag: etag });
};

/** `Accept: text/calendar` on a GET whose path has an `.ics` twin producing a calendar (`/v1/deadlines`). */
const calendarTwin = (route: Route, routes: readonly Route[]): Route | null =>
  route.method !== 'GET'
    ? null
    : (routes.find((r) => r.method === 'GET' && r.path === `${route.path}.ics` && r.current?.http?.produces?.startsWith('text/calendar')) ?? null);

export const mountRoutes = (app: Hono<HttpEnv>, routes: readonly Route[], deps: RouteDeps): void => {
  for (const route of routes) {
    const twin = calendarTwin(route, routes);
    app.on(route.method, honoPath(route.path), (c) =>
      handle(twin && /\btext\/calendar\b/i.test(c.req.header('accept') ?? '') ? twin : route, deps, c),
    );
  }
};

// Per-organization rate limits and daily caps (spec §8), shared by every key of an organization.
// Windows are fixed and aligned to the clock, so `reset` is the same for every caller; daily caps
// run per UTC day and are seeded from the stored usage counters, so a restart keeps them.
import { createHash } from 'node:crypto';
import type { Context } from '../context.js';
import { TmError } from '../errors.js';
import type { Meter } from '../ops/define-op.js';
import type { Principal } from './authenticate.js';
import { countersFor } from './limit-counters.js';
import type { DailyTier, OrgLimits, Tier } from './schemas.js';

export interface Admission {
  /** Every policy that applied, as {limit, window seconds, remaining, reset seconds}. */
  policies: { limit: number; window: number; remaining: number; reset: number }[];
}

export interface AdmitOptions {
  /** The rate-limit window tier. */
  tier: Tier;
  /** The daily cap the call counts against; null for none. */
  daily: DailyTier | null;
  meter: Meter;
  /** False for calls that are neither billed nor counted (MCP account and usage tools). */
  counted?: boolean;
}

const DAY_S = 86_400;

const windowOf = (nowMs: number, seconds: number): { start: number; end: number; reset: number } => {
  const ms = seconds * 1000;
  const start = Math.floor(nowMs / ms) * ms;
  return { start, end: start + ms, reset: Math.max(1, Math.ceil((start + ms - nowMs) / 1000)) };
};

/**
 * The limiter is stateless: window and daily counters live in the store's counters
 * (limit-counters.ts), so every limiter over the same store (REST, /mcp, a second instance of
 * this class, every worker of a clustered `tm serve`) shares them.
 */
export class RateLimiter {
  /** Admits one call or throws 429 `rate_limited` with `retry_after`; counts it in usage when admitted. */
  async admit(ctx: Context, principal: Principal, opts: AdmitOptions): Promise<Admission> {
    const now = ctx.clock.now();
    const nowMs = now.getTime();
    const today = now.toISOString().slice(0, 10);
    const orgId = principal.org.id;
    const w = principal.limits[opts.tier];
    const win = windowOf(nowMs, w.window_seconds);
    const counted = opts.counted !== false;
    const dayReset = Math.max(1, Math.ceil((Date.parse(`${today}T00:00:00Z`) + DAY_S * 1000 - nowMs) / 1000));
    const dayCap = opts.daily ? principal.limits.daily[opts.daily] : 0;
    const taken = await countersFor(ctx.store).take({
      key: orgId,
      tier: opts.tier,
      start: win.start,
      end: win.end,
      limit: w.limit,
      daily: opts.daily ? { day: today, tier: opts.daily, cap: dayCap } : null,
      counted,
    });
    if (!taken.ok) {
      throw taken.over === 'window' ? limited(w.limit, w.window_seconds, win.reset, opts.tier) : limited(dayCap, DAY_S, dayReset, `${opts.daily} daily`);
    }
    if (counted) ctx.store.auth.usage.count(orgId, principal.livemode, today, opts.daily ?? opts.tier, opts.meter);
    const policies: Admission['policies'] = [{ limit: w.limit, window: w.window_seconds, remaining: Math.max(0, w.limit - taken.used), reset: win.reset }];
    if (opts.daily) policies.push({ limit: dayCap, window: DAY_S, remaining: Math.max(0, dayCap - taken.dayUsed), reset: dayReset });
    return { policies };
  }
}

/** Remaining calls in a tier's current window, for `/v1/usage`, without counting one. */
export const peekWindow = async (ctx: Context, orgId: string, limits: OrgLimits, tier: Tier): Promise<{ remaining: number; limit: number; resets_in: number }> => {
  const w = limits[tier];
  const win = windowOf(ctx.clock.now().getTime(), w.window_seconds);
  const taken = await countersFor(ctx.store).take({ key: orgId, tier, start: win.start, end: win.end, limit: w.limit, daily: null, counted: false });
  const used = taken.ok ? taken.used : 0;
  return { remaining: Math.max(0, w.limit - used), limit: w.limit, resets_in: win.reset };
};

const limited = (limit: number, window: number, reset: number, what: string): TmError =>
  new TmError('rate_limited', `Rate limit exceeded: ${limit} ${what} requests per ${window} s for this organization.`, {
    retryAfter: reset,
    suggestion: `Wait ${reset} s and retry; limits can be raised per organization with tm orgs limits.`,
    extra: { limit, window_seconds: window },
  });

/** `RateLimit-Policy` and `RateLimit` in the syntax of spec §8. */
export const rateLimitHeaders = (a: Admission): Record<string, string> => {
  const policies = [...new Set(a.policies.map((p) => `${p.limit};w=${p.window}`))];
  const tightest = a.policies.reduce((m, p) => (p.remaining < m.remaining ? p : m), a.policies[0]!);
  return {
    'RateLimit-Policy': policies.join(', '),
    RateLimit: `remaining=${tightest.remaining}, reset=${tightest.reset}`,
  };
};

/** Failed authentications allowed per bucket (see failureBucket) and window, before 429 for that bucket. */
export const AUTH_FAILURES = { limit: 100, window_seconds: 60 };

/**
 * What failed authentications count against. Behind a trusted proxy (`--trust-proxy`) the client's
 * own address names the client. Otherwise the peer address may be a proxy shared by every user,
 * so the count is per address and presented credential (a fingerprint of it): 100 bad logins
 * with one credential then lock out that credential, not the valid keys sent from that address.
 */
export const failureBucket = (client: { address: string; trusted: boolean }, authorization: string | null | undefined): string => {
  if (client.trusted) return `ip:${client.address}`;
  const token = authorization?.trim().split(/\s+/).pop() ?? '';
  const credential = token ? createHash('sha256').update(token).digest('base64url').slice(0, 16) : '-';
  return `ip:${client.address} cred:${credential}`;
};

const authWindow = (ctx: Context, bucket: string, release: boolean) => {
  const win = windowOf(ctx.clock.now().getTime(), AUTH_FAILURES.window_seconds);
  const request = { key: bucket, tier: 'auth', start: win.start, end: win.end, limit: AUTH_FAILURES.limit, daily: null, counted: true, release };
  return { win, taken: countersFor(ctx.store).take(request) };
};

/**
 * Takes one of the bucket's failed-authentication places before the key is checked, in one atomic
 * check-and-count, so that no more than the limit ever reach the key check however many arrive at
 * once; past the limit, 429 until the window resets. The place stays taken if authentication
 * fails; `releaseAuthAttempt` gives it back when it succeeds. Returns the policy for the headers.
 */
export const reserveAuthAttempt = async (ctx: Context, bucket: string): Promise<Admission> => {
  const { win, taken } = authWindow(ctx, bucket, false);
  const result = await taken;
  if (!result.ok) throw limited(AUTH_FAILURES.limit, AUTH_FAILURES.window_seconds, win.reset, 'failed authentication');
  return { policies: [{ limit: AUTH_FAILURES.limit, window: AUTH_FAILURES.window_seconds, remaining: Math.max(0, AUTH_FAILURES.limit - result.used), reset: win.reset }] };
};

/** A successful authentication is no failure: its reserved place is given back. */
export const releaseAuthAttempt = async (ctx: Context, bucket: string): Promise<void> => {
  await authWindow(ctx, bucket, true).taken;
};

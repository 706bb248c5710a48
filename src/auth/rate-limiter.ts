// Per-organization rate limits and daily caps (spec §8), shared by every key of an organization.
// Windows are fixed and aligned to the clock, so `reset` is the same for every caller; daily caps
// run per UTC day and are seeded from the stored usage counters, so a restart keeps them.
import type { Context } from '../context.js';
import { TmError } from '../errors.js';
import type { Meter } from '../ops/define-op.js';
import type { Principal } from './authenticate.js';
import type { IdempotencyClaimResult } from '../store/idempotency-repo.js';
import type { ClaimRequest } from '../store/limit-repo.js';
import { countersFor, type TakeRequest } from './limit-counters.js';
import type { DailyTier, OrgLimits, Tier } from './schemas.js';

export interface Admission {
  /** Every policy that applied, as {limit, window seconds, remaining, reset seconds}. */
  policies: { limit: number; window: number; remaining: number; reset: number }[];
  /** The outcome of `AdmitOptions.claim` when the store made it with the take; absent otherwise. */
  claimed?: IdempotencyClaimResult;
}

export interface AdmitOptions {
  /** The rate-limit window tier. */
  tier: Tier;
  /** The daily cap the call counts against; null for none. */
  daily: DailyTier | null;
  meter: Meter;
  /** Units counted in usage for this call (an op's `credits`); default 1. */
  credits?: number;
  /** False for calls that are neither billed nor counted (MCP account and usage tools). */
  counted?: boolean;
  /**
   * An idempotency claim to make with the take, where the store can make both in one step
   * (LimitRepo.takeAndClaim; PostgreSQL): only when the take admits the call. Elsewhere the
   * caller claims after admission; `Admission.claimed` says which happened.
   */
  claim?: ClaimRequest;
}

const DAY_S = 86_400;

export const windowOf = (nowMs: number, seconds: number): { start: number; end: number; reset: number } => {
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
    const counters = countersFor(ctx.store);
    const request: TakeRequest = { key: orgId, tier: opts.tier, start: win.start, end: win.end, limit: w.limit, daily: opts.daily ? { day: today, tier: opts.daily, cap: dayCap } : null, counted };
    const joint = opts.claim && counted && counters.takeAndClaim ? await counters.takeAndClaim(request, opts.claim) : null;
    const taken = joint ? joint.taken : await counters.take(request);
    if (!taken.ok) {
      throw taken.over === 'window' ? limited(w.limit, w.window_seconds, win.reset, opts.tier) : limited(dayCap, DAY_S, dayReset, `${opts.daily} daily`);
    }
    if (counted) ctx.store.auth.usage.count(orgId, principal.livemode, today, opts.daily ?? opts.tier, opts.meter, opts.credits ?? 1);
    const policies: Admission['policies'] = [{ limit: w.limit, window: w.window_seconds, remaining: Math.max(0, w.limit - taken.used), reset: win.reset }];
    if (opts.daily) policies.push({ limit: dayCap, window: DAY_S, remaining: Math.max(0, dayCap - taken.dayUsed), reset: dayReset });
    return joint?.claim ? { policies, claimed: joint.claim } : { policies };
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

export const limited = (limit: number, window: number, reset: number, what: string): TmError =>
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

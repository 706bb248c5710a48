// Per-organization rate limits and daily caps (spec §8), shared by every key of an organization.
// Windows are fixed and aligned to the clock, so `reset` is the same for every caller; daily caps
// run per UTC day and are seeded from the stored usage counters, so a restart keeps them.
import type { Context } from '../context.js';
import { TmError } from '../errors.js';
import type { Meter } from '../ops/define-op.js';
import type { Principal } from './authenticate.js';
import type { DailyTier, Tier } from './schemas.js';

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

export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private readonly daily = new Map<string, number>();
  private day = '';

  /** Admits one call or throws 429 `rate_limited` with `retry_after`; counts it in usage when admitted. */
  async admit(ctx: Context, principal: Principal, opts: AdmitOptions): Promise<Admission> {
    const now = ctx.clock.now();
    const nowMs = now.getTime();
    const today = now.toISOString().slice(0, 10);
    if (today !== this.day) {
      this.daily.clear();
      this.day = today;
    }
    const orgId = principal.org.id;
    const w = principal.limits[opts.tier];
    const windowMs = w.window_seconds * 1000;
    const start = Math.floor(nowMs / windowMs) * windowMs;
    const wKey = `${orgId}\u0000${opts.tier}`;
    let slot = this.windows.get(wKey);
    if (!slot || slot.start !== start) {
      slot = { start, count: 0 };
      this.windows.set(wKey, slot);
    }
    const counted = opts.counted !== false;
    const policies: Admission['policies'] = [];
    const windowReset = Math.max(1, Math.ceil((start + windowMs - nowMs) / 1000));
    const windowLeft = w.limit - slot.count;
    let dayKey: string | null = null;
    let dayUsed = 0;
    let dayCap = 0;
    const dayReset = Math.max(1, Math.ceil((Date.parse(`${today}T00:00:00Z`) + DAY_S * 1000 - nowMs) / 1000));
    if (opts.daily) {
      dayKey = `${orgId}\u0000${opts.daily}`;
      if (!this.daily.has(dayKey)) {
        const stored = await ctx.store.auth.usage.dayTotal(orgId, today, opts.daily);
        if (!this.daily.has(dayKey)) this.daily.set(dayKey, stored);
      }
      dayUsed = this.daily.get(dayKey)!;
      dayCap = principal.limits.daily[opts.daily];
    }
    if (counted && windowLeft <= 0) throw limited(w.limit, w.window_seconds, windowReset, opts.tier);
    if (counted && dayKey && dayUsed >= dayCap) throw limited(dayCap, DAY_S, dayReset, `${opts.daily} daily`);
    if (counted) {
      slot.count++;
      if (dayKey) this.daily.set(dayKey, dayUsed + 1);
      ctx.store.auth.usage.count(orgId, principal.livemode, today, opts.daily ?? opts.tier, opts.meter);
    }
    policies.push({ limit: w.limit, window: w.window_seconds, remaining: Math.max(0, w.limit - slot.count), reset: windowReset });
    if (dayKey) {
      const used = this.daily.get(dayKey)!;
      policies.push({ limit: dayCap, window: DAY_S, remaining: Math.max(0, dayCap - used), reset: dayReset });
    }
    return { policies };
  }

  /** Remaining calls in a tier's current window, for `/v1/usage`, without counting one. */
  peek(ctx: Context, principal: Principal, tier: Tier): { remaining: number; limit: number; resets_in: number } {
    const nowMs = ctx.clock.now().getTime();
    const w = principal.limits[tier];
    const windowMs = w.window_seconds * 1000;
    const start = Math.floor(nowMs / windowMs) * windowMs;
    const slot = this.windows.get(`${principal.org.id}\u0000${tier}`);
    const used = slot && slot.start === start ? slot.count : 0;
    return { remaining: Math.max(0, w.limit - used), limit: w.limit, resets_in: Math.max(1, Math.ceil((start + windowMs - nowMs) / 1000)) };
  }
}

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

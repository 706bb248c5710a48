// get_usage: today's usage against the daily caps and the current rate-limit windows (spec §2.10).
import { z } from 'zod';
import { resolveLimits } from '../auth/limits.js';
import { peekWindow } from '../auth/rate-limiter.js';
import { requireOrg } from '../auth/orgs.js';
import { Usage, type DailyTier } from '../auth/schemas.js';
import { callerOrg } from './account-context.js';
import { defineOp } from './define-op.js';

const TIERS: readonly DailyTier[] = ['reads', 'search', 'writes'];

export const getUsage = defineOp({
  name: 'get_usage',
  summary: 'Usage today against the daily caps, and the current rate-limit windows',
  description:
    'Requests used today per tier against the daily caps (reset 00:00 UTC) and what remains in each rate-limit window. Shared by all the organization\'s keys.',
  scope: 'billing:read',
  meter: 'account',
  readOnly: true,
  http: { method: 'GET', path: '/v1/usage' },
  input: z.strictObject({}),
  output: Usage,
  run: async (ctx) => {
    const org = callerOrg(ctx);
    const limits = resolveLimits((await requireOrg(ctx, org.id)).limits);
    const now = ctx.clock.now();
    const day = now.toISOString().slice(0, 10);
    const resetsAt = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();
    const used = new Map<string, number>();
    for (const live of [true, false]) {
      for (const r of await ctx.store.auth.usage.countsSince(org.id, live, day)) used.set(r.tier, (used.get(r.tier) ?? 0) + r.count);
    }
    const period = Object.fromEntries(
      TIERS.map((t) => [t, { used: used.get(t) ?? 0, limit: limits.daily[t], resets_at: resetsAt }]),
    ) as Usage['current_period'];
    const rate = Object.fromEntries(await Promise.all(TIERS.map(async (t) => [t, await peekWindow(ctx, org.id, limits, t)]))) as Usage['rate_limits'];
    return { object: 'usage' as const, current_period: period, rate_limits: rate, livemode: org.livemode, request_id: ctx.requestId };
  },
});

// get_usage_summary: requests per day and usage class over recent days, for billing review.
import { z } from 'zod';
import { callerOrg } from './account-context.js';
import { defineOp } from './define-op.js';

const Day = z.object({
  date: z.string(),
  reads: z.number().int(),
  search: z.number().int(),
  writes: z.number().int(),
  by_meter: z.record(z.string(), z.number().int()).describe('Counts per usage class: search, read, write, monitoring, reference, account'),
});

export const getUsageSummary = defineOp({
  name: 'get_usage_summary',
  summary: 'Requests per day and usage class over the last days',
  description:
    'The organization\'s request counts per day for the last `days` days, per tier and usage class (search, read and monitoring are billed; reference data is counted, not billed).',
  scope: 'billing:read',
  meter: 'account',
  readOnly: true,
  http: { method: 'GET', path: '/v1/usage/summary' },
  input: z.strictObject({ days: z.number().int().min(1).max(90).default(30).describe('How many days back, 1 to 90 (default 30)') }),
  output: z.object({
    object: z.literal('usage_summary'),
    days: z.array(Day),
    billed_total: z.number().int(),
    livemode: z.boolean(),
    request_id: z.string().nullable(),
  }),
  run: async (ctx, input) => {
    const org = callerOrg(ctx);
    const now = ctx.clock.now().getTime();
    const first = new Date(now - (input.days - 1) * 86_400_000).toISOString().slice(0, 10);
    const rows = await ctx.store.auth.usage.countsSince(org.id, org.livemode, first);
    const days = new Map<string, z.infer<typeof Day>>();
    for (let i = input.days - 1; i >= 0; i--) {
      const date = new Date(now - i * 86_400_000).toISOString().slice(0, 10);
      days.set(date, { date, reads: 0, search: 0, writes: 0, by_meter: {} });
    }
    let billed = 0;
    for (const r of rows) {
      const d = days.get(r.day);
      if (!d) continue;
      if (r.tier === 'reads' || r.tier === 'search' || r.tier === 'writes') d[r.tier] += r.count;
      d.by_meter[r.meter] = (d.by_meter[r.meter] ?? 0) + r.count;
      if (r.meter === 'search' || r.meter === 'read' || r.meter === 'monitoring') billed += r.count;
    }
    return { object: 'usage_summary' as const, days: [...days.values()], billed_total: billed, livemode: org.livemode, request_id: ctx.requestId };
  },
});

// get_filing_analytics: filings over time (`GET /v1/analytics/filings`, `tm analytics filings`): the
// stored marks matching the filters counted by filing year (or month), split by office, Nice class,
// owner or status. JSON over HTTP and MCP; the CLI draws it as small terminal bar charts.
import { z } from 'zod';
import type { TrademarkRecord } from '../../core/schemas/trademark.js';
import { defineOp } from '../define-op.js';
import { scopeFilter, scopeInput } from './scope.js';

/** At most this many groups are listed; the rest are summed into `other`. */
const MAX_GROUPS = 20;

const keysOf = (r: TrademarkRecord, by: string): string[] => {
  if (by === 'office') return [r.office_code];
  if (by === 'status') return [r.status.primary];
  if (by === 'owner') return [...new Set(r.owners.filter((o) => !o.role?.startsWith('previous')).map((o) => o.name))];
  if (by === 'class') return [...new Set(r.classifications.map((c) => c.nice_class).filter((c) => c !== null).map(String))];
  return ['all'];
};

export const getFilingAnalytics = defineOp({
  name: 'get_filing_analytics',
  summary: 'Count filings over time by office, class, owner or status',
  description:
    'Counts the stored marks matching the filters by filing year or month, one series per office, class, owner or status (`group_by`), the top 20 and `other`.',
  scope: 'trademarks:read',
  meter: 'read',
  readOnly: true,
  http: { method: 'GET', path: '/v1/analytics/filings' },
  cli: { command: 'analytics filings' },
  input: z.strictObject({
    group_by: z.enum(['office', 'class', 'owner', 'status', 'none']).default('office').describe('Series per office, class, owner, status, or one series'),
    interval: z.enum(['year', 'month']).default('year'),
    ...scopeInput,
    filed_from: z.string().regex(/^\d{4}(-\d{2}(-\d{2})?)?$/).optional().describe('Filed on or after (YYYY, YYYY-MM or YYYY-MM-DD)'),
    filed_to: z.string().regex(/^\d{4}(-\d{2}(-\d{2})?)?$/).optional().describe('Filed on or before (YYYY, YYYY-MM or YYYY-MM-DD)'),
  }),
  output: z.object({
    object: z.literal('filing_analytics'),
    group_by: z.string(),
    interval: z.string(),
    total: z.number().int().describe('Marks counted'),
    undated: z.number().int().describe('Marks with no filing date'),
    periods: z.array(z.string()),
    series: z.array(z.object({ key: z.string(), total: z.number().int(), counts: z.array(z.number().int()).describe('One count per period, in `periods` order') })),
  }),
  run: async (ctx, input) => {
    const filter = await scopeFilter(ctx, input);
    const width = input.interval === 'year' ? 4 : 7;
    const counts = new Map<string, Map<string, number>>();
    let total = 0;
    let undated = 0;
    for await (const batch of ctx.store.trademarks.scan(filter)) {
      for (const r of batch) {
        const day = r.filing_date;
        if (day && input.filed_from && day.slice(0, input.filed_from.length) < input.filed_from) continue;
        if (day && input.filed_to && day.slice(0, input.filed_to.length) > input.filed_to) continue;
        total++;
        if (!day) {
          undated++;
          continue;
        }
        const period = day.slice(0, width);
        for (const key of keysOf(r, input.group_by)) {
          const m = counts.get(key) ?? new Map<string, number>();
          m.set(period, (m.get(period) ?? 0) + 1);
          counts.set(key, m);
        }
      }
    }
    const periods = [...new Set([...counts.values()].flatMap((m) => [...m.keys()]))].sort();
    const ranked = [...counts.entries()]
      .map(([key, m]) => ({ key, total: [...m.values()].reduce((a, b) => a + b, 0), m }))
      .sort((a, b) => b.total - a.total || a.key.localeCompare(b.key));
    const shown = ranked.slice(0, MAX_GROUPS);
    const rest = ranked.slice(MAX_GROUPS);
    if (rest.length) {
      const m = new Map<string, number>();
      for (const r of rest) for (const [p, n] of r.m) m.set(p, (m.get(p) ?? 0) + n);
      shown.push({ key: 'other', total: rest.reduce((a, r) => a + r.total, 0), m });
    }
    return {
      object: 'filing_analytics' as const,
      group_by: input.group_by,
      interval: input.interval,
      total,
      undated,
      periods,
      series: shown.map((s) => ({ key: s.key, total: s.total, counts: periods.map((p) => s.m.get(p) ?? 0) })),
    };
  },
});

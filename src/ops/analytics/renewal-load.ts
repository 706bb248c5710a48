// get_renewal_load: what falls due per year (`GET /v1/analytics/renewals`, `tm analytics renewals
// --portfolio ptf_…`): the renewals and declarations the deadline engine computes for a set of
// marks, counted by the year they fall due, with the office fees where a fee schedule holds them
// (summed per currency, never across currencies). JSON over HTTP and MCP; bars on the CLI.
import { z } from 'zod';
import { today } from '../../core/clock.js';
import { IsoDate } from '../../core/schemas/parts.js';
import { getCatalog } from '../../deadlines/catalog.js';
import { computeDerived } from '../../deadlines/derive.js';
import { toDeadlineRow } from '../../deadlines/rows.js';
import { defineOp } from '../define-op.js';
import { feeDueFor } from '../fees/schedules.js';
import { scopeFilter, scopeInput } from './scope.js';

/** The deadline types that make up the renewal load: renewals and the declarations that keep a registration alive. */
export const LOAD_TYPES = ['renewal', 'combined_renewal_and_use', 'international_renewal', 'declaration_of_use', 'declaration_of_incontestability'] as const;

const Fee = z.object({ currency: z.string(), total: z.number(), confirmed: z.boolean().describe('False when any line item of any row is not confirmed') });

export const getRenewalLoad = defineOp({
  name: 'get_renewal_load',
  summary: 'Count the renewals and declarations falling due per year, with fees',
  description:
    'The renewals and declarations a set of marks (portfolio, party, offices, classes) has falling due, counted per year and type, with office fees summed per currency where a schedule holds them.',
  scope: 'trademarks:read',
  meter: 'read',
  readOnly: true,
  http: { method: 'GET', path: '/v1/analytics/renewals' },
  cli: { command: 'analytics renewals', flags: { portfolio: 'portfolio_id' } },
  input: z.strictObject({
    ...scopeInput,
    as_of_date: IsoDate.optional().describe('Compute deadlines as of this date (default: today)'),
    from_year: z.number().int().min(1900).max(2200).optional().describe('First due year to report'),
    to_year: z.number().int().min(1900).max(2200).optional().describe('Last due year to report'),
  }),
  output: z.object({
    object: z.literal('renewal_load'),
    as_of_date: z.string(),
    marks: z.number().int().describe('Marks in scope'),
    total: z.number().int().describe('Rows counted'),
    years: z.array(
      z.object({
        year: z.string(),
        total: z.number().int(),
        by_type: z.record(z.string(), z.number().int()),
        by_office: z.record(z.string(), z.number().int()),
        fees: z.array(Fee).describe('Fees due that year, one total per currency'),
        without_fee: z.number().int().describe('Rows with no fee schedule for their office or due date'),
      }),
    ),
  }),
  run: async (ctx, input) => {
    const filter = await scopeFilter(ctx, input);
    const asOf = input.as_of_date ?? today(ctx.clock);
    const catalog = getCatalog();
    const years = new Map<string, { total: number; by_type: Record<string, number>; by_office: Record<string, number>; fees: Map<string, { total: number; confirmed: boolean }>; without_fee: number }>();
    const bump = (m: Record<string, number>, k: string) => void (m[k] = (m[k] ?? 0) + 1);
    let marks = 0;
    let total = 0;
    for await (const batch of ctx.store.trademarks.scan(filter)) {
      for (const record of batch) {
        marks++;
        const derived = computeDerived(record, asOf, { catalog });
        for (const item of derived.deadlines.items) {
          if (!(LOAD_TYPES as readonly string[]).includes(item.type) || item.state === 'missed' || item.state === 'not_applicable' || !item.due_date) continue;
          const year = item.due_date.slice(0, 4);
          if ((input.from_year && Number(year) < input.from_year) || (input.to_year && Number(year) > input.to_year)) continue;
          const y = years.get(year) ?? { total: 0, by_type: {}, by_office: {}, fees: new Map(), without_fee: 0 };
          years.set(year, y);
          total++;
          y.total++;
          bump(y.by_type, item.type);
          bump(y.by_office, record.office_code);
          const fee = feeDueFor(record, toDeadlineRow(record, derived, item, catalog));
          if (!fee) {
            y.without_fee++;
            continue;
          }
          const sum = y.fees.get(fee.currency) ?? { total: 0, confirmed: true };
          y.fees.set(fee.currency, { total: Math.round((sum.total + fee.total) * 100) / 100, confirmed: sum.confirmed && fee.confirmed });
        }
      }
    }
    return {
      object: 'renewal_load' as const,
      as_of_date: asOf,
      marks,
      total,
      years: [...years.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([year, y]) => ({ year, total: y.total, by_type: y.by_type, by_office: y.by_office, fees: [...y.fees].sort(([a], [b]) => a.localeCompare(b)).map(([currency, f]) => ({ currency, ...f })), without_fee: y.without_fee })),
    };
  },
});

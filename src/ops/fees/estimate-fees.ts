// estimate_fees: what a filing, renewal or declaration costs at an office on a date
// (`POST /v1/fees/estimate`, `tm fees estimate --office EM --classes 9,25`): line items and total in
// the office currency, from the schedule in force on that date, each item naming its source.
import { z } from 'zod';
import { today } from '../../core/clock.js';
import { estimateFees, FeeAction, unheldFees } from '../../core/fees.js';
import { IsoDate } from '../../core/schemas/parts.js';
import { defineOp } from '../define-op.js';
import { feeFileOf, scheduleFor, total } from './schedules.js';

export const FeeEstimate = z.object({
  object: z.literal('fee_estimate'),
  office_code: z.string(),
  action: FeeAction,
  date: IsoDate,
  currency: z.string(),
  classes: z.number().int(),
  line_items: z.array(
    z.object({
      code: z.string(),
      label: z.string(),
      quantity: z.number().int(),
      unit_amount: z.number(),
      amount: z.number(),
      confirmed: z.boolean().describe('False when no source in reach confirmed this figure for the schedule'),
      source_url: z.string().nullable(),
    }),
  ),
  total: z.number(),
  confirmed: z.boolean().describe('True when every line item is confirmed and no fee of the request lacks a figure'),
  schedule: z.object({ effective_from: IsoDate, source_url: z.string(), retrieved: IsoDate }),
  notes: z.array(z.string()),
});

export const estimateFeesOp = defineOp({
  name: 'estimate_fees',
  summary: 'Estimate the office fees of a filing, renewal or declaration',
  description:
    'Office fees (not attorney fees) for one action at one office on a date, from the schedule then in force: line items with source, and the total in the office currency. `late` adds grace surcharges; `designations` and `colour` apply to WO.',
  scope: 'trademarks:read',
  meter: 'reference',
  readOnly: true,
  storeless: true,
  http: { method: 'POST', path: '/v1/fees/estimate' },
  cli: { command: 'fees estimate' },
  input: z.strictObject({
    office: z.string().min(2).max(10).describe('Office code (list_fee_schedules)'),
    action: FeeAction.default('filing').describe('filing, renewal, declaration_of_use, incontestability or madrid_designation'),
    classes: z.array(z.number().int().min(1).max(45)).min(1).max(45).describe('Nice classes covered, e.g. 9,25'),
    date: IsoDate.optional().describe('Date the fee is paid (default: today); picks the schedule in force'),
    late: z.boolean().default(false).describe('Filed in the grace period: add the late surcharges'),
    designations: z.number().int().min(0).max(200).default(0).describe('Designated parties (WO filing or renewal)'),
    colour: z.boolean().default(false).describe('The mark is reproduced in colour (WO basic fee)'),
  }),
  output: FeeEstimate,
  run: async (ctx, input) => {
    const file = feeFileOf(input.office);
    const date = input.date ?? today(ctx.clock);
    const schedule = scheduleFor(file, date);
    const classes = new Set(input.classes).size;
    const req = { action: input.action, classes, late: input.late, designations: input.designations, colour: input.colour };
    const items = estimateFees(schedule, req);
    const unheld = unheldFees(schedule, req);
    const notes: string[] = [];
    if (items.length === 0) notes.push(`The ${file.office_code} schedule holds no fee for ${input.action}.`);
    // A fee the office charges but whose figure no page in reach showed: the total leaves it out, and says so.
    for (const label of unheld) notes.push(`Not included, figure not held: ${label}.`);
    if (file.office_code === 'WO' && input.designations > 0) notes.push('Designated parties that charge an individual fee (US, EM, CN, JP …) charge it instead of the complementary fee counted here.');
    return {
      object: 'fee_estimate' as const,
      office_code: file.office_code,
      action: input.action,
      date,
      currency: file.currency,
      classes,
      line_items: items,
      total: total(items),
      confirmed: unheld.length === 0 && items.every((i) => i.confirmed),
      schedule: { effective_from: schedule.effective_from, source_url: schedule.source_url, retrieved: schedule.retrieved },
      notes,
    };
  },
});

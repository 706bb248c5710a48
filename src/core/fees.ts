// Fee schedules per office (data/fees/<OFFICE>.json) and the estimate of what one filing, renewal or
// declaration costs: line items and total in the office's currency. Pure: the caller loads the files.
import { z } from 'zod';
import { IsoDate } from './schemas/parts.js';

export const FeeAction = z.enum(['filing', 'renewal', 'declaration_of_use', 'incontestability', 'madrid_designation']);
export type FeeAction = z.infer<typeof FeeAction>;

const Fee = z.strictObject({
  code: z.string(),
  action: FeeAction,
  label: z.string(),
  /**
   * A fixed amount, or `percent` of the amounts of the `percent_of` items of the same estimate. A fee
   * with neither is one the office charges but whose figure is not held: estimates name it.
   */
  amount: z.number().nonnegative().optional(),
  percent: z.number().positive().optional(),
  percent_of: z.array(z.string()).optional(),
  /** application: once; class: per class in [from_class, to_class]; designation: per designated party. */
  unit: z.enum(['application', 'class', 'designation']),
  from_class: z.number().int().min(1).optional(),
  to_class: z.number().int().min(1).optional(),
  /** Charged only for a late (grace-period) filing. */
  late_only: z.boolean().optional(),
  /** Charged only when the option is set (`colour`), or only when it is not. */
  only: z.literal('colour').optional(),
  unless: z.literal('colour').optional(),
  /** False when no page in reach stated this figure for this schedule (the note says why). */
  confirmed: z.boolean(),
  source_url: z.string().url().optional(),
  note: z.string().optional(),
});
export type Fee = z.infer<typeof Fee>;

export const FeeSchedule = z.strictObject({
  effective_from: IsoDate,
  source_url: z.string().url(),
  retrieved: IsoDate,
  fees: z.array(Fee).min(1),
});
export type FeeSchedule = z.infer<typeof FeeSchedule>;

export const FeeFile = z.strictObject({
  office_code: z.string().length(2),
  currency: z.string().length(3),
  source: z.string(),
  schedules: z.array(FeeSchedule).min(1),
});
export type FeeFile = z.infer<typeof FeeFile>;

/** The schedule in force on a date: the latest that took effect on or before it, or null when all are later. */
export const scheduleOn = (file: FeeFile, date: string): FeeSchedule | null =>
  [...file.schedules].sort((a, b) => (a.effective_from < b.effective_from ? 1 : -1)).find((s) => s.effective_from <= date) ?? null;

/** The office fee a docket row shows for its deadline. */
export const FeeDue = z.object({
  action: FeeAction,
  currency: z.string(),
  total: z.number(),
  classes: z.number().int(),
  late: z.boolean().describe('Grace-period surcharges included (the row is in grace)'),
  confirmed: z.boolean().describe('False when any line item is a figure no source in reach confirmed'),
  schedule_effective_from: z.string(),
});
export type FeeDue = z.infer<typeof FeeDue>;

export interface FeeRequest {
  action: FeeAction;
  classes: number;
  late: boolean;
  designations: number;
  colour: boolean;
}

export interface LineItem {
  code: string;
  label: string;
  quantity: number;
  unit_amount: number;
  amount: number;
  confirmed: boolean;
  source_url: string | null;
}

const quantityOf = (fee: Fee, req: FeeRequest): number => {
  if (fee.unit === 'application') return 1;
  if (fee.unit === 'designation') return req.designations;
  const from = fee.from_class ?? 1;
  const to = Math.min(req.classes, fee.to_class ?? req.classes);
  return Math.max(0, to - from + 1);
};

const applies = (fee: Fee, req: FeeRequest): boolean =>
  fee.action === req.action && (!fee.late_only || req.late) && (fee.only !== 'colour' || req.colour) && (fee.unless !== 'colour' || !req.colour);

/** Money in the office currency, to the cent. */
const cents = (n: number): number => Math.round(n * 100) / 100;

/** The line items of one request under a schedule; percentage items follow the items they are a share of. */
export const estimateFees = (schedule: FeeSchedule, req: FeeRequest): LineItem[] => {
  const items: LineItem[] = [];
  for (const fee of schedule.fees.filter((f) => applies(f, req))) {
    const base = fee.percent_of ? items.filter((i) => fee.percent_of!.includes(i.code)).reduce((s, i) => s + i.amount, 0) : 0;
    const unit = fee.percent !== undefined ? cents((base * fee.percent) / 100) : (fee.amount ?? 0);
    const quantity = quantityOf(fee, req);
    if (quantity === 0 || unit === 0) continue;
    items.push({ code: fee.code, label: fee.label, quantity, unit_amount: unit, amount: cents(unit * quantity), confirmed: fee.confirmed, source_url: fee.source_url ?? null });
  }
  return items;
};

/** The labels of fees this request incurs whose figure the schedule does not hold. */
export const unheldFees = (schedule: FeeSchedule, req: FeeRequest): string[] =>
  schedule.fees.filter((f) => applies(f, req) && f.amount === undefined && f.percent === undefined && quantityOf(f, req) > 0).map((f) => f.label);

/** The fee action a deadline of this type is paid with, or null when it carries no office fee in these schedules. */
export const actionForDeadline = (type: string): FeeAction | null =>
  ({
    renewal: 'renewal',
    combined_renewal_and_use: 'renewal',
    international_renewal: 'renewal',
    declaration_of_use: 'declaration_of_use',
    declaration_of_incontestability: 'incontestability',
  })[type] as FeeAction | undefined ?? null;

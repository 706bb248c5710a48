// Flat deadline rows for docketing lists, CSV and calendars: one row per deadline item of a mark,
// with the mark's identity and an urgency bucket relative to the as-of date.
import { z } from 'zod';
import { daysBetween } from '../core/dates.js';
import { FeeDue } from '../core/fees.js';
import { DeadlineItem, type Derived, type UnsupportedDeadlineRule } from '../core/schemas/derived.js';
import { IsoDate } from '../core/schemas/parts.js';
import type { TrademarkRecord } from '../core/schemas/trademark.js';
import type { Catalog } from './catalog.js';

export const Urgency = z.enum(['missed', 'overdue', 'due_7', 'due_30', 'due_90', 'later', 'none', 'unknown']);
export type Urgency = z.infer<typeof Urgency>;

export const DeadlineRow = DeadlineItem.extend({
  object: z.literal('deadline'),
  trademark_id: z.string(),
  mark_text: z.string().nullable(),
  office_code: z.string(),
  application_number: z.string(),
  registration_number: z.string().nullable(),
  owner_names: z.array(z.string()),
  rule_name: z.string().nullable(),
  expiry_date: IsoDate.nullable().describe('Office-stated expiry, else derived.expiry_date'),
  days_left: z.number().int().nullable().describe('Days from the as-of date to due_date; negative when past'),
  urgency: Urgency,
  as_of_date: IsoDate,
  unsupported_reason: z
    .string()
    .nullable()
    .describe('Why this rule could not be computed for the mark (urgency unknown); null on a computed row'),
  fee_due: FeeDue.nullable().describe('Office fee of this deadline from the fee schedules (docs/parties.md); null where none is held'),
});
export type DeadlineRow = z.infer<typeof DeadlineRow>;

/**
 * missed: every window passed; overdue: past the due date but still in grace; due_N: due within
 * N days; later: due further out; none: no deadline (optional filings such as US §15); unknown:
 * the rule could not be computed (see unsupported_reason).
 */
export const urgencyOf = (item: Pick<DeadlineItem, 'state' | 'due_date'>, asOf: string): { urgency: Urgency; days: number | null } => {
  if (!item.due_date) return { urgency: 'none', days: null };
  const days = daysBetween(asOf, item.due_date);
  if (item.state === 'missed') return { urgency: 'missed', days };
  if (item.state === 'in_grace' || days < 0) return { urgency: 'overdue', days };
  return { urgency: days <= 7 ? 'due_7' : days <= 30 ? 'due_30' : days <= 90 ? 'due_90' : 'later', days };
};

/** Whether a row matches an urgency filter: `due_N` means due within N days (any N), inclusive of tighter buckets. */
export const matchesUrgency = (row: Pick<DeadlineRow, 'urgency' | 'days_left'>, wanted: string): boolean => {
  const due = /^due_(\d+)$/.exec(wanted);
  if (due) return row.days_left !== null && row.days_left >= 0 && row.days_left <= Number(due[1]) && row.urgency !== 'overdue' && row.urgency !== 'missed';
  return row.urgency === wanted;
};

/** One row: the item with its mark's identity and urgency. */
/** The mark's own fields that every docket row carries, computed or not. */
const markFields = (record: TrademarkRecord) => ({
  trademark_id: record.id,
  mark_text: record.mark_text,
  office_code: record.office_code,
  application_number: record.application_number,
  registration_number: record.registration_number,
  owner_names: record.owners.map((o) => o.name),
});

export const toDeadlineRow = (record: TrademarkRecord, derived: Derived, item: DeadlineItem, catalog: Catalog): DeadlineRow => {
  const { urgency, days } = urgencyOf(item, derived.as_of_date);
  return {
    object: 'deadline' as const,
    ...item,
    ...markFields(record),
    rule_name: catalog.rules.get(item.rule_id)?.name ?? null,
    expiry_date: record.expiry_date ?? derived.expiry_date,
    days_left: days,
    urgency,
    as_of_date: derived.as_of_date,
    unsupported_reason: null,
    fee_due: null,
  };
};

/** Why a rule lacks its anchor: the field is absent, or holds a date that is not a calendar date. */
const missingReason = (record: TrademarkRecord, field: string | null): string => {
  const value = field ? (record as unknown as Record<string, unknown>)[field] : undefined;
  if (typeof value === 'string' && value !== '') return `${field} '${value}' is not a calendar date`;
  return field ? `no ${field} on record` : 'a date the record lacks';
};

/**
 * A row for a rule the engine could not run for want of an office date, so a docket never drops
 * a mark silently: no due date, urgency `unknown`, and the reason.
 */
export const unsupportedRow = (record: TrademarkRecord, derived: Derived, u: UnsupportedDeadlineRule, catalog: Catalog): DeadlineRow => {
  const rule = catalog.rules.get(u.rule_id);
  return {
    object: 'deadline' as const,
    occurrence_key: `${u.rule_id}:unsupported`,
    rule_id: u.rule_id,
    type: (rule?.type ?? 'renewal') as DeadlineRow['type'],
    due_date: null,
    unrolled_due_date: null,
    window_opens_date: null,
    grace_expiry_date: null,
    state: 'not_applicable',
    roll_reason: null,
    consequence_if_missed: u.consequence_if_missed,
    ...markFields(record),
    rule_name: rule?.name ?? null,
    expiry_date: record.expiry_date ?? derived.expiry_date,
    days_left: null,
    urgency: 'unknown',
    as_of_date: derived.as_of_date,
    unsupported_reason: `cannot compute: ${missingReason(record, u.missing_field)}`,
    fee_due: null,
  };
};

export const deadlineRows = (record: TrademarkRecord, derived: Derived, catalog: Catalog): DeadlineRow[] =>
  derived.deadlines.items.map((item) => toDeadlineRow(record, derived, item, catalog));

/** Due date first (rows without one last), then mark and occurrence, so pages are stable. */
export const compareRows = (a: DeadlineRow, b: DeadlineRow): number => {
  const da = a.due_date ?? '9999-12-31';
  const db = b.due_date ?? '9999-12-31';
  if (da !== db) return da < db ? -1 : 1;
  if (a.trademark_id !== b.trademark_id) return a.trademark_id < b.trademark_id ? -1 : 1;
  return a.occurrence_key < b.occurrence_key ? -1 : a.occurrence_key > b.occurrence_key ? 1 : 0;
};

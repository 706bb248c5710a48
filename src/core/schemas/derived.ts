// The `derived` block of spec §2.6–§2.8: everything the service computes about a mark's term,
// deadlines and opposition window. Computed from the record as of a date; never stored.
import { z } from 'zod';
import { IsoDate } from './parts.js';

export const DeadlineType = z.enum([
  'renewal',
  'declaration_of_use',
  'combined_renewal_and_use',
  'declaration_of_incontestability',
  'restoration',
  'international_renewal',
  'post_registration_oa_response',
  'fee_installment',
]);

export const DeadlineState = z.enum(['not_open', 'open', 'in_grace', 'missed', 'available', 'not_applicable']);

export const RollReason = z.object({
  from: IsoDate,
  to: IsoDate,
  skipped: z.array(z.object({ date: IsoDate, reason: z.string() })),
});
export type RollReason = z.infer<typeof RollReason>;

export const DeadlineItem = z.object({
  occurrence_key: z.string(),
  rule_id: z.string(),
  type: DeadlineType,
  /** Last day to act, rolled off weekends, holidays and closures; null for an optional filing with no deadline (US §15). */
  due_date: IsoDate.nullable(),
  unrolled_due_date: IsoDate.nullable(),
  window_opens_date: IsoDate.nullable(),
  grace_expiry_date: IsoDate.nullable(),
  state: DeadlineState,
  roll_reason: RollReason.nullable(),
  consequence_if_missed: z.string().nullable(),
});
export type DeadlineItem = z.infer<typeof DeadlineItem>;

export const UnsupportedDeadlineRule = z.object({
  rule_id: z.string(),
  reason: z.enum(['requires_office_date', 'computed_on_office_leg']),
  missing_field: z.string().nullable(),
  consequence_if_missed: z.string().nullable(),
});
export type UnsupportedDeadlineRule = z.infer<typeof UnsupportedDeadlineRule>;

export const DerivedTerm = z.object({
  state: z.string(),
  grace_expiry_date: IsoDate.nullable(),
  restoration_expiry_date: IsoDate.nullable(),
  renewed: z.boolean(),
});
export type DerivedTerm = z.infer<typeof DerivedTerm>;

export const OppositionWindow = z.union([
  z.object({
    supported: z.literal(true),
    rule_id: z.string(),
    opens_date: IsoDate,
    closes_date: IsoDate,
    unrolled_closes_date: IsoDate,
    roll_reason: RollReason.nullable(),
    extendable_to: IsoDate.nullable(),
    state: z.enum(['not_open', 'open', 'closed']),
  }),
  z.object({
    supported: z.literal(false),
    reason: z.enum(['unsupported_office', 'requires_office_date', 'publication_date_kind_mismatch', 'stage_not_opposable']),
  }),
]);
export type OppositionWindow = z.infer<typeof OppositionWindow>;

export const Derived = z.object({
  as_of_date: IsoDate,
  expiry_date: IsoDate.nullable(),
  term: DerivedTerm,
  deadlines: z.object({
    items: z.array(DeadlineItem),
    unsupported: z.array(UnsupportedDeadlineRule),
  }),
  opposition_window: OppositionWindow,
});
export type Derived = z.infer<typeof Derived>;

// The shape of the deadline rule catalog (data/deadline-rules/*.json) and of the office closure
// tables (data/closures/*.json). The engine interprets a handful of rule kinds; every figure
// (periods, regime switch dates, conventions) lives in the data, with its source and confidence.
import { z } from 'zod';
import { IsoDate } from '../core/schemas/parts.js';
import { DeadlineType } from '../core/schemas/derived.js';

export const Convention = z.enum(['A', 'B', 'C', 'D']);
/** [V] verified, [S] secondary, [M] unconfirmed, [C] sources conflict (deadline-rules.md). */
export const Confidence = z.enum(['V', 'S', 'M', 'C']);

export const Period = z.object({
  years: z.number().int().optional(),
  months: z.number().int().optional(),
  days: z.number().int().optional(),
});

export const TriggerField = z.enum([
  'filing_date',
  'registration_date',
  'publication_date',
  'ir_date',
  'protection_effective_date',
  'priority_date',
  'protection_grant_date',
  'office_action_date',
]);
export type TriggerField = z.infer<typeof TriggerField>;

export const RecordKind = z.enum(['national', 'madrid_designation', 'international_registration']);
export type RecordKind = z.infer<typeof RecordKind>;

/** A condition on dates that selects a regime; all given bounds must hold. */
export const RegimeWhen = z.object({
  anchor_before: IsoDate.optional(),
  anchor_on_or_after: IsoDate.optional(),
  registration_before: IsoDate.optional(),
  registration_on_or_after: IsoDate.optional(),
  term_end_before: IsoDate.optional(),
  term_end_on_or_after: IsoDate.optional(),
  publication_before: IsoDate.optional(),
  publication_on_or_after: IsoDate.optional(),
  record_kind: z.enum(['national', 'madrid_designation', 'international_registration']).optional(),
  setting: z.object({ name: z.string(), equals: z.string() }).optional(),
});
export type RegimeWhen = z.infer<typeof RegimeWhen>;

export const Restoration = z.object({
  period: Period,
  from: z.enum(['term_end', 'grace_end']),
  note: z.string().optional(),
});

/** The fields a regime may override; the rule's own values are the defaults. */
const RuleParams = z.object({
  /** The rule is in force for the record (regimes switch rules on and off by date). */
  active: z.boolean().optional(),
  /** A named setting may move the anchor to another field (NZ term basis). */
  anchor_field: TriggerField.optional(),
  convention: Convention.optional(),
  /** Term length: first term from the anchor, then each renewal from the previous term end. */
  first_term: Period.optional(),
  renewal_term: Period.optional(),
  /** How the term end is placed: the anniversary (per convention), or the last day of its month. */
  term_end: z.enum(['anniversary', 'end_of_month']).optional(),
  /** Offset of the occurrence from its anchor (declarations, instalments). */
  offset: Period.optional(),
  repeat_every: Period.optional(),
  /** How long before the due date the window opens; `window_plus_days` shifts the opening day. */
  window_before: Period.nullable().optional(),
  window_plus_days: z.number().int().optional(),
  /** Length of the filing window after its opening, for windows that open on the anchor. */
  window_length: Period.optional(),
  /** The last day of the ordinary period is the last day of the due date's month. */
  due_end_of_month: z.boolean().optional(),
  grace: Period.nullable().optional(),
  /** Convention of windows, grace and restoration when it differs from the term's (EU: B; CN: A). */
  grace_convention: Convention.optional(),
  restoration: Restoration.nullable().optional(),
  /** Opposition: when the period opens relative to publication, its length and its outer limit. */
  opens_after: Period.optional(),
  opens_first_of_next_month: z.boolean().optional(),
  starts_next_business_day: z.boolean().optional(),
  length: Period.optional(),
  extendable_to: Period.nullable().optional(),
  /** A mark registered after its first term end may renew within this period after registration (SG r.49(2)). */
  late_registration_within: Period.optional(),
  /** A later-of response period (US post-registration Office actions). */
  response_period: Period.optional(),
});

export const DeadlineRule = RuleParams.extend({
  rule_id: z.string().regex(/^[a-z0-9_]+$/),
  office_code: z.string().regex(/^[A-Z]{2}$/),
  name: z.string(),
  type: z.union([DeadlineType, z.literal('opposition')]),
  kind: z.enum(['term', 'declaration', 'incontestability', 'installment', 'oa_response', 'opposition']),
  applies_to: z.array(RecordKind),
  trigger_field: TriggerField,
  fallback_fields: z.array(TriggerField).optional(),
  /** Opposition: the stage the publication must belong to (application or registration). */
  publication_kind: z.enum(['application', 'registration']).optional(),
  /** Filing types on record that satisfy an occurrence of this rule. */
  satisfied_by: z.array(z.string()).optional(),
  regimes: z.array(RuleParams.extend({ when: RegimeWhen, note: z.string().optional() })).optional(),
  consequence_if_missed: z.string().nullable(),
  source: z.string(),
  confidence: Confidence,
  notes: z.string().optional(),
});
export type DeadlineRule = z.infer<typeof DeadlineRule>;
export type RuleParams = z.infer<typeof RuleParams>;

/** A [C] convention: a named setting with the reference's default and its alternatives. */
export const RuleSetting = z.object({
  name: z.string(),
  default: z.string(),
  alternatives: z.array(z.string()),
  description: z.string(),
  source: z.string(),
});
export type RuleSetting = z.infer<typeof RuleSetting>;

/** Office event codes that evidence a filing on record (e.g. USPTO 89AG = §8 accepted/§9 granted). */
export const EvidenceCode = z.object({
  filing: z.string(),
  codes: z.array(z.string()),
  label_includes: z.string().optional(),
  label_excludes: z.string().optional(),
});

export const OfficeRuleSet = z.object({
  office_code: z.string().regex(/^[A-Z]{2}$/),
  name: z.string(),
  source: z.string(),
  settings: z.array(RuleSetting).default([]),
  evidence: z.array(EvidenceCode).default([]),
  rules: z.array(DeadlineRule),
});
export type OfficeRuleSet = z.infer<typeof OfficeRuleSet>;

const ClosureDate = z.object({
  date: IsoDate,
  to: IsoDate.optional(),
  reason: z.string(),
  source: z.string().optional(),
  confidence: Confidence.optional(),
});

export const ClosureTable = z.object({
  office_code: z.string().regex(/^[A-Z]{2}$/),
  source: z.string(),
  /** Weekdays that are never business days (0 = Sunday, 6 = Saturday). */
  weekend: z.array(z.number().int().min(0).max(6)).default([0, 6]),
  holidays: z
    .object({
      country: z.string(),
      region: z.string().nullable(),
      types: z.array(z.string()),
      /** Month-days the package types as public that are not office closures (CN group holidays). */
      exclude_month_days: z.array(z.string()).default([]),
    })
    .nullable(),
  /** Closures every year, as MM-DD ranges (a range may wrap the year end). */
  recurring: z
    .array(z.object({ from: z.string().regex(/^\d{2}-\d{2}$/), to: z.string().regex(/^\d{2}-\d{2}$/), reason: z.string(), source: z.string().optional() }))
    .default([]),
  closures: z.array(ClosureDate).default([]),
  /** Weekend days declared working days (CN 调休 make-up days). */
  working_days: z.array(ClosureDate).default([]),
});
export type ClosureTable = z.infer<typeof ClosureTable>;

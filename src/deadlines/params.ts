// Resolves a rule's effective parameters for one record and cycle: the rule's own values, then
// every regime whose `when` holds, in catalog order (a later match overrides an earlier one).
import type { DeadlineRule, RegimeWhen, RuleParams, RuleSetting } from './catalog-schema.js';
import type { RecordKind } from './catalog-schema.js';

export interface RegimeContext {
  anchor?: string | null;
  registration?: string | null;
  /** The term end the cycle parameters concern (for a renewal term: the end of the term renewed). */
  termEnd?: string | null;
  publication?: string | null;
  recordKind?: RecordKind;
  settings: Readonly<Record<string, string>>;
}

const before = (value: string | null | undefined, bound: string | undefined): boolean =>
  bound === undefined || (value != null && value < bound);
const onOrAfter = (value: string | null | undefined, bound: string | undefined): boolean =>
  bound === undefined || (value != null && value >= bound);

export const regimeHolds = (when: RegimeWhen, ctx: RegimeContext): boolean =>
  before(ctx.anchor, when.anchor_before) &&
  onOrAfter(ctx.anchor, when.anchor_on_or_after) &&
  before(ctx.registration, when.registration_before) &&
  onOrAfter(ctx.registration, when.registration_on_or_after) &&
  before(ctx.termEnd, when.term_end_before) &&
  onOrAfter(ctx.termEnd, when.term_end_on_or_after) &&
  before(ctx.publication, when.publication_before) &&
  onOrAfter(ctx.publication, when.publication_on_or_after) &&
  (when.record_kind === undefined || when.record_kind === ctx.recordKind) &&
  (when.setting === undefined || ctx.settings[when.setting.name] === when.setting.equals);

export const resolveParams = (rule: DeadlineRule, ctx: RegimeContext): RuleParams => {
  if (!rule.regimes?.length) return rule;
  let params: RuleParams = rule;
  for (const { when, note: _note, ...overrides } of rule.regimes) {
    if (regimeHolds(when, ctx)) params = { ...params, ...overrides };
  }
  return params;
};

/** The settings in force: each catalog default, overridden by the caller's choices. */
export const effectiveSettings = (
  settings: readonly RuleSetting[],
  overrides: Readonly<Record<string, string>> = {},
): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const s of settings) out[s.name] = overrides[s.name] ?? s.default;
  return out;
};

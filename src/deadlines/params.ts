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

export const regimeHolds = (when: RegimeWhen, ctx: RegimeContext, termEnd: string | null | undefined = ctx.termEnd): boolean =>
  before(ctx.anchor, when.anchor_before) &&
  onOrAfter(ctx.anchor, when.anchor_on_or_after) &&
  before(ctx.registration, when.registration_before) &&
  onOrAfter(ctx.registration, when.registration_on_or_after) &&
  before(termEnd, when.term_end_before) &&
  onOrAfter(termEnd, when.term_end_on_or_after) &&
  before(ctx.publication, when.publication_before) &&
  onOrAfter(ctx.publication, when.publication_on_or_after) &&
  (when.record_kind === undefined || when.record_kind === ctx.recordKind) &&
  (when.setting === undefined || ctx.settings[when.setting.name] === when.setting.equals);

const merged = new WeakMap<DeadlineRule, Map<number, RuleParams>>();

/** `termEnd`, when given, stands for ctx.termEnd (saves an object per cycle on the hot path). */
export const resolveParams = (rule: DeadlineRule, ctx: RegimeContext, termEnd: string | null | undefined = ctx.termEnd): RuleParams => {
  const regimes = rule.regimes;
  if (!regimes?.length) return rule;
  // The matching regimes as a bit mask: each combination is merged once per process.
  let mask = 0;
  for (let i = 0; i < regimes.length; i++) if (regimeHolds(regimes[i]!.when, ctx, termEnd)) mask |= 1 << i;
  if (mask === 0) return rule;
  let byMask = merged.get(rule);
  if (!byMask) {
    byMask = new Map();
    merged.set(rule, byMask);
  }
  let params = byMask.get(mask);
  if (!params) {
    params = rule;
    regimes.forEach(({ when: _when, note: _note, ...overrides }, i) => {
      if (mask & (1 << i)) params = { ...params, ...overrides };
    });
    byMask.set(mask, params);
  }
  return params!;
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

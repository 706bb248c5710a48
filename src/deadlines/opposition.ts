// The opposition window of spec §2.6: computed from the publication the office's rule names
// (the application's, or the registration's for post-grant offices), or an unsupported form
// saying why it cannot be computed.
import { addDays, addPeriod, endOfMonth } from '../core/dates.js';
import type { OppositionWindow } from '../core/schemas/derived.js';
import type { DeadlineRule } from './catalog-schema.js';
import type { Env } from './env.js';
import { resolveParams } from './params.js';
import { isInactive, isPending } from './subject.js';

export const oppositionWindow = (rule: DeadlineRule | undefined, env: Env): OppositionWindow => {
  const s = env.subject;
  if (!rule || !rule.applies_to.includes(s.kind)) return { supported: false, reason: 'unsupported_office' };
  if (isInactive(s.status)) return { supported: false, reason: 'stage_not_opposable' };
  const publication = s.publication_date ?? null;
  if (rule.publication_kind === 'registration') {
    // Post-grant offices: the publication must be the registration's, not the application's.
    if (isPending(s.status)) return { supported: false, reason: publication ? 'publication_date_kind_mismatch' : 'stage_not_opposable' };
    if (!publication) return { supported: false, reason: 'requires_office_date' };
    if (!s.registration_date || publication < s.registration_date) return { supported: false, reason: 'publication_date_kind_mismatch' };
  } else if (!publication) {
    return { supported: false, reason: 'requires_office_date' };
  }
  const p = resolveParams(rule, { publication, registration: s.registration_date, recordKind: s.kind, settings: env.settings });
  const convention = p.convention ?? 'A';
  let opens = publication;
  if (p.opens_after) opens = addPeriod(opens, p.opens_after, convention);
  if (p.opens_first_of_next_month) opens = addDays(endOfMonth(opens), 1);
  if (p.starts_next_business_day) opens = env.cal.roll(addDays(opens, 1)).date;
  const unrolled = addPeriod(opens, p.length ?? { months: 3 }, convention);
  const closes = env.cal.roll(unrolled);
  const extendable = p.extendable_to ? env.cal.roll(addPeriod(publication, p.extendable_to, convention)).date : null;
  return {
    supported: true,
    rule_id: rule.rule_id,
    opens_date: opens,
    closes_date: closes.date,
    unrolled_closes_date: unrolled,
    roll_reason: closes.roll_reason,
    extendable_to: extendable,
    state: env.asOf < opens ? 'not_open' : env.asOf <= closes.date ? 'open' : 'closed',
  };
};

// Deadline rows that are not the term itself: use declarations (US §8 and §71, MX declaration of
// use), split-fee instalments (JP/KR), the optional US §15 declaration and post-registration
// Office-action responses. Each row is computed from unrolled dates; only its last day is rolled.
import { addPeriod, maxDate, subtractPeriod, type IsoDateString } from '../core/dates.js';
import type { DeadlineItem } from '../core/schemas/derived.js';
import type { DeadlineRule } from './catalog-schema.js';
import { resolveParams } from './params.js';
import type { CurrentTerm } from './term.js';
import type { Env } from './env.js';

const MAX_OCCURRENCES = 40;

export const itemState = (
  asOf: IsoDateString,
  opens: IsoDateString | null,
  due: IsoDateString,
  graceEnd: IsoDateString | null,
): DeadlineItem['state'] =>
  opens && asOf < opens ? 'not_open' : asOf <= due ? 'open' : graceEnd && asOf <= graceEnd ? 'in_grace' : 'missed';

export interface Occurrence {
  n: number;
  opens: IsoDateString | null;
  due: IsoDateString;
  graceEnd: IsoDateString | null;
}

/** The n-th occurrence (1-based) of a declaration or instalment counted from `anchor`. */
export const occurrence = (rule: DeadlineRule, env: Env, anchor: IsoDateString, n: number): Occurrence | null => {
  const ctx = { anchor, registration: env.subject.registration_date, recordKind: env.subject.kind, settings: env.settings };
  const p = resolveParams(rule, ctx);
  if (p.active === false || (n > 1 && !p.repeat_every)) return null;
  const convention = p.convention ?? 'A';
  let start = p.offset ? addPeriod(anchor, p.offset, 'A') : anchor;
  if (n > 1 && p.repeat_every) {
    const every = p.repeat_every;
    start = addPeriod(start, { years: (every.years ?? 0) * (n - 1), months: (every.months ?? 0) * (n - 1) }, 'A');
  }
  const due = p.window_length ? addPeriod(start, p.window_length, convention) : start;
  const opens = p.window_length ? start : p.window_before ? subtractPeriod(due, p.window_before, convention) : null;
  const graceEnd = p.grace ? addPeriod(due, p.grace, p.grace_convention ?? convention) : null;
  return { n, opens, due, graceEnd };
};

/** A filing on record satisfies an occurrence when dated from its opening (or a year before its due date) up to two years after. */
const satisfied = (rule: DeadlineRule, env: Env, o: Occurrence): boolean => {
  const types = rule.satisfied_by ?? [rule.type];
  const from = o.opens ?? addPeriod(o.due, { years: -1 });
  const to = addPeriod(o.graceEnd ?? o.due, { years: 2 });
  return env.subject.filings.some((f) => types.includes(f.type) && f.date >= from && f.date <= to);
};

const toItem = (rule: DeadlineRule, env: Env, o: Occurrence, key: string): DeadlineItem => {
  const due = env.cal.roll(o.due);
  const grace = o.graceEnd ? env.cal.roll(o.graceEnd).date : null;
  return {
    occurrence_key: key,
    rule_id: rule.rule_id,
    type: rule.type as DeadlineItem['type'],
    due_date: due.date,
    unrolled_due_date: o.due,
    window_opens_date: o.opens,
    grace_expiry_date: grace,
    state: itemState(env.asOf, o.opens, due.date, grace),
    roll_reason: due.roll_reason,
    consequence_if_missed: rule.consequence_if_missed,
  };
};

/**
 * The first occurrence of a declaration not satisfied on record (a later satisfied occurrence, or
 * a renewal of the first term, deems earlier ones done). A missed occurrence stops the series.
 */
export const declarationItem = (rule: DeadlineRule, env: Env, anchor: IsoDateString, term: CurrentTerm | null): DeadlineItem | null => {
  const all: Occurrence[] = [];
  for (let n = 1; n <= MAX_OCCURRENCES; n++) {
    const o = occurrence(rule, env, anchor, n);
    if (!o) break;
    all.push(o);
    if (o.opens && o.opens > env.asOf && all.length > 1) break;
  }
  let lastSatisfied = -1;
  all.forEach((o, i) => {
    if (satisfied(rule, env, o)) lastSatisfied = i;
  });
  for (let i = lastSatisfied + 1; i < all.length; i++) {
    const o = all[i]!;
    // A renewal on record after this occurrence's grace period shows the registration survived it.
    if (term?.renewed && !rule.repeat_every && o.graceEnd && term.windowOpens && o.graceEnd < term.windowOpens) continue;
    return toItem(rule, env, o, `${rule.rule_id}:${o.n}`);
  }
  return null;
};

/** JP/KR: the second half of a fee paid in two instalments, due five years into the current term. */
export const installmentItem = (rule: DeadlineRule, env: Env, termStart: IsoDateString, term: CurrentTerm): DeadlineItem | null => {
  if (!env.subject.split_fee) return null;
  const o = occurrence(rule, env, termStart, 1);
  if (!o) return null;
  const paid = env.subject.filings.some((f) => f.type === 'fee_installment' && f.date > termStart && f.date <= addPeriod(o.graceEnd ?? o.due, { years: 1 }));
  if (paid) return null;
  const key = term.cycle > 0 ? `${rule.rule_id}:t${term.cycle}-2` : `${rule.rule_id}:t${term.termEnd.replace(/-/g, '')}-2`;
  return toItem(rule, env, { ...o, opens: termStart }, key);
};

/** US §15: optional, never due; `available` once five years have run from the anchor. */
export const incontestabilityItem = (rule: DeadlineRule, env: Env, anchor: IsoDateString): DeadlineItem | null => {
  const s = env.subject;
  if (s.incontestable || (s.register_type ?? '').toLowerCase().includes('supplemental')) return null;
  if (s.filings.some((f) => (rule.satisfied_by ?? [rule.type]).includes(f.type))) return null;
  const p = resolveParams(rule, { anchor, settings: env.settings, recordKind: s.kind });
  const opens = addPeriod(anchor, p.offset ?? { years: 5 });
  return {
    occurrence_key: `${rule.rule_id}:1`,
    rule_id: rule.rule_id,
    type: rule.type as DeadlineItem['type'],
    due_date: null,
    unrolled_due_date: null,
    window_opens_date: opens,
    grace_expiry_date: null,
    state: env.asOf < opens ? 'not_applicable' : 'available',
    roll_reason: null,
    consequence_if_missed: rule.consequence_if_missed,
  };
};

/**
 * US post-registration Office actions: the later of the response period from the issue date and
 * the end of the statutory filing period the action concerns (the latest period open by the issue
 * date), compared unrolled, then rolled. An action is answered once a response, or a later filing
 * or acceptance of the declaration or renewal, is on record.
 */
export const officeActionItems = (rule: DeadlineRule, env: Env, periodAt: (date: IsoDateString) => Occurrence | null): DeadlineItem[] => {
  const p = resolveParams(rule, { settings: env.settings, recordKind: env.subject.kind });
  const answeredBy = rule.satisfied_by ?? ['oa_response'];
  const items: DeadlineItem[] = [];
  for (const oa of env.subject.office_actions) {
    if (env.subject.filings.some((f) => answeredBy.includes(f.type) && f.date > oa.date)) continue;
    const concerned = periodAt(oa.date);
    const fromIssue = addPeriod(oa.date, p.response_period ?? { months: 6 });
    const due = concerned ? maxDate(fromIssue, concerned.due) : fromIssue;
    const key = `${rule.rule_id}:${oa.date}:${oa.code}`;
    items.push(toItem(rule, env, { n: 1, opens: oa.date, due, graceEnd: null }, key));
  }
  return items;
};

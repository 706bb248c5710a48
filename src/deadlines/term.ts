// Terms and renewal cycles: the statutory ladder of term ends from the anchor date (old-law term
// lengths, end-of-month and day-before-anniversary rules), which cycle is current given renewals
// and the office-stated expiry on record, and the cycle's window, due date, grace and restoration.
import { addMonths, addPeriod, endOfMonth, subtractPeriod, type IsoDateString, type Period } from '../core/dates.js';
import type { DeadlineRule, RuleParams } from './catalog-schema.js';
import { resolveParams, type RegimeContext } from './params.js';
import type { DeadlineSubject } from './subject.js';

export interface TermCycle {
  /** 1 for the first term; 0 when anchored on an office-stated expiry off the statutory ladder. */
  cycle: number;
  termEnd: IsoDateString;
  /** Last day of the ordinary period before any roll (usually the term end). */
  due: IsoDateString;
  windowOpens: IsoDateString | null;
  graceEnd: IsoDateString | null;
  restorationEnd: IsoDateString | null;
}

export interface CurrentTerm extends TermCycle {
  renewed: boolean;
  anchoredOnOfficeExpiry: boolean;
}

const MAX_CYCLES = 40;
const TEN_YEARS: Period = { years: 10 };

export const periodMonths = (p: Period | undefined): number => (p ? (p.years ?? 0) * 12 + (p.months ?? 0) : 0);

/** The anchor field and date of a rule for a record, after settings and fallbacks. */
export const anchorOf = (
  rule: DeadlineRule,
  subject: DeadlineSubject,
  settings: Readonly<Record<string, string>>,
): { field: string; date: IsoDateString | null } => {
  const field =
    resolveParams(rule, { settings, recordKind: subject.kind, registration: subject.registration_date }).anchor_field ?? rule.trigger_field;
  for (const f of [field, ...(rule.fallback_fields ?? [])]) {
    const value = (subject as Record<string, unknown>)[f];
    if (typeof value === 'string') return { field: f, date: value };
  }
  return { field, date: null };
};

/** Window, due date, grace and restoration of the cycle whose term ends at `termEnd` (`full` false: no grace or restoration). */
export const cycleDates = (
  p: RuleParams,
  cycle: number,
  termEnd: IsoDateString,
  registration: IsoDateString | null | undefined,
  full = true,
): TermCycle => {
  // Term ends follow the term convention; windows, grace and restoration the period convention.
  const convention = p.grace_convention ?? p.convention ?? 'A';
  let due = p.due_end_of_month ? endOfMonth(termEnd) : termEnd;
  let windowOpens = p.window_before ? subtractPeriod(due, p.window_before, convention) : null;
  if (windowOpens && p.window_plus_days) windowOpens = addPeriod(windowOpens, { days: p.window_plus_days });
  let grace = p.grace ?? null;
  if (cycle === 1 && p.late_registration_within && registration && registration > due) {
    // Registered after its own renewal date: a special period after registration, without surcharge.
    due = addPeriod(registration, p.late_registration_within, convention);
    windowOpens = registration;
    grace = null;
  }
  if (!full) return { cycle, termEnd, due, windowOpens, graceEnd: null, restorationEnd: null };
  const graceEnd = grace ? addPeriod(due, grace, convention) : null;
  const restoration = p.restoration ?? null;
  const restorationEnd = restoration
    ? addPeriod(restoration.from === 'term_end' ? termEnd : (graceEnd ?? due), restoration.period, convention)
    : null;
  return { cycle, termEnd, due, windowOpens, graceEnd, restorationEnd };
};

/** The date from which evidence of a filing counts for a cycle: its window, or a year before its due date. */
const evidenceFrom = (c: TermCycle): IsoDateString => c.windowOpens ?? addMonths(c.due, -12);

/**
 * Visits cycles 1, 2, … of the statutory ladder until `visit` returns true (or the cycle cap). The
 * visited cycles carry window and due date only; `cycleDates(p, …)` completes the one chosen.
 */
const forEachCycle = (
  rule: DeadlineRule,
  anchor: IsoDateString,
  ctx: RegimeContext,
  visit: (c: TermCycle, p: RuleParams) => boolean,
): void => {
  const base = resolveParams(rule, ctx);
  const convention = base.convention ?? 'A';
  let months = periodMonths(base.first_term ?? TEN_YEARS);
  for (let cycle = 1; cycle <= MAX_CYCLES; cycle++) {
    const placed = addMonths(anchor, months, convention);
    const termEnd = base.term_end === 'end_of_month' ? endOfMonth(placed) : placed;
    const p = resolveParams(rule, ctx, termEnd);
    if (visit(cycleDates(p, cycle, termEnd, ctx.registration, false), p)) return;
    months += periodMonths(p.renewal_term ?? TEN_YEARS);
  }
};

interface Seen {
  c: TermCycle;
  p: RuleParams;
}

const complete = (seen: Seen, ctx: RegimeContext): TermCycle => cycleDates(seen.p, seen.c.cycle, seen.c.termEnd, ctx.registration);

/** The latest cycle whose window had opened by `date` (the cycle a filing or Office action of that date concerns). */
export const cycleOpenAt = (rule: DeadlineRule, anchor: IsoDateString, ctx: RegimeContext, date: IsoDateString): TermCycle | null => {
  let found = null as Seen | null;
  forEachCycle(rule, anchor, ctx, (c, p) => {
    if (evidenceFrom(c) > date) return true;
    found = { c, p };
    return false;
  });
  return found ? complete(found, ctx) : null;
};

/**
 * The current term on the statutory ladder (term ends of cycles 1, 2, … from the anchor, each
 * renewal counted from the old term end): the first cycle not paid by a renewal on record, or the
 * cycle the office-stated expiry names if later. A renewal dated d pays the latest cycle whose
 * window had opened by d, so a renewal recorded months after its grace period still pays its own
 * cycle, and an early renewal never moves the new term's start.
 */
export const currentTerm = (
  rule: DeadlineRule,
  subject: DeadlineSubject,
  anchor: IsoDateString | null,
  ctx: RegimeContext,
  useOfficeExpiry: boolean,
): CurrentTerm | null => {
  const satisfiedBy = rule.satisfied_by ?? ['renewal', rule.type];
  let latest: IsoDateString | null = subject.last_renewal_date ?? null;
  for (const f of subject.filings) if (satisfiedBy.includes(f.type) && (latest === null || f.date > latest)) latest = f.date;
  const officeExpiry = useOfficeExpiry ? (subject.expiry_date ?? null) : null;
  const anchored = (renewed: boolean): CurrentTerm => {
    const p = resolveParams(rule, ctx, officeExpiry);
    return { ...cycleDates(p, 0, officeExpiry!, ctx.registration), renewed, anchoredOnOfficeExpiry: true };
  };
  if (!anchor) return officeExpiry ? anchored(false) : null;
  let byEvidence = null as Seen | null;
  let byOffice = null as Seen | null;
  let last = null as Seen | null;
  forEachCycle(rule, anchor, ctx, (c, p) => {
    last = { c, p };
    if (!byEvidence && (latest === null || evidenceFrom(c) > latest)) byEvidence = last;
    if (officeExpiry && !byOffice && (c.termEnd === officeExpiry || c.due === officeExpiry)) byOffice = last;
    return byEvidence !== null && (!officeExpiry || byOffice !== null || c.termEnd > officeExpiry);
  });
  const fromEvidence = byEvidence ?? last!;
  // The office states an expiry the statutory ladder does not reach: trust the office, keyed on its date.
  if (officeExpiry && !byOffice && officeExpiry > fromEvidence.c.termEnd) return anchored(true);
  const current = byOffice && byOffice.c.cycle > fromEvidence.c.cycle ? byOffice : fromEvidence;
  return { ...complete(current, ctx), renewed: current.c.cycle > 1, anchoredOnOfficeExpiry: false };
};

// The derived block (spec §2.6–§2.8) for one subject as of a date: the current term and its state,
// the deadline rows of every rule of the office, the rules that cannot run, and the opposition
// window. Pure given the catalog: the as-of date is an argument, never the clock.
import { addDays, addPeriod, type IsoDateString } from '../core/dates.js';
import type { DeadlineItem, Derived, DerivedTerm, UnsupportedDeadlineRule } from '../core/schemas/derived.js';
import { createCalendar, normaliseRegion, type BusinessCalendar } from './calendar.js';
import { getCatalog, type Catalog } from './catalog.js';
import type { DeadlineRule, OfficeRuleSet } from './catalog-schema.js';
import type { Env } from './env.js';
import { declarationItem, incontestabilityItem, installmentItem, itemState, occurrence, officeActionItems, type Occurrence } from './occurrences.js';
import { oppositionWindow } from './opposition.js';
import { effectiveSettings } from './params.js';
import { termAssessment, type DeadlineSubject, type TermAssessment } from './subject.js';
import { anchorOf, currentTerm, cycleOpenAt, type CurrentTerm } from './term.js';

export interface DeriveOptions {
  /** Named [C] settings (see `list_deadline_rules`); unset names take the catalog default. */
  settings?: Readonly<Record<string, string>>;
  /** Keep rows whose every window has passed (default true). A paid cycle is never a row. */
  includeMissed?: boolean;
  /** Use the office-stated expiry as evidence of the current term (default true). */
  useOfficeExpiry?: boolean;
  catalog?: Catalog;
}

/** Declaration occurrences considered when matching an Office action to its filing period. */
const MAX_DECLARATION_PERIODS = 6;

const NOT_APPLICABLE: DerivedTerm = { state: 'not_applicable', grace_expiry_date: null, restoration_expiry_date: null, renewed: false };

const calendars = new Map<string, BusinessCalendar>();

/** The business-day calendar of an office, for a holiday region when given (cached per process). */
export const officeCalendar = (catalog: Catalog, officeCode: string, region: string | null | undefined): BusinessCalendar => {
  const table = catalog.closures.get(officeCode) ?? { office_code: officeCode, source: 'weekends only', weekend: [0, 6], holidays: null, recurring: [], closures: [], working_days: [] };
  const place = region && table.holidays ? normaliseRegion(table.holidays.country, region) : null;
  const key = place ? `${officeCode}|${place}` : officeCode;
  let cal = calendars.get(key);
  if (!cal) {
    cal = createCalendar(table, place, catalog.holidays.get(officeCode) ?? null);
    calendars.set(key, cal);
  }
  return cal;
};

const defaultSettings = new WeakMap<OfficeRuleSet, Record<string, string>>();

const settingsFor = (office: OfficeRuleSet, overrides: Readonly<Record<string, string>> | undefined): Record<string, string> => {
  if (overrides && Object.keys(overrides).length) return effectiveSettings(office.settings, overrides);
  let s = defaultSettings.get(office);
  if (!s) {
    s = effectiveSettings(office.settings);
    defaultSettings.set(office, s);
  }
  return s;
};

const makeEnv = (catalog: Catalog, office: OfficeRuleSet, subject: DeadlineSubject, asOf: IsoDateString, options: DeriveOptions): Env => ({
  asOf,
  cal: officeCalendar(catalog, office.office_code, subject.office_code === office.office_code ? subject.region : null),
  settings: settingsFor(office, options.settings),
  subject,
});

const unsupported = (rule: DeadlineRule, reason: UnsupportedDeadlineRule['reason'], field: string): UnsupportedDeadlineRule => ({
  rule_id: rule.rule_id,
  reason,
  missing_field: field,
  consequence_if_missed: rule.consequence_if_missed,
});

interface TermResult {
  term: CurrentTerm;
  state: DerivedTerm;
  items: DeadlineItem[];
}

/** The term block and its renewal and restoration rows for one cycle. */
const termResult = (rule: DeadlineRule, env: Env, t: CurrentTerm, assessed: Exclude<TermAssessment, 'none'>): TermResult => {
  const { asOf, cal } = env;
  const due = cal.roll(t.due);
  const grace = t.graceEnd ? cal.roll(t.graceEnd).date : null;
  const restoration = t.restorationEnd ? cal.roll(t.restorationEnd).date : null;
  let state = asOf <= due.date ? 'in_term' : grace && asOf <= grace ? 'in_grace' : restoration && asOf <= restoration ? 'in_restoration' : 'renewal_not_on_record';
  if (assessed === 'restoration_only' && state !== 'in_restoration') state = 'not_applicable';
  // An expired mark is assessed only while it can still be renewed or restored.
  if (assessed === 'renewable' && state === 'renewal_not_on_record') state = 'not_applicable';
  if (state === 'not_applicable') return { term: t, state: NOT_APPLICABLE, items: [] };
  const key = t.cycle > 0 ? `${rule.rule_id}:${t.cycle}` : `${rule.rule_id}:t${t.termEnd.replace(/-/g, '')}-1`;
  const items: DeadlineItem[] = [
    {
      occurrence_key: key,
      rule_id: rule.rule_id,
      type: rule.type as DeadlineItem['type'],
      due_date: due.date,
      unrolled_due_date: t.due,
      window_opens_date: t.windowOpens,
      grace_expiry_date: grace,
      state: itemState(asOf, t.windowOpens, due.date, grace),
      roll_reason: due.roll_reason,
      consequence_if_missed: rule.consequence_if_missed,
    },
  ];
  const lastLateDay = grace ?? due.date;
  if (t.restorationEnd && restoration && asOf > lastLateDay) {
    const r = cal.roll(t.restorationEnd);
    items.push({
      occurrence_key: `${key}:restoration`,
      rule_id: rule.rule_id,
      type: 'restoration',
      due_date: r.date,
      unrolled_due_date: t.restorationEnd,
      window_opens_date: addDays(t.graceEnd ?? t.due, 1),
      grace_expiry_date: null,
      state: asOf <= r.date ? 'open' : 'missed',
      roll_reason: r.roll_reason,
      consequence_if_missed: 'loss_of_right',
    });
  }
  return {
    term: t,
    state: { state, grace_expiry_date: grace, restoration_expiry_date: restoration, renewed: t.renewed },
    items,
  };
};

const termOf = (rule: DeadlineRule, env: Env, useOfficeExpiry: boolean): { term: CurrentTerm | null; anchorField: string } => {
  const s = env.subject;
  const anchor = anchorOf(rule, s, env.settings);
  const ctx = { anchor: anchor.date, registration: s.registration_date, recordKind: s.kind, settings: env.settings };
  return { term: currentTerm(rule, s, anchor.date, ctx, useOfficeExpiry), anchorField: anchor.field };
};

/** A Madrid designation follows the international registration: its term end and renewal are WIPO's. */
const madridRenewal = (catalog: Catalog, subject: DeadlineSubject, asOf: IsoDateString, options: DeriveOptions) => {
  const wo = catalog.offices.get('WO');
  const irRule = wo?.rules.find((r) => r.kind === 'term' && r.applies_to.includes('madrid_designation'));
  if (!wo || !irRule) return null;
  const woEnv = makeEnv(catalog, wo, subject, asOf, options);
  // The expiry an office publishes on a designation is the IR's (spec §2.6), so it counts as evidence.
  const { term: ir, anchorField } = termOf(irRule, woEnv, options.useOfficeExpiry !== false);
  if (!ir) return { expiry: null, items: [], unsupported: [unsupported(irRule, 'requires_office_date', anchorField)] };
  return { expiry: ir.termEnd, items: termResult(irRule, woEnv, ir, 'full').items.filter((i) => i.type !== 'restoration'), unsupported: [] };
};

/** Declarations, §15 and fee instalments of the office's rules. */
const occurrenceItems = (office: OfficeRuleSet, env: Env, termRule: DeadlineRule | undefined, current: CurrentTerm | null) => {
  const items: DeadlineItem[] = [];
  const unsupportedRules: UnsupportedDeadlineRule[] = [];
  for (const rule of office.rules) {
    if (!rule.applies_to.includes(env.subject.kind)) continue;
    if (rule.kind === 'declaration' || rule.kind === 'incontestability') {
      const anchor = anchorOf(rule, env.subject, env.settings);
      if (!anchor.date) {
        unsupportedRules.push(unsupported(rule, 'requires_office_date', anchor.field));
        continue;
      }
      const item = rule.kind === 'declaration' ? declarationItem(rule, env, anchor.date, current) : incontestabilityItem(rule, env, anchor.date);
      if (item) items.push(item);
    } else if (rule.kind === 'installment' && current && termRule) {
      // The instalment falls due five years into the current term, which starts at the anchor or the previous term end.
      const start = current.cycle === 1 ? anchorOf(termRule, env.subject, env.settings).date : addPeriod(current.termEnd, { years: -10 });
      const item = start ? installmentItem(rule, env, start, current) : null;
      if (item) items.push(item);
    }
  }
  return { items, unsupportedRules };
};

/** The filing period an Office action of `date` concerns: the latest declaration or renewal window open by then. */
const periodLocator = (office: OfficeRuleSet, env: Env, termRule: DeadlineRule | undefined) => (date: IsoDateString): Occurrence | null => {
  const s = env.subject;
  const candidates: Occurrence[] = [];
  for (const rule of office.rules) {
    if (rule.kind !== 'declaration' || !rule.applies_to.includes(s.kind)) continue;
    const anchor = anchorOf(rule, s, env.settings).date;
    for (let n = 1; anchor && n <= MAX_DECLARATION_PERIODS; n++) {
      const o = occurrence(rule, env, anchor, n);
      if (o && (o.opens ?? o.due) <= date) candidates.push(o);
    }
  }
  const anchor = termRule ? anchorOf(termRule, s, env.settings).date : null;
  if (termRule && anchor) {
    const ctx = { anchor, registration: s.registration_date, recordKind: s.kind, settings: env.settings };
    const c = cycleOpenAt(termRule, anchor, ctx, date);
    if (c) candidates.push({ n: c.cycle, opens: c.windowOpens, due: c.due, graceEnd: c.graceEnd });
  }
  return candidates.sort((a, b) => ((a.opens ?? a.due) < (b.opens ?? b.due) ? 1 : -1))[0] ?? null;
};

/** An international registration cannot run the designated offices' rules keyed on their own grant dates. */
const officeLegRules = (catalog: Catalog, subject: DeadlineSubject): UnsupportedDeadlineRule[] =>
  subject.kind !== 'international_registration'
    ? []
    : subject.designations.flatMap((code) =>
        (catalog.offices.get(code)?.rules ?? [])
          .filter((r) => r.kind === 'declaration' && r.applies_to.includes('madrid_designation'))
          .map((r) => unsupported(r, 'computed_on_office_leg', 'protection_grant_date')),
      );

const byDueDate = (a: DeadlineItem, b: DeadlineItem): number => {
  const da = a.due_date ?? '9999-12-31';
  const db = b.due_date ?? '9999-12-31';
  return da < db ? -1 : da > db ? 1 : 0;
};

export const deriveSubject = (subject: DeadlineSubject, asOf: IsoDateString, options: DeriveOptions = {}): Derived => {
  const catalog = options.catalog ?? getCatalog();
  const office = catalog.offices.get(subject.office_code);
  if (!office) {
    return { as_of_date: asOf, expiry_date: null, term: NOT_APPLICABLE, deadlines: { items: [], unsupported: [] }, opposition_window: { supported: false, reason: 'unsupported_office' } };
  }
  const env = makeEnv(catalog, office, subject, asOf, options);
  const assessed = termAssessment(subject.status, Boolean(subject.registration_date ?? subject.expiry_date ?? subject.last_renewal_date));
  const items: DeadlineItem[] = [];
  const unsupportedRules: UnsupportedDeadlineRule[] = [];
  let expiry: IsoDateString | null = null;
  let term: DerivedTerm = NOT_APPLICABLE;
  let current: CurrentTerm | null = null;

  const termRule = office.rules.find((r) => r.kind === 'term' && r.applies_to.includes(subject.kind));
  if (termRule && assessed !== 'none') {
    const { term: t, anchorField } = termOf(termRule, env, options.useOfficeExpiry !== false);
    if (!t) unsupportedRules.push(unsupported(termRule, 'requires_office_date', anchorField));
    else {
      const r = termResult(termRule, env, t, assessed);
      current = t;
      expiry = t.termEnd;
      term = r.state;
      items.push(...r.items);
    }
  }
  if (subject.kind === 'madrid_designation' && assessed !== 'none') {
    const ir = madridRenewal(catalog, subject, asOf, options);
    if (ir) {
      expiry ??= ir.expiry;
      items.push(...ir.items);
      unsupportedRules.push(...ir.unsupported);
    }
  }
  // Declarations and Office actions only run on a live registration (or a designation, which has no term of its own).
  if (assessed === 'full' && (term.state !== 'not_applicable' || subject.kind === 'madrid_designation')) {
    const occ = occurrenceItems(office, env, termRule, current);
    items.push(...occ.items);
    unsupportedRules.push(...occ.unsupportedRules);
    const oaRule = office.rules.find((r) => r.kind === 'oa_response');
    if (oaRule && subject.office_actions.length) items.push(...officeActionItems(oaRule, env, periodLocator(office, env, termRule)));
  }
  unsupportedRules.push(...officeLegRules(catalog, subject));

  const kept = options.includeMissed === false ? items.filter((i) => i.state !== 'missed') : items;
  return {
    as_of_date: asOf,
    expiry_date: expiry,
    term,
    deadlines: { items: kept.sort(byDueDate), unsupported: unsupportedRules },
    opposition_window: oppositionWindow(office.rules.find((r) => r.kind === 'opposition'), env),
  };
};

// Per-office rules beyond the worked cases: state boundaries of every office's renewal (the day
// before and after each window, grace end and restoration end), old-law terms, end-of-month
// regimes, Feb 29, Madrid, US declarations, split fees and Office actions.
import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/core/dates.js';
import type { Derived } from '../../src/core/schemas/derived.js';
import type { TrademarkRecord } from '../../src/core/schemas/trademark.js';
import { computeDerived } from '../../src/deadlines/derive.js';
import { deriveSubject } from '../../src/deadlines/engine.js';
import { DeadlineSubjectInput, type DeadlineSubjectInput as SubjectIn } from '../../src/deadlines/subject.js';

const derive = (s: SubjectIn, asOf: string, settings?: Record<string, string>): Derived =>
  deriveSubject(DeadlineSubjectInput.parse({ status: 'registered', ...s }), asOf, { settings });

const row = (d: Derived, ruleId: string, type?: string) => d.deadlines.items.find((i) => i.rule_id === ruleId && (!type || i.type === type));

interface Boundary {
  office: string;
  rule: string;
  subject: SubjectIn;
  opens: string;
  due: string;
  grace: string | null;
  restoration: string | null;
}

// Every term ends on Wednesday 2030-06-12, a business day at every office.
const T = '2030-06-12';
const BOUNDARIES: Boundary[] = [
  { office: 'US', rule: 'us_renewal', subject: { office_code: 'US', registration_date: '2020-06-12' }, opens: '2029-06-12', due: T, grace: '2030-12-12', restoration: null },
  { office: 'EM', rule: 'em_renewal', subject: { office_code: 'EM', filing_date: '2020-06-12' }, opens: '2029-12-12', due: T, grace: '2030-12-12', restoration: '2031-06-12' },
  { office: 'WO', rule: 'wo_international_renewal', subject: { office_code: 'WO', kind: 'international_registration', ir_date: '2020-06-12' }, opens: '2029-12-12', due: T, grace: '2030-12-12', restoration: null },
  { office: 'GB', rule: 'gb_renewal', subject: { office_code: 'GB', filing_date: '2020-06-12' }, opens: '2029-12-12', due: T, grace: '2030-12-12', restoration: '2031-06-12' },
  { office: 'CA', rule: 'ca_renewal', subject: { office_code: 'CA', registration_date: '2020-06-12' }, opens: '2029-12-12', due: T, grace: '2030-12-12', restoration: null },
  { office: 'AU', rule: 'au_renewal', subject: { office_code: 'AU', filing_date: '2020-06-12' }, opens: '2029-06-12', due: T, grace: '2030-12-12', restoration: null },
  { office: 'NZ', rule: 'nz_renewal', subject: { office_code: 'NZ', filing_date: '2020-06-12' }, opens: '2029-06-12', due: T, grace: '2030-12-12', restoration: null },
  { office: 'CH', rule: 'ch_renewal', subject: { office_code: 'CH', filing_date: '2020-06-12' }, opens: '2029-06-12', due: T, grace: '2030-12-12', restoration: null },
  { office: 'BX', rule: 'bx_renewal', subject: { office_code: 'BX', filing_date: '2020-06-12' }, opens: '2029-12-12', due: T, grace: '2030-12-12', restoration: null },
  { office: 'JP', rule: 'jp_renewal', subject: { office_code: 'JP', registration_date: '2020-06-12' }, opens: '2029-12-13', due: T, grace: '2030-12-12', restoration: '2031-06-12' },
  { office: 'KR', rule: 'kr_renewal', subject: { office_code: 'KR', registration_date: '2020-06-12' }, opens: '2029-06-12', due: T, grace: '2030-12-12', restoration: null },
  { office: 'CN', rule: 'cn_renewal', subject: { office_code: 'CN', registration_date: '2020-06-13' }, opens: '2029-06-12', due: T, grace: '2030-12-12', restoration: null },
  { office: 'MX', rule: 'mx_renewal', subject: { office_code: 'MX', registration_date: '2020-06-12' }, opens: '2029-12-12', due: T, grace: '2030-12-12', restoration: null },
  { office: 'BR', rule: 'br_renewal', subject: { office_code: 'BR', registration_date: '2020-06-12' }, opens: '2029-06-12', due: T, grace: '2030-12-12', restoration: null },
  { office: 'DE', rule: 'de_renewal', subject: { office_code: 'DE', filing_date: '2020-06-12', registration_date: '2020-09-01' }, opens: '2029-12-12', due: T, grace: '2030-12-12', restoration: '2031-12-12' },
  { office: 'FR', rule: 'fr_renewal', subject: { office_code: 'FR', filing_date: '2020-06-12' }, opens: '2029-06-12', due: T, grace: '2030-12-12', restoration: '2031-12-12' },
  { office: 'IN', rule: 'in_renewal', subject: { office_code: 'IN', filing_date: '2020-06-12' }, opens: '2029-06-12', due: T, grace: '2030-12-12', restoration: '2031-06-12' },
  { office: 'SG', rule: 'sg_renewal', subject: { office_code: 'SG', filing_date: '2020-06-12' }, opens: '2029-12-12', due: T, grace: '2030-12-12', restoration: '2031-06-12' },
];

describe('renewal boundaries per office (day before and after each window, grace end, restoration end)', () => {
  it.each(BOUNDARIES.map((b) => [b.office, b] as const))('%s', (_office, b) => {
    const at = (asOf: string) => {
      const d = derive(b.subject, asOf);
      const item = row(d, b.rule);
      return { term: d.term.state, d, item: item! };
    };
    const first = at(addDays(b.opens, -1));
    expect(first.d.expiry_date).toBe(T);
    expect(first.item).toMatchObject({ window_opens_date: b.opens, due_date: b.due, unrolled_due_date: b.due, grace_expiry_date: b.grace, roll_reason: null });
    expect(first.d.term).toMatchObject({ grace_expiry_date: b.grace, restoration_expiry_date: b.restoration, renewed: false });
    expect([first.term, first.item.state]).toEqual(['in_term', 'not_open']);
    expect(at(b.opens).item.state).toBe('open');
    expect([at(b.due).term, at(b.due).item.state]).toEqual(['in_term', 'open']);
    const lastDay = b.grace ?? b.due;
    if (b.grace) {
      expect([at(addDays(b.due, 1)).term, at(addDays(b.due, 1)).item.state]).toEqual(['in_grace', 'in_grace']);
      expect(at(b.grace).term).toBe('in_grace');
    }
    const after = at(addDays(lastDay, 1));
    if (b.restoration) {
      expect(after.term).toBe('in_restoration');
      expect(after.item.state).toBe('missed');
      expect(row(after.d, b.rule, 'restoration')).toMatchObject({ due_date: b.restoration, state: 'open', occurrence_key: `${b.rule}:1:restoration` });
      expect(at(b.restoration).term).toBe('in_restoration');
      const gone = at(addDays(b.restoration, 1));
      expect(gone.term).toBe('renewal_not_on_record');
      expect(row(gone.d, b.rule, 'restoration')?.state).toBe('missed');
    } else {
      expect(after.term).toBe('renewal_not_on_record');
      expect(after.item.state).toBe('missed');
    }
  });
});

describe('rolls carry their reasons', () => {
  const due = (s: SubjectIn, asOf: string, rule: string) => row(derive(s, asOf), rule)!;

  it('JP: the 29 Dec – 3 Jan closure and the weekend after it', () => {
    const r = due({ office_code: 'JP', registration_date: '2020-12-30' }, '2030-01-01', 'jp_renewal');
    expect(r.due_date).toBe('2031-01-06');
    expect(r.roll_reason?.skipped.map((s) => s.date)).toEqual(['2030-12-30', '2030-12-31', '2031-01-01', '2031-01-02', '2031-01-03', '2031-01-04', '2031-01-05']);
    expect(r.roll_reason?.skipped[0]?.reason).toMatch(/^office closure: year-end closure/);
    expect(r.roll_reason?.skipped.at(-1)?.reason).toBe('Sunday');
  });

  it('KR: Labor Day (1 May) is not a business day for KIPO', () => {
    const r = due({ office_code: 'KR', registration_date: '2021-05-01' }, '2030-06-01', 'kr_renewal');
    expect(r).toMatchObject({ unrolled_due_date: '2031-05-01', due_date: '2031-05-02' });
    expect(r.roll_reason?.skipped).toEqual([{ date: '2031-05-01', reason: 'office closure: Labor Day (Patent Act Art 14(4))' }]);
  });

  it('US: presidential closure orders and federal holidays', () => {
    const r = due({ office_code: 'US', registration_date: '2014-12-24' }, '2024-06-01', 'us_renewal');
    expect(r.due_date).toBe('2024-12-26');
    expect(r.roll_reason?.skipped.map((s) => s.reason)).toEqual(['office closure: Christmas Eve closure by presidential order', 'public holiday: Christmas Day']);
    const inauguration = due({ office_code: 'US', registration_date: '2015-01-20' }, '2024-06-01', 'us_renewal');
    expect(inauguration.due_date).toBe('2025-01-21');
  });

  it('CN: the State Council holiday table, make-up working days and group holidays that are not closures', () => {
    expect(due({ office_code: 'CN', registration_date: '2010-10-07' }, '2020-01-01', 'cn_renewal')).toMatchObject({ unrolled_due_date: '2020-10-06', due_date: '2020-10-09' });
    // Sunday 2025-09-28 was a make-up working day.
    expect(due({ office_code: 'CN', registration_date: '2015-09-29' }, '2025-01-01', 'cn_renewal')).toMatchObject({ due_date: '2025-09-28', roll_reason: null });
    // 8 March is a half-day for women only, not a CNIPA closure.
    expect(due({ office_code: 'CN', registration_date: '2019-03-09' }, '2028-06-01', 'cn_renewal')).toMatchObject({ due_date: '2029-03-08', roll_reason: null });
  });

  it('GB: Good Friday and Easter Monday (England & Wales bank holidays)', () => {
    const r = due({ office_code: 'GB', filing_date: '2015-04-03' }, '2025-01-01', 'gb_renewal');
    expect(r.due_date).toBe('2025-04-03');
    expect(due({ office_code: 'GB', filing_date: '2016-04-18' }, '2025-01-01', 'gb_renewal')).toMatchObject({ due_date: '2026-04-20' });
  });

  it('only the last day moves: grace counts from the unrolled term end', () => {
    const d = derive({ office_code: 'US', registration_date: '2016-05-17' }, '2026-01-01');
    expect(row(d, 'us_renewal')).toMatchObject({ unrolled_due_date: '2026-05-17', due_date: '2026-05-18', grace_expiry_date: '2026-11-17' });
  });
});

describe('Feb 29 and end-of-month regimes', () => {
  it('Feb 29 anchors end on Feb 28 (A) and Feb 28 (CN, C)', () => {
    expect(derive({ office_code: 'US', registration_date: '2016-02-29' }, '2025-06-01').expiry_date).toBe('2026-02-28');
    expect(row(derive({ office_code: 'US', registration_date: '2016-02-29' }, '2025-06-01'), 'us_renewal')?.due_date).toBe('2026-03-02');
    expect(derive({ office_code: 'EM', filing_date: '2016-02-29' }, '2025-06-01').expiry_date).toBe('2026-02-28');
    expect(derive({ office_code: 'CN', registration_date: '2016-02-29' }, '2025-06-01').expiry_date).toBe('2026-02-28');
    expect(derive({ office_code: 'CN', registration_date: '2016-02-28' }, '2025-06-01').expiry_date).toBe('2026-02-27');
    expect(derive({ office_code: 'US', registration_date: '2016-02-29', last_renewal_date: '2026-01-15' }, '2026-06-01').expiry_date).toBe('2036-02-29');
  });

  it('EUIPO before 2016-03-23: the deadline is the last day of the expiry month, grace keeps month end', () => {
    const d = derive({ office_code: 'EM', filing_date: '2005-03-03' }, '2015-03-20');
    expect(d.expiry_date).toBe('2015-03-03');
    expect(row(d, 'em_renewal')).toMatchObject({ unrolled_due_date: '2015-03-31', due_date: '2015-03-31', window_opens_date: '2014-09-30', grace_expiry_date: '2015-09-30' });
    expect(derive({ office_code: 'EM', filing_date: '2005-03-03' }, '2015-03-25').term.state).toBe('in_term');
    // Expiry on or after 2016-03-23: the exact date; the ALT reading keeps month end until 2016-09-23.
    expect(row(derive({ office_code: 'EM', filing_date: '2006-05-10' }, '2016-01-01'), 'em_renewal')?.unrolled_due_date).toBe('2016-05-10');
    expect(row(derive({ office_code: 'EM', filing_date: '2006-05-10' }, '2016-01-01', { em_eom_transition: 'window_start' }), 'em_renewal')?.unrolled_due_date).toBe('2016-05-31');
  });

  it('DPMA registrations up to 2019-01-13: the term ends at the end of the anniversary month', () => {
    const d = derive({ office_code: 'DE', filing_date: '2014-07-05', registration_date: '2014-10-01' }, '2024-07-10');
    expect(d.expiry_date).toBe('2024-07-31');
    expect(row(d, 'de_renewal')).toMatchObject({ window_opens_date: '2024-01-31', grace_expiry_date: '2025-01-31' });
  });

  it('INPI France before the 2019 reform: 6 months ending at month end, grace from it', () => {
    const d = derive({ office_code: 'FR', filing_date: '2010-09-15' }, '2020-06-01');
    expect(row(d, 'fr_renewal')).toMatchObject({ window_opens_date: '2020-03-31', due_date: '2020-09-30', grace_expiry_date: '2021-03-31' });
    expect(row(derive({ office_code: 'FR', filing_date: '2016-09-15' }, '2026-01-01', { fr_grace_count: 'from_day_after' }), 'fr_renewal')?.grace_expiry_date).toBe('2027-03-16');
  });
});

describe('old-law terms and renewals counted from the old term end', () => {
  it('US: 20-year terms before 1989-11-16 (TMEP 1604.04(b) example)', () => {
    const d = derive({ office_code: 'US', registration_date: '1989-11-15' }, '2009-01-01');
    expect(d.expiry_date).toBe('2009-11-15');
    expect(row(d, 'us_renewal')?.window_opens_date).toBe('2008-11-15');
    expect(derive({ office_code: 'US', registration_date: '1989-11-16' }, '1999-01-01').expiry_date).toBe('1999-11-16');
    // 1919 → 1939 → 1959 → 1979 → 1999 (20-year renewals), then 10-year: 2009, 2019, 2029.
    expect(derive({ office_code: 'US', registration_date: '1919-01-14', last_renewal_date: '2019-01-14' }, '2020-01-01').expiry_date).toBe('2029-01-14');
    expect(derive({ office_code: 'US', registration_date: '1919-01-14', filings: [{ type: 'renewal', date: '1999-06-24' }] }, '2000-01-01').expiry_date).toBe('2009-01-14');
  });

  it('CA: 15-year terms before 2019-06-17, then 10 unless the 15 years ran out before it', () => {
    expect(derive({ office_code: 'CA', registration_date: '2005-03-01', last_renewal_date: '2020-02-01' }, '2021-01-01').expiry_date).toBe('2030-03-01');
    expect(derive({ office_code: 'CA', registration_date: '2000-01-10', last_renewal_date: '2015-02-01' }, '2021-01-01').expiry_date).toBe('2030-01-10');
    expect(derive({ office_code: 'CA', registration_date: '2005-03-01' }, '2019-01-01').expiry_date).toBe('2020-03-01');
  });

  it('GB 1938 Act and NZ 1953 Act: 7-year first terms and 14-year renewals', () => {
    expect(derive({ office_code: 'GB', filing_date: '1980-01-10', last_renewal_date: '2001-01-05' }, '2005-01-01').expiry_date).toBe('2011-01-10');
    expect(derive({ office_code: 'GB', filing_date: '1990-01-10' }, '1996-01-01').expiry_date).toBe('1997-01-10');
    expect(derive({ office_code: 'NZ', filing_date: '1990-05-01', last_renewal_date: '2011-04-01' }, '2015-01-01').expiry_date).toBe('2021-05-01');
  });

  it('an early renewal never moves the new term (EUTMR Art 53; CN Art 40)', () => {
    const d = derive({ office_code: 'EM', filing_date: '2014-11-20', last_renewal_date: '2024-05-21' }, '2025-01-01');
    expect(d.expiry_date).toBe('2034-11-20');
    expect(d.term.renewed).toBe(true);
  });

  it('an office-stated expiry on the ladder pays earlier cycles; one off the ladder is trusted and keyed on its date', () => {
    const on = derive({ office_code: 'EM', filing_date: '1996-06-19', expiry_date: '2026-06-19' }, '2025-01-01');
    expect(row(on, 'em_renewal')?.occurrence_key).toBe('em_renewal:3');
    expect(on.term.renewed).toBe(true);
    const off = derive({ office_code: 'EM', filing_date: '1996-06-19', expiry_date: '2026-07-01' }, '2025-01-01');
    expect(off.expiry_date).toBe('2026-07-01');
    expect(row(off, 'em_renewal')?.occurrence_key).toBe('em_renewal:t20260701-1');
  });
});

describe('Madrid', () => {
  it('a designation has no national renewal; the international renewal follows the IR date', () => {
    const d = derive({ office_code: 'EM', kind: 'madrid_designation', ir_date: '2016-02-29', protection_effective_date: '2020-05-05' }, '2025-10-01');
    expect(d.term.state).toBe('not_applicable');
    expect(d.expiry_date).toBe('2026-02-28');
    expect(d.deadlines.items.map((i) => i.rule_id)).toEqual(['wo_international_renewal']);
  });

  it('a designation without IR date or published expiry says the international renewal needs the IR date', () => {
    const d = derive({ office_code: 'US', kind: 'madrid_designation', registration_date: '2018-06-12' }, '2024-07-01');
    expect(d.expiry_date).toBeNull();
    expect(d.deadlines.unsupported).toContainEqual({ rule_id: 'wo_international_renewal', reason: 'requires_office_date', missing_field: 'ir_date', consequence_if_missed: 'lapse_of_international_registration' });
    expect(row(d, 'us_s71_6yr')?.due_date).toBe('2024-06-12');
  });

  it('an international registration designating the US lists §71 as computed on the office leg', () => {
    const d = derive({ office_code: 'WO', kind: 'international_registration', ir_date: '2017-02-10', designations: ['US', 'JP'] }, '2024-07-01');
    expect(d.deadlines.unsupported).toEqual([
      { rule_id: 'us_s71_6yr', reason: 'computed_on_office_leg', missing_field: 'protection_grant_date', consequence_if_missed: 'cancellation_of_extension_of_protection' },
      { rule_id: 'us_s71_10yr', reason: 'computed_on_office_leg', missing_field: 'protection_grant_date', consequence_if_missed: 'cancellation_of_extension_of_protection' },
    ]);
    expect(d.opposition_window).toEqual({ supported: false, reason: 'unsupported_office' });
  });

  it('§71 moves to the next 10-year declaration once the 6-year one is on record', () => {
    const d = derive({ office_code: 'US', kind: 'madrid_designation', ir_date: '2017-02-10', registration_date: '2018-06-12', filings: [{ type: 'declaration_of_use', date: '2024-05-01' }] }, '2024-07-01');
    expect(row(d, 'us_s71_6yr')).toBeUndefined();
    expect(row(d, 'us_s71_10yr')).toMatchObject({ occurrence_key: 'us_s71_10yr:1', due_date: '2028-06-12' });
  });

  it('opposition windows of designations start later (EU: +1 month; CH: 1st of the next month)', () => {
    const em = derive({ office_code: 'EM', kind: 'madrid_designation', status: 'pending', publication_date: '2025-01-15' }, '2025-01-20').opposition_window;
    expect(em).toMatchObject({ supported: true, opens_date: '2025-02-15', closes_date: '2025-05-15', state: 'not_open' });
    const ch = derive({ office_code: 'CH', kind: 'madrid_designation', registration_date: '2025-05-01', publication_date: '2025-05-14' }, '2025-06-01').opposition_window;
    expect(ch).toMatchObject({ supported: true, opens_date: '2025-06-01', unrolled_closes_date: '2025-08-31', closes_date: '2025-09-01' });
  });
});

describe('US declarations', () => {
  it('§8 missed is listed as missed, and a renewal of the first term shows it was filed', () => {
    const d = derive({ office_code: 'US', registration_date: '2010-04-02' }, '2026-11-22');
    expect(row(d, 'us_s8_6yr')).toMatchObject({ state: 'missed', grace_expiry_date: '2016-10-03' });
    const renewed = derive({ office_code: 'US', registration_date: '2010-04-02', last_renewal_date: '2020-03-01' }, '2026-11-22');
    expect(row(renewed, 'us_s8_6yr')).toBeUndefined();
    const dropped = deriveSubject(DeadlineSubjectInput.parse({ office_code: 'US', status: 'registered', registration_date: '2010-04-02' }), '2026-11-22', { includeMissed: false });
    expect(dropped.deadlines.items.some((i) => i.state === 'missed')).toBe(false);
  });

  it('§15 is never due, and not offered when on record, incontestable or supplemental', () => {
    expect(row(derive({ office_code: 'US', registration_date: '2015-01-01' }, '2026-01-01'), 'us_s15')).toMatchObject({ state: 'available', due_date: null });
    expect(row(derive({ office_code: 'US', registration_date: '2015-01-01', incontestable: true }, '2026-01-01'), 'us_s15')).toBeUndefined();
    expect(row(derive({ office_code: 'US', registration_date: '2015-01-01', register_type: 'supplemental' }, '2026-01-01'), 'us_s15')).toBeUndefined();
    expect(row(derive({ office_code: 'US', registration_date: '2015-01-01', filings: [{ type: 'declaration_of_incontestability', date: '2021-01-05' }] }, '2026-01-01'), 'us_s15')).toBeUndefined();
  });

  it('post-registration Office action: 6 months when later than the period end; the 3-month setting; answered actions drop', () => {
    const late = derive({ office_code: 'US', registration_date: '2018-09-18', filings: [{ type: 'declaration_of_use', date: '2024-08-01' }], office_actions: [{ date: '2024-09-10', code: 'PRA8' }] }, '2024-10-01');
    expect(row(late, 'us_post_reg_oa_response')?.due_date).toBe('2025-03-10');
    const three = derive({ office_code: 'US', registration_date: '2018-09-18', office_actions: [{ date: '2024-09-10', code: 'PRA8' }] }, '2024-10-01', { us_post_reg_oa_period: '3_months' });
    expect(row(three, 'us_post_reg_oa_response')?.due_date).toBe('2024-12-10');
    const answered = derive({ office_code: 'US', registration_date: '2018-09-18', office_actions: [{ date: '2024-09-10', code: 'PRA8' }], filings: [{ type: 'oa_response', date: '2024-11-01' }] }, '2024-12-01');
    expect(row(answered, 'us_post_reg_oa_response')).toBeUndefined();
  });
});

describe('split fees', () => {
  it('JP: no row unless the fee was split; none once the second half is paid', () => {
    expect(row(derive({ office_code: 'JP', registration_date: '2021-06-01' }, '2026-03-01'), 'jp_second_half_fee')).toBeUndefined();
    expect(row(derive({ office_code: 'JP', registration_date: '2021-06-01', split_fee: true, filings: [{ type: 'fee_installment', date: '2026-05-01' }] }, '2026-06-15'), 'jp_second_half_fee')).toBeUndefined();
    const missed = row(derive({ office_code: 'JP', registration_date: '2021-06-01', split_fee: true }, '2026-12-02'), 'jp_second_half_fee');
    expect(missed).toMatchObject({ state: 'missed', consequence_if_missed: 'retroactive_lapse_of_right' });
  });

  it('KR: second installment five years into the term', () => {
    expect(row(derive({ office_code: 'KR', registration_date: '2020-05-01', split_fee: true }, '2025-03-01'), 'kr_second_installment')).toMatchObject({ due_date: '2025-05-02', state: 'open' });
  });

  it('JP window start setting: INPIT (day after) by default, exam key as the alternative', () => {
    expect(row(derive({ office_code: 'JP', registration_date: '2020-04-10' }, '2029-01-01'), 'jp_renewal')?.window_opens_date).toBe('2029-10-11');
    expect(row(derive({ office_code: 'JP', registration_date: '2020-04-10' }, '2029-01-01', { jp_window_start: 'exam_key' }), 'jp_renewal')?.window_opens_date).toBe('2029-10-10');
  });
});

describe('opposition windows per office', () => {
  const cases: [string, SubjectIn, string, string, string | null][] = [
    ['US 30 days, 180-day maximum', { office_code: 'US', status: 'pending', publication_date: '2025-06-03' }, '2025-07-03', '2025-07-03', '2025-12-01'],
    ['EM 3 months (B)', { office_code: 'EM', status: 'pending', publication_date: '2025-01-31' }, '2025-04-30', '2025-04-30', null],
    ['GB 2 months beginning with', { office_code: 'GB', status: 'pending', publication_date: '2025-10-24' }, '2025-12-23', '2025-12-23', '2026-01-23'],
    ['CA 2 months, benchmark extension', { office_code: 'CA', status: 'pending', publication_date: '2025-01-15' }, '2025-03-15', '2025-03-17', '2025-05-15'],
    ['CA before 2023-12-01: 4-month benchmark', { office_code: 'CA', status: 'pending', publication_date: '2023-06-14' }, '2023-08-14', '2023-08-14', '2023-12-14'],
    ['AU 2 months', { office_code: 'AU', status: 'pending', publication_date: '2025-03-13' }, '2025-05-13', '2025-05-13', null],
    ['NZ 3 months, up to 5', { office_code: 'NZ', status: 'pending', publication_date: '2025-03-13' }, '2025-06-13', '2025-06-13', '2025-08-13'],
    ['CH 3 months from the registration publication', { office_code: 'CH', registration_date: '2025-05-14', publication_date: '2025-05-14' }, '2025-08-14', '2025-08-14', null],
    ['BX 2 months', { office_code: 'BX', status: 'pending', publication_date: '2025-03-13' }, '2025-05-13', '2025-05-13', null],
    ['JP 2 months from the registration gazette', { office_code: 'JP', registration_date: '2025-03-01', publication_date: '2025-03-13' }, '2025-05-13', '2025-05-13', null],
    ['KR 30 days from 2025-07-22', { office_code: 'KR', status: 'pending', publication_date: '2025-08-01' }, '2025-08-31', '2025-09-01', null],
    ['CN 3 months', { office_code: 'CN', status: 'pending', publication_date: '2023-12-06' }, '2024-03-06', '2024-03-06', null],
    ['MX 1 month', { office_code: 'MX', status: 'pending', publication_date: '2025-03-13' }, '2025-04-13', '2025-04-14', null],
    ['BR 60 days from the next business day', { office_code: 'BR', status: 'pending', publication_date: '2025-03-11' }, '2025-05-10', '2025-05-12', null],
    ['DE 3 months from the registration publication', { office_code: 'DE', registration_date: '2025-03-01', publication_date: '2025-03-13' }, '2025-06-13', '2025-06-13', null],
    ['FR 2 months', { office_code: 'FR', status: 'pending', publication_date: '2025-03-13' }, '2025-05-13', '2025-05-13', null],
    ['IN 4 months', { office_code: 'IN', status: 'pending', publication_date: '2025-03-13' }, '2025-07-13', '2025-07-14', null],
    ['SG 2 months, up to 4', { office_code: 'SG', status: 'pending', publication_date: '2025-03-13' }, '2025-05-13', '2025-05-13', '2025-07-14'],
  ];
  it.each(cases)('%s', (_name, subject, unrolled, closes, extendable) => {
    const w = derive(subject, '2023-01-01').opposition_window;
    expect(w).toMatchObject({ supported: true, unrolled_closes_date: unrolled, closes_date: closes, extendable_to: extendable, state: 'not_open' });
  });

  it('states not_open, open on the last day, closed the day after', () => {
    const s = { office_code: 'US', status: 'pending', publication_date: '2025-06-03' };
    expect(derive(s, '2025-06-02').opposition_window).toMatchObject({ state: 'not_open' });
    expect(derive(s, '2025-07-03').opposition_window).toMatchObject({ state: 'open' });
    expect(derive(s, '2025-07-04').opposition_window).toMatchObject({ state: 'closed' });
  });

  it('gives the reason when no window can be computed', () => {
    expect(derive({ office_code: 'US', status: 'pending' }, '2025-01-01').opposition_window).toEqual({ supported: false, reason: 'requires_office_date' });
    expect(derive({ office_code: 'JP', status: 'pending', publication_date: '2025-01-01' }, '2025-01-10').opposition_window).toEqual({ supported: false, reason: 'publication_date_kind_mismatch' });
    expect(derive({ office_code: 'DE', registration_date: '2025-03-01', publication_date: '2024-11-01' }, '2025-03-10').opposition_window).toEqual({ supported: false, reason: 'publication_date_kind_mismatch' });
    expect(derive({ office_code: 'US', status: 'abandoned', publication_date: '2025-01-01' }, '2025-01-10').opposition_window).toEqual({ supported: false, reason: 'stage_not_opposable' });
    expect(derive({ office_code: 'ZZ', publication_date: '2025-01-01' }, '2025-01-10').opposition_window).toEqual({ supported: false, reason: 'unsupported_office' });
  });
});

describe('term states by status and missing data', () => {
  it('pending, dead and unknown marks have no term; a cancelled one only while restorable', () => {
    expect(derive({ office_code: 'EM', status: 'pending', filing_date: '2020-06-12' }, '2025-01-01').term.state).toBe('not_applicable');
    expect(derive({ office_code: 'EM', status: 'abandoned', filing_date: '2010-06-12' }, '2025-01-01').term.state).toBe('not_applicable');
    expect(derive({ office_code: 'EM', status: 'unknown', filing_date: '2010-06-12' }, '2025-01-01').term.state).toBe('not_applicable');
    expect(derive({ office_code: 'EM', status: 'cancelled', filing_date: '2015-06-12' }, '2026-01-01').term.state).toBe('in_restoration');
    expect(derive({ office_code: 'EM', status: 'cancelled', filing_date: '2015-06-12' }, '2025-01-01').term.state).toBe('not_applicable');
    expect(derive({ office_code: 'EM', status: 'expired', filing_date: '2015-06-12' }, '2025-07-01').term.state).toBe('in_grace');
  });

  it('reports a rule it cannot run for want of its anchor date', () => {
    const d = derive({ office_code: 'US' }, '2025-01-01');
    expect(d.term.state).toBe('not_applicable');
    expect(d.deadlines.unsupported).toEqual([{ rule_id: 'us_renewal', reason: 'requires_office_date', missing_field: 'registration_date', consequence_if_missed: 'cancellation_of_registration' }]);
  });

  it('never lists a paid cycle: only the current cycle of a renewed mark appears, even when missed', () => {
    const d = derive({ office_code: 'EM', filing_date: '2014-11-20', last_renewal_date: '2024-07-01' }, '2035-08-01');
    expect(d.deadlines.items.map((i) => `${i.occurrence_key}:${i.state}`)).toEqual(['em_renewal:2:missed', 'em_renewal:2:restoration:open']);
  });
});

describe('bad dates', () => {
  it('refuses an impossible date on compute input', () => {
    expect(DeadlineSubjectInput.safeParse({ office_code: 'US', registration_date: '2019-02-30' }).success).toBe(false);
  });

  it('treats an impossible stored date as missing instead of failing the row', () => {
    const record = {
      id: 'tm_bad', office_code: 'US', application_number: '1', registration_number: null, mark_text: 'X', ir_number: null,
      status: { primary: 'active', stage: 'registered', reason: null, challenges: [], effective_date: null, basis: 'office', raw: null },
      register: null, filing_date: '2010-02-30', registration_date: '2011-13-01', publication_date: null, expiry_date: null,
      renewal_due_date: null, last_renewal_date: null, priority_date: null, protection_effective_date: null, ir_date: null,
      designations: [], owners: [], events: [{ date: '2015-02-31', office_code: 'US', raw: { code: '8.AF', label: null }, description: null }],
    } as unknown as TrademarkRecord;
    const d = computeDerived(record, '2025-01-01');
    expect(d.term.state).toBe('not_applicable');
    expect(d.deadlines.unsupported[0]).toMatchObject({ rule_id: 'us_renewal', reason: 'requires_office_date' });
  });
});

describe('marks the office shows as expired (issue 14, point 5)', () => {
  it('an inactive registered mark is assessed through its grace, and not after its last window', () => {
    // US: T 2015-03-02 + 10 y = 2025-03-02 (Sun); 6 months' grace, no restoration.
    const us = (asOf: string) => derive({ office_code: 'US', status: 'inactive', registration_date: '2015-03-02' }, asOf);
    expect(us('2025-06-01').term).toMatchObject({ state: 'in_grace', grace_expiry_date: '2025-09-02' });
    expect(row(us('2025-06-01'), 'us_renewal')?.state).toBe('in_grace');
    expect(us('2026-01-01').term.state).toBe('not_applicable');
    expect(us('2026-01-01').deadlines.items).toEqual([]);
  });

  it('an expired EU mark is assessed through restoration (Art 104: within a year of expiry)', () => {
    const em = derive({ office_code: 'EM', status: { primary: 'inactive', stage: 'expired' }, filing_date: '2015-06-12', registration_date: '2015-10-01' }, '2026-01-15');
    expect(em.term.state).toBe('in_restoration');
    expect(em.term.restoration_expiry_date).toBe('2026-06-12');
  });

  it('an application that died unregistered has no term, whatever its dates', () => {
    expect(derive({ office_code: 'US', status: { primary: 'inactive', stage: 'abandoned' }, registration_date: '2015-03-02' }, '2025-06-01').term.state).toBe('not_applicable');
    expect(derive({ office_code: 'EM', status: 'inactive', filing_date: '2015-06-12' }, '2025-07-01').term.state).toBe('not_applicable');
  });
});

describe('NZ: the regulations in force on the renewal date decide (issue 14, point 5)', () => {
  // Term 2009-06-01 + 10 y = 2019-06-01 (Sat), before 2020-01-13: no grace, restoration within 12 months (reg 134 as it then stood).
  const old = (asOf: string) => derive({ office_code: 'NZ', filing_date: '2009-06-01' }, asOf);

  it('a term that ended before 2020-01-13 goes straight from term to restoration', () => {
    const d = old('2019-08-01');
    expect(d.expiry_date).toBe('2019-06-01');
    expect(d.term).toMatchObject({ state: 'in_restoration', grace_expiry_date: null });
    expect(d.term.restoration_expiry_date! >= '2020-06-01').toBe(true);
    expect(row(d, 'nz_renewal', 'renewal')).toMatchObject({ grace_expiry_date: null, state: 'missed' });
    expect(row(d, 'nz_renewal', 'restoration')).toMatchObject({ unrolled_due_date: '2020-06-01', state: 'open' });
    expect(old('2020-07-01').term.state).toBe('renewal_not_on_record');
  });

  it('a term that ends on or after 2020-01-13 keeps the 6-month renewal grace and has no restoration', () => {
    const d = derive({ office_code: 'NZ', filing_date: '2010-01-13' }, '2020-03-01');
    expect(d.term).toMatchObject({ state: 'in_grace', grace_expiry_date: '2020-07-13', restoration_expiry_date: null });
  });
});

// Every worked case of deadline-cases.md, table-driven: the record, the as-of date and the
// expected term, rows and opposition window the reference computed by hand.
import { describe, expect, it } from 'vitest';
import { deriveSubject } from '../../src/deadlines/engine.js';
import { DeadlineSubjectInput, type DeadlineSubjectInput as SubjectIn } from '../../src/deadlines/subject.js';
import type { Derived } from '../../src/core/schemas/derived.js';

interface Case {
  id: string;
  asOf: string;
  subject: SubjectIn;
  settings?: Record<string, string>;
  check: (d: Derived) => void;
}

const item = (d: Derived, ruleId: string, type?: string) => {
  const found = d.deadlines.items.find((i) => i.rule_id === ruleId && (type === undefined || i.type === type));
  if (!found) throw new Error(`no ${ruleId} row in ${JSON.stringify(d.deadlines.items)}`);
  return found;
};

const opposition = (d: Derived) => {
  if (!d.opposition_window.supported) throw new Error(`opposition unsupported: ${d.opposition_window.reason}`);
  return d.opposition_window;
};

const CASES: Case[] = [
  {
    id: 'US-01 6th-year §8 in grace',
    asOf: '2025-06-15',
    subject: { office_code: 'US', status: 'registered', filing_date: '2017-11-06', publication_date: '2018-12-18', registration_date: '2019-04-02' },
    check: (d) => {
      expect(d.term.state).toBe('in_term');
      expect(d.expiry_date).toBe('2029-04-02');
      const s8 = item(d, 'us_s8_6yr');
      expect(s8).toMatchObject({ state: 'in_grace', window_opens_date: '2024-04-02', due_date: '2025-04-02', grace_expiry_date: '2025-10-02' });
      expect(item(d, 'us_renewal')).toMatchObject({ window_opens_date: '2028-04-02', due_date: '2029-04-02', grace_expiry_date: '2029-10-02', state: 'not_open' });
    },
  },
  {
    id: 'US-02 combined §§8 & 9 due on a Sunday',
    asOf: '2026-05-17',
    subject: {
      office_code: 'US', status: 'registered', filing_date: '2015-06-01', publication_date: '2016-03-01', registration_date: '2016-05-17',
      filings: [{ type: 'declaration_of_use', date: '2022-03-10' }],
    },
    check: (d) => {
      expect(d.term.state).toBe('in_term');
      expect(d.expiry_date).toBe('2026-05-17');
      const r = item(d, 'us_renewal');
      expect(r).toMatchObject({ type: 'combined_renewal_and_use', due_date: '2026-05-18', unrolled_due_date: '2026-05-17', window_opens_date: '2025-05-17', grace_expiry_date: '2026-11-17', state: 'open' });
      expect(r.roll_reason?.skipped).toEqual([{ date: '2026-05-17', reason: 'Sunday' }]);
      expect(d.term.grace_expiry_date).toBe('2026-11-17');
      expect(d.deadlines.items.some((i) => i.rule_id === 'us_s8_6yr')).toBe(false);
    },
  },
  {
    id: 'US-04 §66(a): §71 from the US certificate date',
    asOf: '2024-07-01',
    subject: {
      office_code: 'US', kind: 'madrid_designation', status: 'registered', ir_date: '2017-02-10', registration_date: '2018-06-12', publication_date: '2018-03-27',
    },
    check: (d) => {
      expect(d.term.state).toBe('not_applicable');
      expect(d.expiry_date).toBe('2027-02-10');
      expect(item(d, 'us_s71_6yr')).toMatchObject({ window_opens_date: '2023-06-12', due_date: '2024-06-12', grace_expiry_date: '2024-12-12', state: 'in_grace' });
      expect(item(d, 'us_s71_10yr')).toMatchObject({ window_opens_date: '2027-06-12', due_date: '2028-06-12', grace_expiry_date: '2028-12-12', state: 'not_open' });
      expect(item(d, 'wo_international_renewal')).toMatchObject({ type: 'international_renewal', due_date: '2027-02-10', grace_expiry_date: '2027-08-10', state: 'not_open' });
      expect(d.deadlines.items.some((i) => i.rule_id === 'us_renewal')).toBe(false);
    },
  },
  {
    id: 'US-05 §15 optional, not yet available',
    asOf: '2024-03-01',
    subject: { office_code: 'US', status: 'registered', registration_date: '2019-04-02' },
    check: (d) => {
      expect(d.term.state).toBe('in_term');
      expect(item(d, 'us_s15')).toMatchObject({ state: 'not_applicable', due_date: null, window_opens_date: '2024-04-02' });
      const later = deriveSubject(DeadlineSubjectInput.parse({ office_code: 'US', status: 'registered', registration_date: '2019-04-02' }), '2024-04-02');
      expect(item(later, 'us_s15')).toMatchObject({ state: 'available', due_date: null });
    },
  },
  {
    id: 'US-10 post-registration Office action: later of 6 months and the §8 period end',
    asOf: '2024-06-01',
    subject: {
      office_code: 'US', status: 'registered', registration_date: '2018-09-18',
      filings: [{ type: 'declaration_of_use', date: '2024-02-01' }], office_actions: [{ date: '2024-03-15', code: 'PRA8' }],
    },
    check: (d) => {
      expect(d.term.state).toBe('in_term');
      const oa = item(d, 'us_post_reg_oa_response');
      expect(oa).toMatchObject({ type: 'post_registration_oa_response', due_date: '2024-09-18', state: 'open', occurrence_key: 'us_post_reg_oa_response:2024-03-15:PRA8' });
      expect(d.deadlines.items.some((i) => i.rule_id === 'us_s8_6yr')).toBe(false);
    },
  },
  {
    id: 'US-12 opposition and extensions',
    asOf: '2025-06-03',
    subject: { office_code: 'US', status: 'published', filing_date: '2024-08-12', publication_date: '2025-06-03' },
    check: (d) => {
      expect(d.term.state).toBe('not_applicable');
      expect(opposition(d)).toMatchObject({ opens_date: '2025-06-03', closes_date: '2025-07-03', extendable_to: '2025-12-01', state: 'open' });
    },
  },
  {
    id: 'EM-01 expiry on a Saturday',
    asOf: '2025-03-16',
    subject: { office_code: 'EM', status: 'registered', filing_date: '2015-03-15', publication_date: '2015-04-20', registration_date: '2015-07-25' },
    check: (d) => {
      expect(d.term).toMatchObject({ state: 'in_term', grace_expiry_date: '2025-09-15', restoration_expiry_date: '2026-03-16', renewed: false });
      expect(d.expiry_date).toBe('2025-03-15');
      expect(item(d, 'em_renewal')).toMatchObject({ due_date: '2025-03-17', window_opens_date: '2024-09-15', state: 'open' });
    },
  },
  {
    id: 'EM-05 renewed early: the new term runs from the old term end',
    asOf: '2026-11-22',
    subject: { office_code: 'EM', status: 'registered', filing_date: '2014-11-20', registration_date: '2015-03-02', last_renewal_date: '2024-07-01' },
    check: (d) => {
      expect(d.expiry_date).toBe('2034-11-20');
      expect(d.term).toMatchObject({ state: 'in_term', renewed: true });
      expect(item(d, 'em_renewal')).toMatchObject({ occurrence_key: 'em_renewal:2', window_opens_date: '2034-05-20', due_date: '2034-11-20', grace_expiry_date: '2035-05-21' });
    },
  },
  {
    id: 'EM-07 opposition from a month-end publication',
    asOf: '2025-02-10',
    subject: { office_code: 'EM', status: 'published', filing_date: '2024-10-02', publication_date: '2025-01-31' },
    check: (d) => {
      expect(d.term.state).toBe('not_applicable');
      expect(opposition(d)).toMatchObject({ closes_date: '2025-04-30', state: 'open' });
    },
  },
  {
    id: 'WO-02 Feb 29 international registration',
    asOf: '2026-03-01',
    subject: { office_code: 'WO', kind: 'international_registration', status: 'registered', ir_date: '2016-02-29' },
    check: (d) => {
      expect(d.expiry_date).toBe('2026-02-28');
      expect(d.term.state).toBe('in_term');
      expect(item(d, 'wo_international_renewal')).toMatchObject({ due_date: '2026-03-02', grace_expiry_date: '2026-08-28', window_opens_date: '2025-08-28' });
    },
  },
  {
    id: 'GB-02 opposition "beginning with" publication',
    asOf: '2025-11-01',
    subject: { office_code: 'GB', status: 'published', filing_date: '2025-08-11', publication_date: '2025-10-24' },
    check: (d) => {
      expect(d.term.state).toBe('not_applicable');
      expect(opposition(d)).toMatchObject({ closes_date: '2025-12-23', extendable_to: '2026-01-23', state: 'open' });
    },
  },
  {
    id: 'CA-03 new-law 10-year term',
    asOf: '2026-11-22',
    subject: { office_code: 'CA', status: 'registered', filing_date: '2018-04-03', publication_date: '2019-10-02', registration_date: '2020-01-20' },
    check: (d) => {
      expect(d.expiry_date).toBe('2030-01-20');
      expect(d.term).toMatchObject({ state: 'in_term', grace_expiry_date: '2030-07-22' });
      expect(item(d, 'ca_renewal')).toMatchObject({ window_opens_date: '2029-07-20' });
    },
  },
  {
    id: 'AU-01 Aug 31 + 6 months = Feb 28',
    asOf: '2025-12-01',
    subject: { office_code: 'AU', status: 'registered', filing_date: '2015-08-31', registration_date: '2016-04-20' },
    check: (d) => {
      expect(d.expiry_date).toBe('2025-08-31');
      expect(d.term).toMatchObject({ state: 'in_grace', grace_expiry_date: '2026-03-02' });
      expect(item(d, 'au_renewal')).toMatchObject({ due_date: '2025-09-01', window_opens_date: '2024-08-31', state: 'in_grace' });
    },
  },
  {
    id: 'NZ-01 post-2020 regime',
    asOf: '2025-03-01',
    subject: { office_code: 'NZ', status: 'registered', filing_date: '2015-01-13', registration_date: '2015-08-01' },
    check: (d) => {
      expect(d.expiry_date).toBe('2025-01-13');
      expect(d.term).toMatchObject({ state: 'in_grace', grace_expiry_date: '2025-07-14', restoration_expiry_date: null });
      expect(item(d, 'nz_renewal').window_opens_date).toBe('2024-01-13');
    },
  },
  {
    id: 'CH-03 national post-registration opposition',
    asOf: '2025-06-01',
    subject: { office_code: 'CH', status: 'registered', filing_date: '2025-01-20', registration_date: '2025-05-14', publication_date: '2025-05-14' },
    check: (d) => {
      expect(d.term.state).toBe('in_term');
      expect(d.expiry_date).toBe('2035-01-20');
      expect(opposition(d)).toMatchObject({ closes_date: '2025-08-14', state: 'open', extendable_to: null });
    },
  },
  {
    id: 'JP-02 split payment: second half in its late period',
    asOf: '2026-11-22',
    subject: { office_code: 'JP', status: 'registered', filing_date: '2020-08-17', registration_date: '2021-06-01', split_fee: true },
    check: (d) => {
      expect(d.term.state).toBe('in_term');
      expect(d.expiry_date).toBe('2031-06-01');
      expect(item(d, 'jp_second_half_fee')).toMatchObject({ type: 'fee_installment', due_date: '2026-06-01', grace_expiry_date: '2026-12-01', state: 'in_grace', occurrence_key: 'jp_second_half_fee:t1-2' });
    },
  },
  {
    id: 'KR-02 published before 2025-07-22 (2-month period)',
    asOf: '2025-08-01',
    subject: { office_code: 'KR', status: 'published', publication_date: '2025-07-15' },
    check: (d) => {
      expect(opposition(d)).toMatchObject({ closes_date: '2025-09-15', state: 'open' });
    },
  },
  {
    id: 'CN-01 day-before-anniversary expiry',
    asOf: '2025-03-21',
    subject: { office_code: 'CN', status: 'registered', filing_date: '2014-01-08', publication_date: '2014-12-20', registration_date: '2015-03-21' },
    check: (d) => {
      expect(d.expiry_date).toBe('2025-03-20');
      expect(d.term).toMatchObject({ state: 'in_grace', grace_expiry_date: '2025-09-22' });
      const renewed = deriveSubject(
        DeadlineSubjectInput.parse({ office_code: 'CN', status: 'registered', registration_date: '2015-03-21', last_renewal_date: '2025-04-01' }),
        '2025-04-02',
      );
      expect(renewed.expiry_date).toBe('2035-03-20');
    },
  },
  {
    id: 'MX-01 3-year declaration of use (default window end)',
    asOf: '2022-09-15',
    subject: { office_code: 'MX', status: 'registered', filing_date: '2018-11-20', publication_date: '2019-01-15', registration_date: '2019-07-01' },
    check: (d) => {
      expect(d.term.state).toBe('in_term');
      expect(d.expiry_date).toBe('2029-07-01');
      expect(item(d, 'mx_dou_3yr')).toMatchObject({ window_opens_date: '2022-07-01', unrolled_due_date: '2022-10-01', due_date: '2022-10-03', state: 'open' });
    },
  },
  {
    id: 'MX-01 ALT window ends the day before',
    asOf: '2022-09-15',
    settings: { mx_dou_window_end: 'day_before' },
    subject: { office_code: 'MX', status: 'registered', registration_date: '2019-07-01' },
    check: (d) => {
      expect(item(d, 'mx_dou_3yr')).toMatchObject({ due_date: '2022-09-30', roll_reason: null });
    },
  },
  {
    id: 'DE-02 new exact-date term (DPMA example)',
    asOf: '2026-11-22',
    subject: { office_code: 'DE', status: 'registered', filing_date: '2019-01-17', registration_date: '2019-05-02' },
    check: (d) => {
      expect(d.expiry_date).toBe('2029-01-17');
      expect(d.term.state).toBe('in_term');
      expect(item(d, 'de_renewal')).toMatchObject({ window_opens_date: '2028-07-17', due_date: '2029-01-17', grace_expiry_date: '2029-07-17' });
    },
  },
  {
    id: 'FR-01 current rule (1-year window, 6-month grace)',
    asOf: '2026-11-22',
    subject: { office_code: 'FR', status: 'registered', filing_date: '2016-09-15', publication_date: '2016-10-07', registration_date: '2017-01-13' },
    check: (d) => {
      expect(d.expiry_date).toBe('2026-09-15');
      expect(d.term).toMatchObject({ state: 'in_grace', grace_expiry_date: '2027-03-15' });
      expect(item(d, 'fr_renewal').window_opens_date).toBe('2025-09-15');
    },
  },
  {
    id: 'SG-02 registered after its renewal date (r.49(2))',
    asOf: '2025-08-01',
    subject: { office_code: 'SG', status: 'registered', filing_date: '2015-01-05', registration_date: '2025-03-20' },
    check: (d) => {
      expect(d.term.state).toBe('in_term');
      expect(d.expiry_date).toBe('2025-01-05');
      expect(item(d, 'sg_renewal')).toMatchObject({ due_date: '2025-09-22', unrolled_due_date: '2025-09-20' });
      const renewed = deriveSubject(
        DeadlineSubjectInput.parse({ office_code: 'SG', status: 'registered', filing_date: '2015-01-05', registration_date: '2025-03-20', last_renewal_date: '2025-08-15' }),
        '2025-08-20',
      );
      expect(renewed.expiry_date).toBe('2035-01-05');
    },
  },
];

describe('worked cases of deadline-cases.md', () => {
  it.each(CASES.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    const derived = deriveSubject(DeadlineSubjectInput.parse(c.subject), c.asOf, { settings: c.settings });
    c.check(derived);
  });
});

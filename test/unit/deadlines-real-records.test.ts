// Derived blocks on real ingested records: the renewed early-1900s USPTO marks of the daily-XML
// sample (terms rebuilt from their renewal events under the old 20-year law), and the EUIPO and
// Finnish records, whose published expiry dates must fall on the statutory ladder tm computes.
import { describe, expect, it } from 'vitest';
import type { TrademarkRecord } from '../../src/core/schemas/trademark.js';
import { computeDerived } from '../../src/deadlines/derive.js';
import { readRecords } from '../../src/ingest/formats.js';

const load = async (path: string): Promise<TrademarkRecord[]> => {
  const out: TrademarkRecord[] = [];
  for await (const entry of readRecords(path)) {
    for await (const item of entry.items) if (item.ok && item.record.object === 'trademark') out.push(item.record);
  }
  return out;
};

describe('USPTO daily XML sample (2018-02-18): renewed marks from 1919-1969', () => {
  // Hand-computed from TMEP 1602.01/1604.04(b): 20-year terms for registrations and renewals
  // before 1989-11-16, 10-year terms after, each counted from the old term end.
  const EXPECTED: Record<string, { expiry: string; cycle: number; state: string }> = {
    '71112081': { expiry: '2029-01-14', cycle: 7, state: 'in_term' }, // 1919 → 1939 → 1959 → 1979 → 1999 → 2009 → 2019 → 2029
    '71522974': { expiry: '2028-02-17', cycle: 5, state: 'in_term' }, // 1948 → 1968 → 1988 → 2008 → 2018 → 2028
    '72029003': { expiry: '2028-02-04', cycle: 5, state: 'in_term' }, // 1958 → 1978 → 1998 → 2008 → 2018 → 2028
    '72045204': { expiry: '2029-01-20', cycle: 5, state: 'in_term' }, // 1959 → 1979 → 1999 → 2009 → 2019 → 2029
    '72243407': { expiry: '2027-08-01', cycle: 4, state: 'in_term' }, // 1967 → 1987 → 2007 → 2017 → 2027
    '72244388': { expiry: '2019-02-18', cycle: 3, state: 'in_term' }, // 1969 → 1989 → 2009 → 2019 (renewal window open)
    '72244547': { expiry: '2028-01-30', cycle: 4, state: 'in_term' }, // 1968 → 1988 → 2008 → 2018 → 2028
  };

  it('rebuilds each term from the renewal events, with no office-stated expiry to lean on', async () => {
    const records = await load('fixtures/uspto/daily-xml/apc180218-sample.xml');
    const registered = records.filter((r) => r.registration_date);
    expect(registered.map((r) => r.application_number).sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const r of registered) {
      const want = EXPECTED[r.application_number]!;
      expect(r.expiry_date).toBeNull();
      const d = computeDerived(r, '2018-02-18');
      expect({ serial: r.application_number, expiry: d.expiry_date, state: d.term.state, renewed: d.term.renewed }).toEqual({
        serial: r.application_number,
        expiry: want.expiry,
        state: want.state,
        renewed: true,
      });
      expect(d.deadlines.items.find((i) => i.rule_id === 'us_renewal')?.occurrence_key).toBe(`us_renewal:${want.cycle}`);
      // Old Office actions answered by a later renewal are not open deadlines.
      expect(d.deadlines.items.filter((i) => i.type === 'post_registration_oa_response')).toEqual([]);
      // Renewed long ago: the 6-year §8 of the first term is not asked for again.
      expect(d.deadlines.items.some((i) => i.rule_id === 'us_s8_6yr')).toBe(false);
    }
  });

  it('leaves pending applications without a term', async () => {
    const pending = (await load('fixtures/uspto/daily-xml/apc180218-sample.xml')).filter((r) => !r.registration_date);
    expect(pending.length).toBeGreaterThan(0);
    for (const r of pending) expect(computeDerived(r, '2018-02-18').term.state).toBe('not_applicable');
  });
});

describe('published expiry dates fall on the computed statutory ladder', () => {
  const check = async (path: string, rule: string) => {
    const records = (await load(path)).filter((r) => r.expiry_date && r.ir_number === null && (r.filing_date || r.registration_date));
    expect(records.length).toBeGreaterThan(3);
    for (const record of records) {
      // Many of these marks have since expired, and an expired mark is assessed only while it can
      // still be renewed or restored (spec §2.7); the ladder itself is checked as for a live mark.
      const r = { ...record, status: { ...record.status, primary: 'active' as const } };
      const d = computeDerived(r, '2026-11-22');
      expect({ number: r.application_number, expiry: d.expiry_date }).toEqual({ number: r.application_number, expiry: r.expiry_date });
      // A numeric cycle means the office's date matched a term end of the ladder, not a fallback on the office's word.
      const key = d.deadlines.items.find((i) => i.rule_id === rule)?.occurrence_key;
      expect(key).toMatch(new RegExp(`^${rule}:\\d+$`));
    }
    return records;
  };

  it('EUIPO: 10 years from filing, renewed terms from the old term end', async () => {
    const records = [...(await check('fixtures/euipo/tm_list_size10.json', 'em_renewal')), ...(await check('fixtures/euipo/tm_apple_size10.json', 'em_renewal'))];
    expect(records.some((r) => r.expiry_date! > '2016-01-01')).toBe(true);
  });

  it('Finland (PRH): 10 years from registration', async () => {
    await check('fixtures/offices/fi/trademark_search_AUDI.json', 'fi_renewal');
  });

  it('an EU designation of an IR takes the expiry published on it', async () => {
    const w = (await load('fixtures/euipo/tm_apple_size10.json')).find((r) => r.ir_number !== null && r.expiry_date);
    if (!w) throw new Error('the fixture has an IR designation with an expiry date');
    const d = computeDerived(w, '2026-11-22');
    expect(d.expiry_date).toBe(w.expiry_date);
    expect(d.term.state).toBe('not_applicable');
  });
});

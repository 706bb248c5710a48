import { describe, expect, it } from 'vitest';
import { canonicalOfficeCode, dottedViennaCode, parseNiceTerms, parseOffices, parseSt3 } from '../../src/core/reference-data.js';
import { readPackageJson } from '../../src/data-files.js';
import { ADAPTER_LIST } from '../../src/ingest/adapters/index.js';
import { niceClasses, niceTerms, offices, st3Codes, viennaCodes } from '../../src/ops/reference/data.js';

const PRODUCTION = ['US', 'EM', 'WO', 'GB', 'CA', 'AU', 'NZ', 'CH', 'BX', 'JP', 'KR'];

describe('reference data files', () => {
  const data = {
    offices: offices(),
    classes: niceClasses().classes,
    classesEdition: niceClasses().edition,
    terms: niceTerms().terms,
    vienna: viennaCodes(),
    st3: st3Codes(),
  };

  it('holds the 11 production offices, each an ST.3 code', () => {
    expect(data.offices.map((o) => o.code).sort()).toEqual([...PRODUCTION].sort());
    for (const office of data.offices) expect(data.st3.has(office.code), office.code).toBe(true);
  });

  it('gives national offices their own country and regional or international ones none', () => {
    for (const office of data.offices) {
      if (office.kind === 'national') expect(office.country).toBe(office.code);
      else expect(office.country).toBeNull();
    }
    expect(data.offices.find((o) => o.code === 'BX')?.member_countries).toEqual(['BE', 'LU', 'NL']);
    expect(data.offices.find((o) => o.code === 'EM')?.member_countries).toHaveLength(27);
  });

  it('names only formats that an ingest adapter reads, NDJSON for every office', () => {
    const known = new Set(ADAPTER_LIST.map((a) => a.name));
    for (const office of data.offices) {
      for (const format of office.formats) expect(known.has(format), `${office.code}: ${format}`).toBe(true);
      expect(office.formats).toContain('ndjson');
    }
  });

  it('has the 45 Nice classes, 1-34 goods and 35-45 services, with 13-2026 headings', () => {
    expect(data.classes.map((c) => c.number)).toEqual(Array.from({ length: 45 }, (_, i) => i + 1));
    expect(data.classes.filter((c) => c.kind === 'goods')).toHaveLength(34);
    expect(data.classesEdition).toBe('13-2026');
    expect(data.classes.every((c) => c.heading.length > 20)).toBe(true);
  });

  it('has the current alphabetical list with class-consistent basic numbers', () => {
    const current = data.terms.filter((t) => t.edition === '12');
    expect(current.length).toBeGreaterThanOrEqual(10_000);
    expect(new Set(current.map((t) => t.basic_number)).size).toBe(current.length);
    for (const t of data.terms) expect(Number(t.basic_number.slice(0, 2)), t.basic_number).toBe(t.class);
    const earlier = data.terms.filter((t) => t.edition !== '12');
    expect(earlier.length).toBeGreaterThan(0);
    expect(earlier.some((t) => current.some((c) => c.basic_number === t.basic_number))).toBe(false);
  });

  it('has 2,028 Vienna codes whose dotted form matches the EUIPO digits', () => {
    expect(data.vienna).toHaveLength(2028);
    for (const c of data.vienna) {
      expect(c.code.replace(/\./g, '')).toBe(c.euipo_code);
      expect(c.level).toBe(['category', 'division', 'section'][c.euipo_code.length / 2 - 1]);
    }
    expect(data.vienna.find((c) => c.code === '01.01.01')?.label).toBe('Stars');
    expect(data.vienna.filter((c) => c.euipo_only).every((c) => c.code.startsWith('98') || c.code.startsWith('99'))).toBe(true);
  });

  it('has the ST.3 office codes, with EM listed under its old OHIM name', () => {
    expect(data.st3.size).toBe(226);
    expect(data.st3.get('EM')).toMatch(/OHIM/);
  });

  it('rejects a file without its source, and a term with an impossible class', () => {
    expect(() => parseSt3({ codes: [{ code: 'US', name: 'UNITED STATES OF AMERICA' }] })).toThrow();
    const { source: _source, ...offices } = readPackageJson('data', 'offices.json') as Record<string, unknown>;
    expect(() => parseOffices(offices)).toThrow();
    const terms = { source: 's', edition: '12', terms: [['010011', 46, 'acetone']], earlier_edition: '10', earlier_terms: [] };
    expect(() => parseNiceTerms(terms)).toThrow();
  });
});

describe('canonicalOfficeCode', () => {
  it.each([
    ['us', 'US'],
    [' em ', 'EM'],
    ['EU', 'EM'],
    ['ib', 'WO'],
    ['UK', 'GB'],
    ['BX', 'BX'],
    ['USA', null],
    ['1', null],
    ['', null],
  ])('%j → %j', (input, expected) => {
    expect(canonicalOfficeCode(input)).toBe(expected);
  });
});

describe('dottedViennaCode', () => {
  it.each([
    ['260101', '26.01.01'],
    ['2601', '26.01'],
    ['26', '26'],
    ['26.1.1', '26.01.01'],
    ['26.01.01', '26.01.01'],
    ['2601011', null],
    ['26.01.01.01', null],
    ['26-01', null],
    ['', null],
  ])('%j → %j', (input, expected) => {
    expect(dottedViennaCode(input)).toBe(expected);
  });
});

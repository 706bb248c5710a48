// Date arithmetic of src/core/dates.ts: conventions A–D of deadline-rules.md §0.1, Feb 29,
// end-of-month, weekdays and day numbers, table-driven.
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  addPeriod,
  addYears,
  daysBetween,
  endOfMonth,
  fromDayNumber,
  isEndOfMonth,
  isIsoDate,
  parseYmd,
  toDayNumber,
  weekday,
  type MonthConvention,
} from '../../src/core/dates.js';

describe('addMonths / addYears under each convention', () => {
  const cases: [string, number, MonthConvention, string, string][] = [
    ['2016-02-29', 120, 'A', '2026-02-28', 'WIPO Rule 4(2): Feb 29 + 10 y = Feb 28'],
    ['2015-08-31', 6, 'A', '2016-02-29', 'TMEP 310: Aug 31 + 6 m = last day of Feb (leap)'],
    ['2025-08-31', 6, 'A', '2026-02-28', 'AU s.6A: Aug 31 + 6 m = Feb 28'],
    ['2025-06-30', 6, 'A', '2025-12-30', 'A keeps the day number'],
    ['2025-06-30', 6, 'B', '2025-12-31', 'B: month end stays month end (CDIR Art 56(4))'],
    ['2025-02-28', 6, 'B', '2025-08-31', 'B: Feb 28 (month end) + 6 m = Aug 31'],
    ['2024-02-28', 6, 'B', '2024-08-28', 'B: Feb 28 of a leap year is not a month end'],
    ['2025-01-31', 3, 'B', '2025-04-30', 'EM-07: Jan 31 + 3 m'],
    ['2015-03-21', 120, 'C', '2025-03-20', 'CN Art 12: the day before the anniversary'],
    ['2016-02-29', 120, 'C', '2026-02-28', 'CN: no corresponding day, so the last day of the month'],
    ['2016-02-28', 120, 'C', '2026-02-27', 'CN: Feb 28 registration ends Feb 27'],
    ['2010-09-24', 2, 'C', '2010-11-23', 'UK TPN 4/2010: 2 months beginning with 24 Sep'],
    ['2025-10-24', 2, 'C', '2025-12-23', 'GB-02'],
    ['2025-01-01', 1, 'C', '2025-01-31', 'C across a month'],
    ['2021-06-01', 60, 'D', '2026-06-01', 'JP: results equal A'],
    ['2025-03-15', -6, 'A', '2024-09-15', 'window opening: T − 6 m'],
    ['2025-03-31', -1, 'A', '2025-02-28', 'backwards into a short month'],
    ['1999-12-31', 1, 'A', '2000-01-31', 'year change'],
    ['2000-02-29', 1200, 'A', '2100-02-28', '2100 is not a leap year'],
  ];
  it.each(cases)('%s + %i months (%s) = %s — %s', (start, months, conv, expected) => {
    expect(addMonths(start, months, conv)).toBe(expected);
  });

  it('addYears is 12 months per year', () => {
    expect(addYears('2016-02-29', 4)).toBe('2020-02-29');
    expect(addYears('2016-02-29', 1)).toBe('2017-02-28');
    expect(addYears('2019-04-02', -5)).toBe('2014-04-02');
  });
});

describe('addPeriod', () => {
  it('adds days plainly, and counts the start as day 1 under C', () => {
    expect(addPeriod('2025-06-03', { days: 30 })).toBe('2025-07-03');
    expect(addPeriod('2025-06-03', { days: 180 })).toBe('2025-11-30');
    expect(addPeriod('2025-01-02', { days: 60 }, 'C')).toBe('2025-03-02');
    expect(addPeriod('2026-09-15', { months: 6, days: 1 })).toBe('2027-03-16');
    expect(addPeriod('2025-01-01', {})).toBe('2025-01-01');
  });
});

describe('day arithmetic', () => {
  it('round-trips day numbers across centuries and knows weekdays', () => {
    for (const d of ['1600-03-01', '1899-12-31', '1970-01-01', '2000-02-29', '2026-05-17', '2100-03-01']) {
      expect(fromDayNumber(toDayNumber(d))).toBe(d);
    }
    expect(toDayNumber('1970-01-01')).toBe(0);
    expect(weekday('2026-05-17')).toBe(0);
    expect(weekday('2025-03-15')).toBe(6);
    expect(weekday('1919-01-14')).toBe(2);
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
  });

  it('knows month ends', () => {
    expect(endOfMonth('2024-02-10')).toBe('2024-02-29');
    expect(isEndOfMonth('2025-04-30')).toBe(true);
    expect(isEndOfMonth('2024-02-28')).toBe(false);
  });

  it('rejects what is not a calendar date', () => {
    for (const bad of ['2025-02-29', '2025-13-01', '2025-1-01', '20250101', 'abcd-ef-gh', '2025-04-31']) {
      expect(isIsoDate(bad)).toBe(false);
      expect(() => parseYmd(bad)).toThrow(RangeError);
    }
    expect(isIsoDate('2024-02-29')).toBe(true);
  });
});

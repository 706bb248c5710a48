// The business-day calendar: closure tables as data (recurring ranges across the year end, dated
// ranges, make-up working days), regions, and the precomputed holiday tables against live
// date-holidays (drift after a package upgrade fails here).
import Holidays from 'date-holidays';
import { describe, expect, it } from 'vitest';
import { createCalendar, knownRegions, normaliseRegion } from '../../src/deadlines/calendar.js';
import { getCatalog } from '../../src/deadlines/catalog.js';
import { ClosureTable } from '../../src/deadlines/catalog-schema.js';
import { liveHolidays, tableHolidays } from '../../src/deadlines/holiday-table.js';

const table = ClosureTable.parse({
  office_code: 'XX',
  source: 'test',
  holidays: null,
  recurring: [{ from: '12-30', to: '01-02', reason: 'year end' }],
  closures: [{ date: '2025-06-10', to: '2025-06-11', reason: 'flood' }],
  working_days: [{ date: '2025-06-14', reason: 'make-up day' }],
});

describe('business-day calendar', () => {
  const cal = createCalendar(table);

  it('rolls across a recurring range that wraps the year end, naming every skipped day', () => {
    const r = cal.roll('2025-12-31');
    expect(r.date).toBe('2026-01-05');
    expect(r.roll_reason).toEqual({
      from: '2025-12-31',
      to: '2026-01-05',
      skipped: [
        { date: '2025-12-31', reason: 'office closure: year end' },
        { date: '2026-01-01', reason: 'office closure: year end' },
        { date: '2026-01-02', reason: 'office closure: year end' },
        { date: '2026-01-03', reason: 'Saturday' },
        { date: '2026-01-04', reason: 'Sunday' },
      ],
    });
  });

  it('handles dated ranges and make-up working days, and leaves business days alone', () => {
    expect(cal.roll('2025-06-10').date).toBe('2025-06-12');
    expect(cal.roll('2025-06-14')).toEqual({ date: '2025-06-14', roll_reason: null });
    expect(cal.closedReason('2025-06-15')).toBe('Sunday');
    expect(cal.roll('2025-06-12')).toEqual({ date: '2025-06-12', roll_reason: null });
  });

  it('knows regions of a country in any spelling', () => {
    expect(knownRegions('CH')).toContain('ZH');
    expect(normaliseRegion('CH', 'ch-zh')).toBe('ZH');
    expect(normaliseRegion('CH', ' be ')).toBe('BE');
  });
});

describe('precomputed holiday tables', () => {
  const catalog = getCatalog();

  it('exist for every office with a holiday country, and match live date-holidays on sample years', () => {
    for (const [code, closures] of catalog.closures) {
      const spec = closures.holidays;
      if (!spec) continue;
      const precomputed = catalog.holidays.get(code);
      expect(precomputed, code).toBeDefined();
      const hd = spec.region ? new Holidays(spec.country, spec.region) : new Holidays(spec.country);
      for (const year of [1925, 1999, 2026, 2061]) {
        expect([...tableHolidays(precomputed!, year)!.entries()], `${code} ${year}`).toEqual([...liveHolidays(hd, year, spec.types).entries()]);
      }
    }
  });

  it('fall back to live computation outside their years and for other regions', () => {
    const us = catalog.holidays.get('US')!;
    expect(tableHolidays(us, 1700)).toBeNull();
    const closures = catalog.closures.get('CH')!;
    const bern = createCalendar(closures, 'BE', catalog.holidays.get('CH'));
    expect(bern.closedReason('2026-01-02')).toBe('public holiday: Berchtoldstag (CH-BE)');
    expect(createCalendar(closures, null, catalog.holidays.get('CH')).closedReason('2026-01-02')).toBeNull();
  });
});

// The business-day calendar of one office (and region): weekends, public holidays from the
// `date-holidays` package for the office's place, and the office closure table kept as data.
// Only the final day to act is ever rolled, and every roll says which days it skipped and why.
import type HolidaysClass from 'date-holidays';
import { addDays, weekday, WEEKDAY_NAMES, type IsoDateString } from '../core/dates.js';
import type { RollReason } from '../core/schemas/derived.js';
import type { ClosureTable } from './catalog-schema.js';
import { liveHolidays, loadHolidays, tableHolidays, type HolidayTable } from './holiday-table.js';

export interface Rolled {
  date: IsoDateString;
  roll_reason: RollReason | null;
}

export interface BusinessCalendar {
  key: string;
  /** Why `date` is not a business day, or null when it is one. */
  closedReason(date: IsoDateString): string | null;
  /** `date`, or the next business day, with the skipped days. */
  roll(date: IsoDateString): Rolled;
}

const MAX_ROLL_DAYS = 60;

/** Region codes date-holidays knows for a country (e.g. CH cantons), upper-case. */
export const knownRegions = (country: string): string[] => Object.keys(new (loadHolidays())().getStates(country) ?? {});

/** `ZH`, `ch-zh` and `CH-ZH` all name the Zurich canton for country CH. */
export const normaliseRegion = (country: string, region: string): string => {
  const upper = region.trim().toUpperCase();
  return upper.startsWith(`${country.toUpperCase()}-`) ? upper.slice(country.length + 1) : upper;
};

const yearClosures = (table: ClosureTable, holidays: (year: number) => Map<string, string>, place: string | null, year: number): Map<string, string> => {
  const days = new Map<string, string>();
  const spec = table.holidays;
  if (spec) {
    for (const [date, name] of holidays(year)) {
      if (spec.exclude_month_days.includes(date.slice(5))) continue;
      days.set(date, `public holiday: ${name}${place ? ` (${spec.country}-${place})` : ''}`);
    }
  }
  const mark = (from: string, to: string, reason: string) => {
    for (let d = from; d <= to; d = addDays(d, 1)) days.set(d, reason);
  };
  for (const r of table.recurring) {
    const reason = `office closure: ${r.reason}`;
    // A range such as 12-29..01-03 wraps the year end: its two parts fall in every year.
    if (r.from <= r.to) mark(`${year}-${r.from}`, `${year}-${r.to}`, reason);
    else {
      mark(`${year}-01-01`, `${year}-${r.to}`, reason);
      mark(`${year}-${r.from}`, `${year}-12-31`, reason);
    }
  }
  for (const c of table.closures) {
    for (let d = c.date; d <= (c.to ?? c.date); d = addDays(d, 1)) {
      if (d.startsWith(`${year}-`)) days.set(d, `office closure: ${c.reason}`);
    }
  }
  for (const w of table.working_days) if (w.date.startsWith(`${year}-`)) days.set(w.date, '');
  return days;
};

export const createCalendar = (table: ClosureTable, region: string | null = null, precomputed: HolidayTable | null = null): BusinessCalendar => {
  const byYear = new Map<number, Map<string, string>>();
  const weekend = new Set(table.weekend);
  const spec = table.holidays;
  const place = spec ? (region ?? spec.region) : null;
  // The precomputed table serves the office's default place; any other place is computed live.
  const usable = precomputed && spec && precomputed.country === spec.country && precomputed.region === place ? precomputed : null;
  let hd: HolidaysClass | null = null;
  const holidays = (year: number): Map<string, string> => {
    const fromTable = usable ? tableHolidays(usable, year) : null;
    if (fromTable || !spec) return fromTable ?? new Map();
    if (!hd) {
      const Holidays = loadHolidays();
      hd = place ? new Holidays(spec.country, place) : new Holidays(spec.country);
    }
    return liveHolidays(hd, year, spec.types);
  };
  const closures = (year: number): Map<string, string> => {
    let m = byYear.get(year);
    if (!m) {
      m = yearClosures(table, holidays, place, year);
      byYear.set(year, m);
    }
    return m;
  };
  const closedReason = (date: IsoDateString): string | null => {
    const year = (date.charCodeAt(0) - 48) * 1000 + (date.charCodeAt(1) - 48) * 100 + (date.charCodeAt(2) - 48) * 10 + date.charCodeAt(3) - 48;
    const listed = closures(year).get(date);
    if (listed === '') return null;
    if (listed) return listed;
    const w = weekday(date);
    return weekend.has(w) ? WEEKDAY_NAMES[w]! : null;
  };
  return {
    key: `${table.office_code}${region ? `-${region}` : ''}`,
    closedReason,
    roll(date) {
      let reason = closedReason(date);
      if (reason === null) return { date, roll_reason: null };
      const skipped: { date: string; reason: string }[] = [];
      let d = date;
      while (reason !== null) {
        skipped.push({ date: d, reason });
        if (skipped.length > MAX_ROLL_DAYS) throw new Error(`calendar ${table.office_code}: no business day within ${MAX_ROLL_DAYS} days of ${date}`);
        d = addDays(d, 1);
        reason = closedReason(d);
      }
      return { date: d, roll_reason: { from: date, to: d, skipped } };
    },
  };
};

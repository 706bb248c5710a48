// Calendar-date arithmetic on ISO `YYYY-MM-DD` strings, with the month/year conventions A–D of
// the deadline reference (deadline-rules.md §0.1). Pure: no clock, no time zones, no Date objects
// on the hot path, because the deadline engine runs this millions of times per benchmark.
export type IsoDateString = string;

/**
 * A: same day number, else the month's last day (Feb 29 + 1 y = Feb 28).
 * B: as A, but a start on a month's last day ends on the target month's last day.
 * C: "beginning with" the start day: the day before the corresponding day, or the month's last
 *    day when the target month has no corresponding day (CN Art 12 ¶2, UK "beginning with").
 * D: Japanese Civil-Code counting; its results equal A for the periods the engine computes.
 */
export type MonthConvention = 'A' | 'B' | 'C' | 'D';

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export const isLeapYear = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

export const daysInMonth = (y: number, m: number): number => (m === 2 && isLeapYear(y) ? 29 : DAYS_IN_MONTH[m - 1]!);

const pad2 = (n: number): string => (n < 10 ? `0${n}` : `${n}`);
const pad4 = (n: number): string => (n < 10 ? `000${n}` : n < 100 ? `00${n}` : n < 1000 ? `0${n}` : `${n}`);

export const formatYmd = (y: number, m: number, d: number): IsoDateString => `${pad4(y)}-${pad2(m)}-${pad2(d)}`;

const digit = (s: string, i: number): number => {
  const c = s.charCodeAt(i) - 48;
  return c >= 0 && c <= 9 ? c : Number.NaN;
};

/** Year, month and day of an ISO date; throws on anything that is not a real calendar date. */
export const parseYmd = (iso: IsoDateString): [number, number, number] => {
  const y = digit(iso, 0) * 1000 + digit(iso, 1) * 100 + digit(iso, 2) * 10 + digit(iso, 3);
  const m = digit(iso, 5) * 10 + digit(iso, 6);
  const d = digit(iso, 8) * 10 + digit(iso, 9);
  if (iso.length !== 10 || iso[4] !== '-' || iso[7] !== '-' || !(m >= 1 && m <= 12) || !(d >= 1 && d <= daysInMonth(y, m))) {
    throw new RangeError(`not a calendar date (YYYY-MM-DD): ${iso}`);
  }
  return [y, m, d];
};

export const isIsoDate = (value: string): boolean => {
  try {
    parseYmd(value);
    return true;
  } catch {
    return false;
  }
};

/** Days since 1970-01-01 (proleptic Gregorian), for differences and weekdays. */
export const toDayNumber = (iso: IsoDateString): number => {
  const [y, m, d] = parseYmd(iso);
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
};

export const fromDayNumber = (n: number): IsoDateString => {
  const z = n + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return formatYmd(yoe + era * 400 + (m <= 2 ? 1 : 0), m, d);
};

export const addDays = (iso: IsoDateString, days: number): IsoDateString => {
  if (days === 0) return iso;
  const [y, m, d] = parseYmd(iso);
  const nd = d + days;
  // Fast path: stays inside the month.
  if (nd >= 1 && nd <= daysInMonth(y, m)) return formatYmd(y, m, nd);
  return fromDayNumber(toDayNumber(iso) + days);
};

export const daysBetween = (from: IsoDateString, to: IsoDateString): number => toDayNumber(to) - toDayNumber(from);

/** 0 = Sunday … 6 = Saturday. */
export const weekday = (iso: IsoDateString): number => {
  const w = (toDayNumber(iso) + 4) % 7;
  return w < 0 ? w + 7 : w;
};

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export const endOfMonth = (iso: IsoDateString): IsoDateString => {
  const [y, m] = parseYmd(iso);
  return formatYmd(y, m, daysInMonth(y, m));
};

export const isEndOfMonth = (iso: IsoDateString): boolean => {
  const [y, m, d] = parseYmd(iso);
  return d === daysInMonth(y, m);
};

/** start + months (negative to go back) under a convention; see MonthConvention. */
export const addMonths = (iso: IsoDateString, months: number, convention: MonthConvention = 'A'): IsoDateString => {
  const [y, m, d] = parseYmd(iso);
  const total = y * 12 + (m - 1) + months;
  const ty = Math.floor(total / 12);
  const tm = (total % 12) + 1;
  const last = daysInMonth(ty, tm);
  if (convention === 'B' && d === daysInMonth(y, m)) return formatYmd(ty, tm, last);
  if (convention === 'C') return d > last ? formatYmd(ty, tm, last) : addDays(formatYmd(ty, tm, d), months >= 0 ? -1 : 1);
  return formatYmd(ty, tm, Math.min(d, last));
};

export const addYears = (iso: IsoDateString, years: number, convention: MonthConvention = 'A'): IsoDateString =>
  addMonths(iso, years * 12, convention);

/** A period of months or days after a start; exactly one of the two counts is used. */
export interface Period {
  years?: number;
  months?: number;
  days?: number;
}

export const addPeriod = (iso: IsoDateString, period: Period, convention: MonthConvention = 'A'): IsoDateString => {
  const months = (period.years ?? 0) * 12 + (period.months ?? 0);
  const afterMonths = months === 0 ? iso : addMonths(iso, months, convention);
  return period.days ? addDays(afterMonths, convention === 'C' && months === 0 ? period.days - 1 : period.days) : afterMonths;
};

/** start − period: the same arithmetic backwards (a window opening before its due date). */
export const subtractPeriod = (iso: IsoDateString, period: Period, convention: MonthConvention = 'A'): IsoDateString => {
  const months = (period.years ?? 0) * 12 + (period.months ?? 0);
  const beforeMonths = months === 0 ? iso : addMonths(iso, -months, convention);
  return period.days ? addDays(beforeMonths, -period.days) : beforeMonths;
};

export const maxDate = (a: IsoDateString, b: IsoDateString): IsoDateString => (a >= b ? a : b);

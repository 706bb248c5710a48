// Day-number dates for the generator: whole days since 1970-01-01 (UTC), so date arithmetic is
// integer maths and formatting is done once per field.
const DAY_MS = 86_400_000;

export type Day = number;

export const dayOf = (iso: string): Day => Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
export const isoOf = (day: Day): string => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** YYYYMMDD, the USPTO daily-XML date form. */
export const compactOf = (day: Day): string => isoOf(day).replace(/-/g, '');
export const yearOf = (day: Day): number => new Date(day * DAY_MS).getUTCFullYear();

/** The same calendar date `years` later (29 February rolls to 28 February). */
export const addYears = (day: Day, years: number): Day => {
  const d = new Date(day * DAY_MS);
  const target = new Date(Date.UTC(d.getUTCFullYear() + years, d.getUTCMonth(), d.getUTCDate()));
  if (target.getUTCDate() !== d.getUTCDate()) target.setUTCDate(0);
  return Math.floor(target.getTime() / DAY_MS);
};

export const addMonths = (day: Day, months: number): Day => day + Math.round(months * 30.44);

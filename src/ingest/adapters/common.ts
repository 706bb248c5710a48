// Shared building blocks of the format adapters: date normalisation
// for the shapes offices publish (YYYYMMDD, YYYY-MM-DD with zone, YYYY/MM/DD), owners with their
// deterministic ids, and the per-record failure wrapper.
import { isIsoDate } from '../../core/dates.js';
import { ownerId } from '../../core/ids.js';
import type { Address, DesignCode, Owner } from '../../core/schemas/parts.js';
import type { TrademarkRecord } from '../../core/schemas/trademark.js';
import type { IngestRecord, ParseItem } from '../adapter.js';

const validYmd = (y: string, m: string, d: string): string | null => {
  const month = Number(m);
  const day = Number(d);
  // Offices write 00 for an unknown month or day: a partial date, not a wrong one.
  if (month === 0 || day === 0 || Number(y) === 0) return null;
  const iso = `${y}-${m}-${d}`;
  if (month > 12 || day > 31 || (day > 28 && !isIsoDate(iso))) throw new RangeError(`${iso} is not a calendar date`);
  return iso;
};

/**
 * YYYY-MM-DD from the date shapes offices publish; null for empty, zero or partial (month or day
 * 00) dates. An impossible date (2019-02-30) throws, so the record is reported and skipped as
 * malformed rather than stored without the date and silently left off the docket.
 */
export const toIsoDate = (value: string | null | undefined): string | null => {
  if (!value) return null;
  const s = value.trim();
  if (s.length === 8 && /^\d{8}$/.test(s)) return validYmd(s.slice(0, 4), s.slice(4, 6), s.slice(6, 8));
  const m = /^(\d{4})[-/.](\d{2})[-/.](\d{2})/.exec(s);
  return m ? validYmd(m[1]!, m[2]!, m[3]!) : null;
};

/** Trimmed text, or null when empty: offices send empty elements for "none". */
export const clean = (value: string | null | undefined): string | null => {
  if (value === null || value === undefined) return null;
  const s = value.trim();
  return s === '' ? null : s;
};

/** A Nice class number 1–45 from "009", "9" or 9; null for US pre-Nice classes (A, B, 200 …). */
export const niceClass = (value: string | number | null | undefined): number | null => {
  if (value === null || value === undefined) return null;
  const n = typeof value === 'number' ? value : /^\d{1,3}$/.test(value.trim()) ? Number(value.trim()) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= 45 ? n : null;
};

export const makeAddress = (parts: Partial<Address>): Address | null => {
  const address: Address = {
    lines: parts.lines ?? [],
    city: parts.city ?? null,
    region: parts.region ?? null,
    postal_code: parts.postal_code ?? null,
    country_code: parts.country_code ?? null,
    formatted: parts.formatted ?? null,
  };
  const empty =
    address.lines.length === 0 &&
    !address.city &&
    !address.region &&
    !address.postal_code &&
    !address.country_code &&
    !address.formatted;
  return empty ? null : address;
};

export const makeOwner = (
  officeCode: string,
  fields: Omit<Owner, 'owner_id' | 'entity_id'>,
): Owner => ({
  owner_id: ownerId(officeCode, fields.name, fields.nationality ?? fields.address?.country_code ?? null),
  entity_id: null,
  ...fields,
});

/** Runs one record's mapping; a throw becomes a skipped item with its reason, never a crash. */
export const toItem = <T extends IngestRecord = TrademarkRecord>(recordNumber: number, build: () => T | string): ParseItem<T> => {
  try {
    const result = build();
    return typeof result === 'string'
      ? { ok: false, recordNumber, reason: result }
      : { ok: true, recordNumber, record: result };
  } catch (err) {
    return { ok: false, recordNumber, reason: err instanceof Error ? err.message : String(err) };
  }
};

/** The value at a dotted path of a parsed JSON value, or undefined. */
export const get = (value: unknown, path: string): unknown => {
  let v = value;
  for (const key of path.split('.')) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
};

/** A JSON string or number as trimmed text; null for anything else or empty. */
export const str = (value: unknown): string | null =>
  typeof value === 'string' ? clean(value) : typeof value === 'number' ? String(value) : null;

export const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/**
 * A case-status document carries no extraction date, so its data date is the latest dated fact in
 * it (status date or prosecution event): a newer document always has the later date.
 */
export const latestDate = (r: TrademarkRecord): string | null => {
  let latest = r.status.effective_date;
  for (const e of r.events) if (e.date && (!latest || e.date > latest)) latest = e.date;
  return latest;
};

/** A Vienna code written as six digits ("260402") or dotted, as "26.04.02"; null for anything else. */
export const viennaCode = (code: unknown): DesignCode | null => {
  const digits = typeof code === 'string' ? code.replace(/\D/g, '') : '';
  return digits.length === 6 ? { system: 'vienna', code: `${digits.slice(0, 2)}.${digits.slice(2, 4)}.${digits.slice(4)}`, edition: null } : null;
};

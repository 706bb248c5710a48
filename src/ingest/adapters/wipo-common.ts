// What the ST.66 and ST.96 adapters share once each has pulled its values out of its own layout:
// the office-specific decoding (USPTO status labels, event codes, entity types), so that the same
// mark in either format normalises to the same record.
import type { ProsecutionEvent, TrademarkRegister } from '../../core/schemas/parts.js';
import type { TrademarkStatus } from '../../core/schemas/status.js';
import { mapStatus, usStatusLabel } from '../status-tables.js';
import { clean, toIsoDate } from './common.js';
import { usEntityType, usEventCode, usEventDescription } from './uspto-codes.js';

export const wipoStatus = (office: string, code: string | null, date: string | null): TrademarkStatus =>
  mapStatus(office, {
    code,
    label: office === 'US' ? usStatusLabel(code) : null,
    effectiveDate: toIsoDate(date),
  });

export const wipoEvent = (
  office: string,
  rawCode: string | null,
  label: string | null,
  date: string | null,
): ProsecutionEvent => {
  const decoded = office === 'US' && rawCode ? usEventCode(rawCode) : { code: clean(rawCode) ?? '', type: null };
  const description = clean(label);
  return {
    date: toIsoDate(date),
    office_code: office,
    raw: { code: decoded.code || null, label: description },
    description: office === 'US' ? usEventDescription(decoded.code, decoded.type, description) : description,
  };
};

/** The entity type from the office's numeric code where it has a table, else its own wording. */
export const wipoEntityType = (office: string, code: string | null, label: string | null): string | null => {
  if (office === 'US' && code) return usEntityType(code);
  const l = clean(label);
  return l ? l.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '') : null;
};

/** "Principal" (ST.66) and "Primary" (ST.96) both name the USPTO principal register. */
export const wipoRegister = (category: string | null, standardCharacters: string | null): TrademarkRegister | null => {
  const c = clean(category)?.toLowerCase() ?? null;
  const type = c === 'primary' ? 'principal' : c;
  const standard = clean(standardCharacters);
  if (type === null && standard === null) return null;
  return {
    type,
    acquired_distinctiveness: null,
    is_incontestable: null,
    standard_characters_claimed: standard === null ? null : standard === 'true',
  };
};

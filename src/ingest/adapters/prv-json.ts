// Swedish Intellectual Property Office (PRV) trademark search JSON ({"totalHits", "trademarks":
// [...]}). Applicants carry one free-text address line ending in the country code, and
// representatives are single "name, address" strings.
import type { Attorney, Owner } from '../../core/schemas/parts.js';
import type { TrademarkRecord } from '../../core/schemas/trademark.js';
import type { FormatAdapter } from '../adapter.js';
import { mapStatus } from '../status-tables.js';
import { emptyRecord } from '../../core/empty-record.js';
import { get, list, makeAddress, makeOwner, niceClass, str, toIsoDate } from './common.js';
import { jsonRecords } from './json-stream.js';

const MARK_TYPES: Record<string, string> = { Word: 'word', Figurative: 'figurative', 'Figurative/word': 'combined' };

/** "… 343 81 Älmhult, SE, 559070-5058" → "SE": the first two-letter part after a comma. */
const countryOf = (address: string): string | null => {
  for (const part of address.split(',').slice(1)) {
    const p = part.trim();
    if (/^[A-Z]{2}$/.test(p)) return p;
  }
  return null;
};

const toRecord = (tm: Record<string, unknown>): TrademarkRecord | string => {
  const number = str(tm['applicationNumber']);
  if (!number) return 'trademark has no applicationNumber';
  const r = emptyRecord('SE', number, 'prv-json');
  r.registration_number = str(tm['registrationNumber']);
  r.mark_text = str(tm['markSpecification']);
  const kind = str(tm['markFeatureEn']);
  r.mark_type = kind ? (MARK_TYPES[kind] ?? kind.toLowerCase()) : null;
  const status = str(tm['statusEn']);
  r.status = mapStatus('SE', { code: null, label: status });
  r.filing_date = toIsoDate(str(tm['filingDate']));
  r.expiry_date = toIsoDate(str(tm['expiryDate']));
  r.owners = list(tm['applicants']).flatMap((a): Owner[] => {
    const name = str(get(a, 'name'));
    if (!name) return [];
    const formatted = str(get(a, 'address'));
    const country = formatted ? countryOf(formatted) : null;
    return [
      makeOwner('SE', {
        name,
        entity_type: null,
        nationality: null,
        role: 'owner',
        address: makeAddress({ formatted, country_code: country }),
      }),
    ];
  });
  r.attorneys = list(tm['representatives']).flatMap((value): Attorney[] => {
    const text = str(value);
    if (!text) return [];
    const comma = text.indexOf(',');
    const name = comma > 0 ? text.slice(0, comma).trim() : text;
    const rest = comma > 0 ? text.slice(comma + 1).trim() : null;
    return [{ name, firm: null, role: 'representative', address: makeAddress({ formatted: rest, country_code: rest ? countryOf(text) : null }) }];
  });
  r.classifications = list(tm['classes']).map((c) => ({
    nice_class: niceClass(str(c)),
    goods_services: null,
    class_status: null,
    first_use_date: null,
    first_use_in_commerce_date: null,
    office_classes: [],
  }));
  return r;
};

export const prvJson: FormatAdapter = {
  name: 'prv-json',
  detect: (head) => /^\s*\{/.test(head) && head.includes('"trademarks"') && /"(idTrademark|statusEn|markSpecification)"/.test(head),
  parse: (input, file) => jsonRecords(input, file, [['trademarks']], 'PRV (Sweden) trademark JSON', toRecord),
};

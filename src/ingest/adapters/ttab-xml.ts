// USPTO Trademark Trial and Appeal Board proceedings XML (DTD v1.0, `ttab-proceedings` /
// `proceeding-entry`; the daily `ttYYMMDD` and annual files): one proceeding per entry, with its
// parties, the marks each party is on record with (properties) and its prosecution history.
// The board writes "0" for an absent serial or registration number; that is null here.
import { proceedingId, trademarkId } from '../../core/ids.js';
import { ProceedingRecord, type ProceedingParty, type ProceedingProperty } from '../../core/schemas/proceeding.js';
import type { FormatAdapter } from '../adapter.js';
import { clean, toIsoDate, toItem } from './common.js';
import { all, text, treeHandlers, type XmlNode } from './xml-tree.js';
import { runXml } from './xml-stream.js';

const number = (value: string | null): string | null => {
  const n = value?.replace(/^0+(?=.)/, '') ?? null;
  return n && n !== '0' ? n : null;
};

const ROLES: Record<string, ProceedingParty['role']> = { P: 'plaintiff', D: 'defendant' };

const property = (p: XmlNode): ProceedingProperty => {
  const serial = number(text(p, 'serial-number'));
  return {
    trademark_id: serial ? trademarkId('US', serial) : null,
    application_number: serial,
    registration_number: number(text(p, 'registration-number')),
    mark_text: text(p, 'mark-text'),
  };
};

const party = (p: XmlNode): ProceedingParty | null => {
  const name = text(p, 'name') ?? text(p, 'orgname');
  if (!name) return null;
  const roleCode = text(p, 'role-code');
  return {
    role: ROLES[roleCode?.toUpperCase() ?? ''] ?? 'other',
    role_code: roleCode,
    name,
    properties: all(p, 'property-information/property')
      .map(property)
      .filter((x) => x.application_number || x.registration_number || x.mark_text),
    addresses: all(p, 'address-information/proceeding-address').map((a) => ({
      type_code: text(a, 'type-code'),
      name: text(a, 'name'),
      organization: text(a, 'orgname'),
      street: text(a, 'address-1'),
      city: text(a, 'city'),
      state: text(a, 'state'),
      country_code: text(a, 'country'),
      postal_code: text(a, 'postcode'),
    })),
  };
};

const toRecord = (entry: XmlNode): ProceedingRecord | string => {
  const num = clean(text(entry, 'number'));
  if (!num) return 'proceeding-entry has no number';
  const parsed = ProceedingRecord.safeParse({
    id: proceedingId('US', num),
    object: 'proceeding',
    office_code: 'US',
    number: num,
    type_code: text(entry, 'type-code'),
    filing_date: toIsoDate(text(entry, 'filing-date')),
    status_code: text(entry, 'status-code'),
    status_update_date: toIsoDate(text(entry, 'status-update-date')),
    interlocutory_attorney: text(entry, 'interlocutory-attorney-name'),
    parties: all(entry, 'party-information/party').flatMap((p) => party(p) ?? []),
    prosecution_history: all(entry, 'prosecution-history/prosecution-entry').map((e) => ({
      code: text(e, 'code'),
      type_code: text(e, 'type-code'),
      date: toIsoDate(text(e, 'date')),
      due_date: toIsoDate(text(e, 'due-date')),
      text: text(e, 'history-text'),
    })),
    source_format: 'ttab-xml',
  });
  return parsed.success ? parsed.data : `proceeding ${num}: ${parsed.error.issues[0]?.message ?? 'invalid'}`;
};

export const ttabXml: FormatAdapter<ProceedingRecord> = {
  name: 'ttab-xml',
  // The element itself, not the DOCTYPE or ELEMENT declarations of the internal DTD that name it.
  detect: (head) => /<ttab-proceedings[\s>]/.test(head),
  parse: (input, file) =>
    runXml<ProceedingRecord>(input, file, { roots: ['ttab-proceedings'], what: 'USPTO TTAB proceedings XML' }, (emit) => {
      let n = 0;
      return treeHandlers(['proceeding-entry'], (entry) => {
        n += 1;
        emit(toItem(n, () => toRecord(entry)));
      });
    }),
};

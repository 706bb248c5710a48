// USPTO TSDR case-status JSON (the newer layout: {"trademarks": [{status, parties, gsList,
// prosecutionHistory, …}]}), streamed element by element.
import type { Attorney, Classification, DesignCode, Owner, ProsecutionEvent } from '../../core/schemas/parts.js';
import type { TrademarkRecord } from '../../core/schemas/trademark.js';
import type { FormatAdapter } from '../adapter.js';
import { mapStatus, usStatusLabel } from '../status-tables.js';
import { emptyRecord } from '../../core/empty-record.js';
import { get, latestDate, list, makeAddress, makeOwner, niceClass, str, toIsoDate } from './common.js';
import { jsonRecords } from './json-stream.js';
import {
  currentOwnerRole,
  usDesignCode,
  usDrawingCode,
  usEntityType,
  usEventCode,
  usEventDescription,
  usMarkType,
} from './uspto-codes.js';

const owners = (parties: unknown): Owner[] => {
  const groups = get(parties, 'ownerGroups');
  if (!groups || typeof groups !== 'object') return [];
  const entries = Object.values(groups as Record<string, unknown>).flatMap(list);
  const types = entries.map((o) => Number(get(o, 'partyType') ?? 0));
  const highest = Math.max(0, ...types);
  return entries
    .map((o, i) => ({ o, type: types[i]! }))
    .sort((a, b) => b.type - a.type)
    .flatMap(({ o, type }) => {
      const name = str(get(o, 'name'))?.replace(/\s+/g, ' ');
      if (!name) return [];
      return [
        makeOwner('US', {
          name,
          entity_type: usEntityType(str(get(o, 'entityType.code'))),
          nationality: str(get(o, 'citizenship.iso.code')) ?? str(get(o, 'citizenship.stateCountry.code')),
          role: currentOwnerRole(type, highest),
          address: makeAddress({
            lines: [str(get(o, 'address1')), str(get(o, 'address2'))].filter((l): l is string => l !== null),
            city: str(get(o, 'city')),
            region: str(get(o, 'addressStateCountry.isoRegion.code')),
            postal_code: str(get(o, 'zip')),
            country_code: str(get(o, 'addressStateCountry.iso.code')),
          }),
        }),
      ];
    });
};

const attorneys = (status: unknown): Attorney[] => {
  const out: Attorney[] = [];
  const corr = get(status, 'correspondence');
  const attorney = str(get(corr, 'attorneyName'));
  if (attorney) out.push({ name: attorney, firm: null, role: 'attorney', address: null });
  const name = str(get(corr, 'individualFullName')) ?? str(get(corr, 'firmName'));
  if (name) {
    const a = get(corr, 'address');
    out.push({
      name,
      firm: str(get(corr, 'firmName')),
      role: 'correspondent',
      address: makeAddress({
        lines: ['line1', 'line2', 'line3'].map((k) => str(get(a, k))).filter((l): l is string => l !== null),
        city: str(get(a, 'city')),
        region: str(get(a, 'region.isoRegion.code')),
        postal_code: str(get(a, 'postalCode')),
        country_code: str(get(a, 'countryCode')),
      }),
    });
  }
  return out;
};

const classifications = (gsList: unknown): Classification[] =>
  list(gsList).map((gs) => {
    const intl = list(get(gs, 'internationalClasses')).map((c) => str(get(c, 'code')));
    const code = intl.find((c) => niceClass(c) !== null) ?? str(get(gs, 'primeClassCode'));
    return {
      nice_class: niceClass(code),
      goods_services: str(get(gs, 'description')),
      class_status: str(get(gs, 'statusCode')),
      first_use_date: toIsoDate(str(get(gs, 'firstUseDate'))),
      first_use_in_commerce_date: toIsoDate(str(get(gs, 'firstUseInCommerceDate'))),
      office_classes: list(get(gs, 'usClasses'))
        .map((c) => str(get(c, 'code')))
        .filter((c): c is string => c !== null),
    };
  });

const toRecord = (tm: Record<string, unknown>): TrademarkRecord | string => {
  const s = tm['status'];
  const serial = str(get(s, 'serialNumber'));
  if (!serial) return 'trademark has no status.serialNumber';
  const r = emptyRecord('US', serial.padStart(8, '0'), 'tsdr-json');
  r.registration_number = str(get(s, 'usRegistrationNumber'));
  r.mark_text = str(get(s, 'markElement'));
  const drawing = usDrawingCode(str(get(s, 'markDrawingCd')));
  r.mark_type = usMarkType(drawing);
  r.disclaimer = str(get(s, 'disclaimer'));
  const code = str(get(s, 'status'));
  r.status = mapStatus('US', { code, label: usStatusLabel(code), effectiveDate: toIsoDate(str(get(s, 'statusDate'))) });
  r.register = {
    type: get(s, 'supplementalRegister') === true ? 'supplemental' : 'principal',
    acquired_distinctiveness: get(s, 'section2f') === true ? 'full' : get(s, 'section2fPartial') === true ? 'partial' : null,
    is_incontestable: typeof get(s, 'sect15Ack') === 'boolean' ? (get(s, 'sect15Ack') as boolean) : null,
    standard_characters_claimed: typeof get(s, 'standardChar') === 'boolean' ? (get(s, 'standardChar') as boolean) : null,
  };
  r.filing_date = toIsoDate(str(get(s, 'filingDate')));
  r.registration_date = toIsoDate(str(get(s, 'usRegistrationDate')));
  r.publication_date = toIsoDate(str(get(tm, 'publication.datePublished')));
  r.ir_number = list(tm['relationshipBundleList']).map((b) => str(get(b, 'internationalRegistrationNumber'))).find(Boolean) ?? null;
  r.owners = owners(tm['parties']);
  r.attorneys = attorneys(s);
  r.classifications = classifications(tm['gsList']);
  r.design_codes = list(get(s, 'designSearchList'))
    .map((d) => usDesignCode(str(get(d, 'code')) ?? ''))
    .filter((d): d is DesignCode => d !== null);
  if (drawing) r.media = [{ kind: 'drawing', url: null, drawing_code: drawing, design_codes: r.design_codes }];
  r.events = list(tm['prosecutionHistory']).map((e): ProsecutionEvent => {
    const ev = usEventCode(str(get(e, 'entryCode')) ?? '');
    const label = str(get(e, 'entryDesc'));
    return {
      date: toIsoDate(str(get(e, 'entryDate'))),
      office_code: 'US',
      raw: { code: ev.code || null, label },
      description: usEventDescription(ev.code, str(get(e, 'entryType')), label),
    };
  });
  r.source_date = latestDate(r);
  return r;
};

export const tsdrJson: FormatAdapter = {
  name: 'tsdr-json',
  detect: (head) => /^\s*\{/.test(head) && head.includes('"trademarks"') && /"(prosecutionHistory|usRegistrationNumber|markElement)"/.test(head),
  parse: (input, file) => jsonRecords(input, file, [['trademarks']], 'USPTO TSDR JSON', toRecord),
};

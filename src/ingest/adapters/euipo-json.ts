// EUIPO Trademark Search API JSON ({"trademarks": [...], "totalElements", …}), streamed element by
// element. EU trade marks and international registrations designating the EU (W-numbers) both
// land under office EM.
import type { Attorney, Owner } from '../../core/schemas/parts.js';
import type { TrademarkRecord } from '../../core/schemas/trademark.js';
import type { FormatAdapter } from '../adapter.js';
import { mapStatus } from '../status-tables.js';
import { emptyRecord } from '../../core/empty-record.js';
import { get, list, makeOwner, niceClass, str, toIsoDate } from './common.js';
import { jsonRecords } from './json-stream.js';

const party = (p: unknown): string | null => str(get(p, 'name'))?.replace(/\s*\n\s*/g, ' ') ?? null;

const toRecord = (tm: Record<string, unknown>): TrademarkRecord | string => {
  const number = str(tm['applicationNumber']);
  if (!number) return 'trademark has no applicationNumber';
  const r = emptyRecord('EM', number, 'euipo-json');
  r.mark_text = str(get(tm, 'wordMarkSpecification.verbalElement'));
  r.mark_type = str(tm['markFeature'])?.toLowerCase() ?? null;
  const code = str(tm['status']);
  r.status = mapStatus('EM', { code, label: null, effectiveDate: null });
  r.filing_date = toIsoDate(str(tm['applicationDate']));
  r.registration_date = toIsoDate(str(tm['registrationDate']));
  r.expiry_date = toIsoDate(str(tm['expiryDate']));
  const publications = list(tm['publications']);
  // Part A.1 of the EU Trade Marks Bulletin publishes applications; M.1 international designations.
  const filed = publications.find((p) => ['A.1', 'M.1'].includes(str(get(p, 'publicationSection')) ?? ''));
  r.publication_date = toIsoDate(str(get(filed ?? publications[0], 'publicationDate')));
  if (str(tm['markBasis']) === 'INTERNATIONAL_TRADEMARK' && /^W\d+$/.test(number)) {
    r.ir_number = number.slice(1).replace(/^0+/, '');
    r.protection_effective_date = toIsoDate(str(tm['designationDate']));
  }
  r.owners = list(tm['applicants']).flatMap((a): Owner[] => {
    const name = party(a);
    return name ? [makeOwner('EM', { name, entity_type: null, nationality: null, role: 'owner', address: null })] : [];
  });
  r.attorneys = list(tm['representatives']).flatMap((a): Attorney[] => {
    const name = party(a);
    return name ? [{ name, firm: null, role: 'representative', address: null }] : [];
  });
  r.classifications = list(tm['niceClasses']).map((c) => ({
    nice_class: niceClass(typeof c === 'number' ? c : str(c)),
    goods_services: null,
    class_status: null,
    first_use_date: null,
    first_use_in_commerce_date: null,
    office_classes: [],
  }));
  const dates = publications.map((p) => toIsoDate(str(get(p, 'publicationDate')))).filter((d): d is string => d !== null);
  r.source_date = dates.sort().at(-1) ?? r.registration_date ?? r.filing_date;
  return r;
};

export const euipoJson: FormatAdapter = {
  name: 'euipo-json',
  detect: (head) => /^\s*\{/.test(head) && head.includes('"trademarks"') && /"(markBasis|markKind|wordMarkSpecification)"/.test(head),
  parse: (input, file) => jsonRecords(input, file, [['trademarks']], 'EUIPO search-API JSON', toRecord),
};

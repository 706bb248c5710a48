// Japan Patent Office (JPO) patent-information API, trademark application progress JSON
// ({"result": {"statusCode", "data": {...}}}): one application per response. The API has no status
// field: a registration or erasure on the record decides it, else the latest document of the file
// history read through the JP table (basis event_derived, raw = that document's code and label).
import type { Attorney, Owner } from '../../core/schemas/parts.js';
import type { TrademarkStatus } from '../../core/schemas/status.js';
import type { TrademarkRecord } from '../../core/schemas/trademark.js';
import type { FormatAdapter } from '../adapter.js';
import { mapStatus, statusTable } from '../status-tables.js';
import { emptyRecord } from '../../core/empty-record.js';
import { get, list, makeOwner, niceClass, str, toIsoDate } from './common.js';
import { jsonRecords } from './json-stream.js';

/** applicantAttorneyClass: 1 is an applicant (or right holder), 2 an attorney. */
const APPLICANT = '1';

const computed = (primary: TrademarkStatus['primary'], stage: string, date: string | null): TrademarkStatus => ({
  primary,
  stage,
  reason: null,
  challenges: [],
  effective_date: date,
  basis: 'computed',
  raw: null,
});

const status = (d: unknown, registrationDate: string | null): TrademarkStatus => {
  const gone = toIsoDate(str(get(d, 'disappearanceDate')));
  if (gone || str(get(d, 'erasureIdentifier'))) return computed('inactive', 'lapsed', gone);
  if (str(get(d, 'registrationNumber'))) return computed('active', 'registered', registrationDate);
  const table = statusTable('JP');
  const documents = list(get(d, 'bibliographyInformation'))
    .flatMap((b) => list(get(b, 'documentList')))
    .filter((doc) => table?.has(str(get(doc, 'documentCode'))?.toUpperCase() ?? ''))
    .sort((a, b) => (str(get(a, 'legalDate')) ?? '').localeCompare(str(get(b, 'legalDate')) ?? ''));
  const latest = documents.at(-1);
  if (!latest) return computed('unknown', 'unknown', null);
  return {
    ...mapStatus('JP', {
      code: str(get(latest, 'documentCode')),
      label: str(get(latest, 'documentDescription')),
      effectiveDate: toIsoDate(str(get(latest, 'legalDate'))),
    }),
    basis: 'event_derived',
  };
};

const toRecord = (data: Record<string, unknown>): TrademarkRecord | string => {
  const number = str(data['applicationNumber']);
  if (!number) return 'data has no applicationNumber';
  const r = emptyRecord('JP', number, 'jpo-json');
  r.registration_number = str(data['registrationNumber']);
  r.mark_text = str(data['trademarkForDisplay']);
  r.filing_date = toIsoDate(str(data['filingDate']));
  r.publication_date = toIsoDate(str(data['publicationDate']));
  r.registration_date = toIsoDate(str(data['registrationDate']));
  r.expiry_date = toIsoDate(str(data['expireDate']));
  r.status = status(data, r.registration_date);
  const parties = list(data['applicantAttorney']);
  r.owners = parties
    .filter((p) => str(get(p, 'applicantAttorneyClass')) === APPLICANT)
    .flatMap((p): Owner[] => {
      const name = str(get(p, 'name'));
      return name ? [makeOwner('JP', { name, entity_type: null, nationality: null, role: 'owner', address: null })] : [];
    });
  r.attorneys = parties
    .filter((p) => str(get(p, 'applicantAttorneyClass')) !== APPLICANT)
    .flatMap((p): Attorney[] => {
      const name = str(get(p, 'name'));
      return name ? [{ name, firm: null, role: 'attorney', address: null }] : [];
    });
  r.classifications = list(data['goodsServiceInformation']).map((g) => ({
    nice_class: niceClass(str(get(g, 'goodsServiceClass'))),
    goods_services: str(get(g, 'goodsServiceName')),
    class_status: null,
    first_use_date: null,
    first_use_in_commerce_date: null,
    // JPO similar-group codes ("32A01") are the office's own classification of the goods.
    office_classes: (str(get(g, 'similarCode')) ?? '').split(/\s+/).filter(Boolean),
  }));
  r.events = list(data['bibliographyInformation'])
    .flatMap((b) => list(get(b, 'documentList')))
    .map((doc) => ({
      date: toIsoDate(str(get(doc, 'legalDate'))),
      office_code: 'JP',
      raw: { code: str(get(doc, 'documentCode')), label: str(get(doc, 'documentDescription')) },
      description: str(get(doc, 'documentDescription')),
    }));
  r.source_date = r.events.map((e) => e.date).filter((d): d is string => d !== null).sort().at(-1) ?? null;
  return r;
};

export const jpoJson: FormatAdapter = {
  name: 'jpo-json',
  detect: (head) => /^\s*\{/.test(head) && head.includes('"result"') && /"(trademarkForDisplay|goodsServiceInformation)"/.test(head),
  parse: (input, file) => jsonRecords(input, file, [['result', 'data']], 'JPO trademark progress JSON', toRecord),
};

// Finnish Patent and Registration Office (PRH) trademark open-data JSON ({"totalResults",
// "results": [...]}). T-numbers are national applications; W-numbers are international
// registrations designating Finland, whose registration number is the IR number.
import type { TrademarkRecord } from '../../core/schemas/trademark.js';
import type { FormatAdapter } from '../adapter.js';
import { mapStatus } from '../status-tables.js';
import { emptyRecord } from '../../core/empty-record.js';
import { get, list, makeOwner, niceClass, str, toIsoDate } from './common.js';
import { jsonRecords } from './json-stream.js';

const MARK_TYPES: Record<string, string> = {
  Word: 'word',
  'Figurative-word': 'combined',
  Figurative: 'figurative',
};

const names = (value: unknown): string[] =>
  list(value)
    .map((p) => str(get(p, 'name')))
    .filter((n): n is string => n !== null);

const toRecord = (tm: Record<string, unknown>): TrademarkRecord | string => {
  const number = str(tm['applicationNumber']);
  if (!number) return 'result has no applicationNumber';
  const r = emptyRecord('FI', number, 'prh-json');
  r.registration_number = str(tm['registrationNumber']);
  r.mark_text = str(tm['trademarkWord']);
  const kind = str(tm['dossierSubType']);
  r.mark_type = kind ? (MARK_TYPES[kind] ?? kind.toLowerCase()) : null;
  const status = str(tm['dossierStatus']);
  r.status = mapStatus('FI', { code: status, label: status });
  r.filing_date = toIsoDate(str(tm['applicationDate']));
  r.registration_date = toIsoDate(str(tm['registrationDate']));
  r.expiry_date = toIsoDate(str(tm['expirationDate']));
  r.priority_date = list(tm['priorities']).map((p) => toIsoDate(str(get(p, 'priorityDate')))).find(Boolean) ?? null;
  if (number.startsWith('W')) r.ir_number = r.registration_number;
  r.owners = names(tm['applicants']).map((name) =>
    makeOwner('FI', { name, entity_type: null, nationality: null, role: 'owner', address: null }),
  );
  r.attorneys = names(tm['representatives']).map((name) => ({ name, firm: null, role: 'representative' as const, address: null }));
  r.classifications = list(tm['goodsAndServices']).map((g) => ({
    nice_class: niceClass(str(get(g, 'classNumber'))),
    goods_services: str(get(g, 'description')),
    class_status: null,
    first_use_date: null,
    first_use_in_commerce_date: null,
    office_classes: [],
  }));
  const image = str(tm['imageUrl']);
  // The API returns the image path relative to its own host; it is kept verbatim.
  if (image) r.media = [{ kind: 'image', url: image, drawing_code: null, design_codes: [] }];
  return r;
};

export const prhJson: FormatAdapter = {
  name: 'prh-json',
  detect: (head) => /^\s*\{/.test(head) && head.includes('"results"') && /"(dossierStatus|dossierId)"/.test(head),
  parse: (input, file) => jsonRecords(input, file, [['results']], 'PRH (Finland) trademark JSON', toRecord),
};

// KIPRIS Plus (Korean Intellectual Property Office) trademark search XML: <response><body><items>
// with one <TradeMarkInfo> per mark. The status is the Korean status word, mapped by the KR table.
import type { DesignCode, Owner } from '../../core/schemas/parts.js';
import type { TrademarkRecord } from '../../core/schemas/trademark.js';
import type { FormatAdapter } from '../adapter.js';
import { mapStatus } from '../status-tables.js';
import { emptyRecord } from '../../core/empty-record.js';
import { makeOwner, niceClass, toIsoDate, toItem, viennaCode } from './common.js';
import { text, treeHandlers, type XmlNode } from './xml-tree.js';
import { runXml } from './xml-stream.js';

const split = (value: string | null): string[] => (value ? value.split(/[|,\s]+/).filter(Boolean) : []);

const toRecord = (tm: XmlNode): TrademarkRecord | string => {
  const number = text(tm, 'ApplicationNumber');
  if (!number) return 'TradeMarkInfo has no ApplicationNumber';
  const r = emptyRecord('KR', number, 'kipris-xml');
  r.registration_number = text(tm, 'RegistrationNumber');
  r.mark_text = text(tm, 'Title');
  const status = text(tm, 'ApplicationStatus');
  r.status = mapStatus('KR', { code: status, label: status });
  r.filing_date = toIsoDate(text(tm, 'ApplicationDate'));
  r.publication_date = toIsoDate(text(tm, 'PublicDate'));
  r.registration_date = toIsoDate(text(tm, 'RegistrationDate'));
  r.priority_date = toIsoDate(text(tm, 'PriorityClaimDate'));
  // The registered right holder, once there is one, is the owner; the applicant before that.
  const holder = text(tm, 'RegistrationRightholderName');
  const applicant = text(tm, 'ApplicantName');
  const owners: Owner[] = [];
  if (holder) owners.push(makeOwner('KR', { name: holder, entity_type: null, nationality: null, role: 'owner', address: null }));
  if (applicant && applicant !== holder) {
    owners.push(makeOwner('KR', { name: applicant, entity_type: null, nationality: null, role: holder ? 'applicant' : 'owner', address: null }));
  }
  r.owners = owners;
  const agent = text(tm, 'AgentName');
  if (agent) r.attorneys = [{ name: agent, firm: null, role: 'attorney', address: null }];
  r.classifications = split(text(tm, 'GoodClassificationCode')).map((c) => ({
    nice_class: niceClass(c),
    goods_services: null,
    class_status: null,
    first_use_date: null,
    first_use_in_commerce_date: null,
    office_classes: [],
  }));
  r.design_codes = split(text(tm, 'ViennaCode')).map(viennaCode).filter((d): d is DesignCode => d !== null);
  const image = text(tm, 'ImagePath');
  if (image) r.media = [{ kind: 'image', url: image, drawing_code: null, design_codes: r.design_codes }];
  return r;
};

export const kiprisXml: FormatAdapter = {
  name: 'kipris-xml',
  detect: (head) => /<response[\s>]/.test(head) && /<TradeMarkInfo[\s>]/.test(head),
  parse: (input, file) =>
    runXml(input, file, { roots: ['response'], what: 'KIPRIS trademark XML' }, (emit) => {
      let n = 0;
      return treeHandlers(['TradeMarkInfo'], (tm) => {
        n += 1;
        const number = n;
        emit(toItem(number, () => toRecord(tm)));
      });
    }),
};

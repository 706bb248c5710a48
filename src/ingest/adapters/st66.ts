// WIPO ST.66 trademark XML (as served by USPTO TSDR and used in office bulk exchanges). The record
// unit is each <TradeMark>; applicants are read inside it or, in the TSDR layout, from the
// <ApplicantDetails> that follows its <TradeMarkDetails>.
import type { Attorney, Classification } from '../../core/schemas/parts.js';
import type { TrademarkRecord } from '../../core/schemas/trademark.js';
import type { FormatAdapter } from '../adapter.js';
import { emptyRecord } from '../../core/empty-record.js';
import { clean, latestDate, makeAddress, makeOwner, niceClass, toIsoDate, toItem } from './common.js';
import { currentOwnerRole, usDrawingCode, usMarkType } from './uspto-codes.js';
import { wipoEntityType, wipoEvent, wipoRegister, wipoStatus } from './wipo-common.js';
import { all, first, text, texts, treeHandlers, type XmlNode } from './xml-tree.js';
import { runXml } from './xml-stream.js';

const nameLines = (book: XmlNode | null): string[] =>
  texts(book, 'FormattedNameAddress/Name/FreeFormatName/FreeFormatNameDetails/FreeFormatNameLine');

const address = (book: XmlNode | null) => {
  const a = first(book, 'FormattedNameAddress/Address/FormattedAddress');
  if (!a) return null;
  const lines = ['AddressRoom', 'AddressBuilding', 'AddressStreet', 'AddressLine']
    .flatMap((n) => texts(a, n));
  return makeAddress({
    lines,
    city: text(a, 'AddressCity'),
    region: text(a, 'AddressState'),
    postal_code: text(a, 'AddressPostcode'),
    country_code: text(a, 'FormattedAddressCountryCode'),
  });
};

const classifications = (tm: XmlNode): Classification[] =>
  all(tm, 'GoodsServicesDetails/GoodsServices/ClassDescriptionDetails/ClassDescription').map((c) => {
    const ext = first(c, 'ClassDescriptionExt');
    const code = text(c, 'ClassNumber');
    return {
      nice_class: niceClass(code),
      goods_services: text(c, 'GoodsServicesDescription'),
      class_status: text(c, 'ClassNumberStatusCode'),
      first_use_date: toIsoDate(text(ext, 'FilingBasisDetails/FirstUseDateNumber')),
      first_use_in_commerce_date: toIsoDate(text(ext, 'FilingBasisDetails/FirstUseInCommerceDate')),
      office_classes: niceClass(code) === null && code ? [code] : texts(ext, 'DomesticClassNumbers'),
    };
  });

const REPRESENTATIVE_ROLES: Record<string, Attorney['role']> = {
  'attorney of record': 'attorney',
  'domestic correspondent': 'correspondent',
  'domestic representative': 'representative',
};

const attorneys = (tm: XmlNode): Attorney[] =>
  all(tm, 'RepresentativeDetails/Representative').flatMap((rep): Attorney[] => {
    const book = first(rep, 'RepresentativeAddressBook');
    const [name, ...rest] = nameLines(book);
    if (!name) return [];
    const role = REPRESENTATIVE_ROLES[text(rep, 'Comment')?.toLowerCase() ?? ''] ?? 'representative';
    return [{ name, firm: rest[0] ?? null, role, address: role === 'attorney' ? null : address(book) }];
  });

const owners = (office: string, applicants: XmlNode[]) => {
  const types = applicants.map((a) => Number(text(a, 'ApplicantExt/PartyTypeCode') ?? 0));
  const highest = Math.max(0, ...types);
  return applicants
    .map((a, i) => ({ a, type: types[i]! }))
    .sort((x, y) => y.type - x.type)
    .flatMap(({ a, type }) => {
      const book = first(a, 'ApplicantAddressBook');
      const name = nameLines(book).join(' ');
      if (!name) return [];
      return [
        makeOwner(office, {
          name,
          entity_type: wipoEntityType(office, text(a, 'ApplicantExt/ApplicantLegalEntityCode'), text(a, 'ApplicantLegalEntity')),
          nationality: text(a, 'ApplicantNationalityCode') ?? text(a, 'ApplicantIncorporationCountryCode'),
          role: highest ? currentOwnerRole(type, highest) : 'owner',
          address: address(book),
        }),
      ];
    });
};

const toRecord = (tm: XmlNode, applicants: XmlNode[]): TrademarkRecord | string => {
  const number = text(tm, 'ApplicationNumber');
  if (!number) return 'TradeMark has no ApplicationNumber';
  const office = text(tm, 'RegistrationOfficeCode')?.toUpperCase() ?? 'US';
  if (!/^[A-Z]{2}$/.test(office)) return `RegistrationOfficeCode "${office}" is not a two-letter office code`;
  const r = emptyRecord(office, number, 'st66');
  const ext = first(tm, 'TradeMarkExt');
  r.registration_number = text(tm, 'RegistrationNumber');
  r.mark_text = text(tm, 'WordMarkSpecification/MarkVerbalElementText');
  const drawing = office === 'US' ? usDrawingCode(text(ext, 'MarkFeatureCode')) : null;
  r.mark_type = office === 'US' ? usMarkType(drawing) : (clean(text(tm, 'MarkFeature'))?.toLowerCase() ?? null);
  const disclaimers = texts(tm, 'MarkDisclaimerDetails/MarkDisclaimer');
  r.disclaimer = disclaimers.length ? disclaimers.join('\n') : null;
  r.status = wipoStatus(office, text(tm, 'MarkCurrentStatusCode'), text(tm, 'MarkCurrentStatusDate'));
  r.register = wipoRegister(text(ext, 'RegisterCategory'), text(tm, 'WordMarkSpecification/MarkStandardCharacterIndicator'));
  r.filing_date = toIsoDate(text(tm, 'ApplicationDate'));
  r.registration_date = toIsoDate(text(tm, 'RegistrationDate'));
  r.publication_date = toIsoDate(text(tm, 'PublicationDetails/Publication/PublicationDate'));
  r.expiry_date = toIsoDate(text(tm, 'ExpiryDate'));
  r.last_renewal_date = toIsoDate(all(ext, 'AdditionalMarkDetails').map((d) => text(d, 'RenewalDate')).find(Boolean));
  r.owners = owners(office, applicants);
  r.attorneys = attorneys(tm);
  r.classifications = classifications(tm);
  if (drawing) r.media = [{ kind: 'drawing', url: null, drawing_code: drawing, design_codes: [] }];
  r.events = all(tm, 'MarkEventDetails/MarkEvent').map((e) =>
    wipoEvent(
      office,
      text(e, 'MarkEventCode'),
      text(e, 'MarkEventExt/MarkEventInternalDescriptionText') ?? text(e, 'MarkEventDescription'),
      text(e, 'MarkEventDate'),
    ),
  );
  r.source_date = latestDate(r);
  return r;
};

export const st66: FormatAdapter = {
  name: 'st66',
  detect: (head) => /<(\w+:)?Transaction[\s>]/.test(head) && /<(\w+:)?TradeMark[\s>]/.test(head),
  parse: (input, file) =>
    runXml(input, file, { roots: ['Transaction', 'TradeMark'], what: 'WIPO ST.66 XML' }, (emit) => {
      let n = 0;
      // TSDR puts <ApplicantDetails> after the <TradeMarkDetails> it belongs to, while bulk files
      // nest applicants in each <TradeMark>: the last mark waits until the next mark, its
      // applicants or the end of its transaction, so at most one record is held.
      let pending: XmlNode | null = null;
      const flush = (outer: XmlNode[]) => {
        if (!pending) return;
        const tm = pending;
        pending = null;
        n += 1;
        emit(toItem(n, () => toRecord(tm, [...all(tm, 'ApplicantDetails/Applicant'), ...outer])));
      };
      const tree = treeHandlers(['TradeMark', 'ApplicantDetails'], (node) => {
        if (node.name === 'ApplicantDetails') {
          flush(all(node, 'Applicant'));
          return;
        }
        flush([]);
        pending = node;
      });
      return {
        open: tree.open,
        close(name, text) {
          tree.close(name, text);
          if (name === 'TransactionData') flush([]);
        },
        end: () => flush([]),
      };
    }),
};

// WIPO ST.96 trademark XML: the current USPTO TSDR layout (TrademarkTransaction, ST96 namespaces),
// the 1.D3 layout (Transaction with com:/tmk: prefixes) and the older TSDR layout with legal
// proceedings. The record unit is each <Trademark>; names are matched without their prefixes.
import type { Attorney, Classification, DesignCode } from '../../core/schemas/parts.js';
import type { TrademarkRecord } from '../../core/schemas/trademark.js';
import type { FormatAdapter } from '../adapter.js';
import { emptyRecord } from '../../core/empty-record.js';
import { clean, latestDate, makeAddress, makeOwner, niceClass, toIsoDate, toItem } from './common.js';
import { currentOwnerRole, usDesignCode, usDrawingCode, usMarkType } from './uspto-codes.js';
import { wipoEntityType, wipoEvent, wipoRegister, wipoStatus } from './wipo-common.js';
import { all, find, first, text, texts, treeHandlers, type XmlNode } from './xml-tree.js';
import { runXml } from './xml-stream.js';

const contactName = (contact: XmlNode | null): string | null =>
  text(contact, 'Name/PersonName/PersonFullName') ??
  text(contact, 'Name/EntityName') ??
  text(contact, 'Name/OrganizationName/OrganizationStandardName');

const contactAddress = (contact: XmlNode | null) => {
  const postal = first(contact, 'PostalAddressBag/PostalAddress');
  if (!postal) return null;
  const s = first(postal, 'PostalStructuredAddress');
  const country = text(s, 'CountryCode');
  return makeAddress({
    lines: texts(s, 'AddressLineText'),
    city: text(s, 'CityName'),
    region: text(s, 'GeographicRegionName'),
    postal_code: text(s, 'PostalCode'),
    country_code: country && /^[A-Z]{2}$/.test(country) ? country : null,
    formatted: s ? null : text(postal, 'PostalAddressText'),
  });
};

/** The attribute whatever its prefix (`ns1:sequenceNumber`, `com:sequenceNumber`). */
const attr = (node: XmlNode, local: string): string | null => {
  for (const [k, v] of Object.entries(node.attrs)) if (k === local || k.endsWith(`:${local}`)) return v;
  return null;
};

const classifications = (tm: XmlNode): Classification[] =>
  all(tm, 'GoodsServicesBag/GoodsServices').map((gs) => {
    const kinds = all(gs, 'GoodsServicesClassificationBag/GoodsServicesClassification');
    const kind = (k: string) => kinds.find((c) => text(c, 'ClassificationKindCode') === k);
    const code = text(kind('Nice'), 'ClassNumber') ?? text(kind('Primary'), 'ClassNumber') ?? text(gs, 'ClassDescriptionBag/ClassDescription/ClassNumber');
    const descriptions = all(gs, 'ClassDescriptionBag/ClassDescription');
    const goods = descriptions.flatMap((d) => texts(d, 'GoodsServicesDescriptionText'));
    const basis = first(gs, 'NationalFilingBasis');
    // US classes are "Domestic" in the current layout and "National" in 1.D3 and the older one.
    const domestic = kinds.map((c) => text(c, 'NationalClassNumber'));
    return {
      nice_class: niceClass(code),
      goods_services: goods.length ? goods.join('\n') : null,
      class_status: text(find(gs, 'NationalStatus'), 'NationalStatusCode'),
      first_use_date: toIsoDate(text(basis, 'FirstUsedDate')),
      first_use_in_commerce_date: toIsoDate(text(basis, 'FirstUsedCommerceDate')),
      office_classes: niceClass(code) === null && code ? [code] : domestic.filter((c): c is string => c !== null),
    };
  });

const attorneys = (tm: XmlNode): Attorney[] => {
  const list: Attorney[] = [];
  const add = (node: XmlNode | null, role: Attorney['role']) => {
    const contact = first(node, 'Contact');
    const name = text(contact, 'Name/PersonName/PersonFullName') ?? text(contact, 'Name/EntityName');
    if (!name) return;
    list.push({
      name,
      firm: text(contact, 'Name/OrganizationName/OrganizationStandardName'),
      role,
      address: role === 'attorney' ? null : contactAddress(contact),
    });
  };
  add(first(tm, 'RecordAttorney'), 'attorney');
  add(first(tm, 'NationalCorrespondent'), 'correspondent');
  add(first(tm, 'NationalRepresentative'), 'representative');
  // ST.66 lists them attorney, correspondent, representative; keep that order for both formats.
  return list.sort((a, b) => ORDER[a.role] - ORDER[b.role]);
};
const ORDER: Record<Attorney['role'], number> = { attorney: 0, correspondent: 1, representative: 2 };

const owners = (office: string, tm: XmlNode) => {
  const applicants = all(tm, 'ApplicantBag/Applicant');
  const types = applicants.map((a) => Number(attr(a, 'sequenceNumber') ?? 0));
  const highest = Math.max(0, ...types);
  return applicants
    .map((a, i) => ({ a, type: types[i]! }))
    .sort((x, y) => y.type - x.type)
    .flatMap(({ a, type }) => {
      const contact = first(a, 'Contact');
      const name = contactName(contact);
      if (!name) return [];
      return [
        makeOwner(office, {
          name,
          entity_type: wipoEntityType(office, text(a, 'NationalLegalEntityCode'), text(a, 'LegalEntityName')),
          nationality: text(a, 'NationalityCode') ?? text(a, 'IncorporationCountryCode'),
          role: highest ? currentOwnerRole(type, highest) : 'owner',
          address: contactAddress(contact),
        }),
      ];
    });
};

const designCodes = (tm: XmlNode): DesignCode[] => {
  const image = first(tm, 'MarkRepresentation/MarkReproduction/MarkImageBag/MarkImage');
  const out: DesignCode[] = [];
  const walk = (node: XmlNode) => {
    for (const c of node.children) {
      if (c.name === 'NationalDesignCode') {
        const code = usDesignCode(c.text);
        if (code) out.push(code);
      } else walk(c);
    }
  };
  if (image) walk(image);
  return out;
};

const toRecord = (tm: XmlNode): TrademarkRecord | string => {
  const number = text(tm, 'ApplicationNumber/ApplicationNumberText');
  if (!number) return 'Trademark has no ApplicationNumber/ApplicationNumberText';
  const office = (text(tm, 'RegistrationOfficeCode') ?? text(tm, 'ApplicationNumber/IPOfficeCode') ?? 'US').toUpperCase();
  if (!/^[A-Z]{2}$/.test(office)) return `office code "${office}" is not a two-letter office code`;
  const r = emptyRecord(office, number, 'st96');
  const word = first(tm, 'MarkRepresentation/MarkReproduction/WordMarkSpecification');
  const national = first(tm, 'NationalTrademarkInformation');
  r.registration_number = text(tm, 'RegistrationNumber');
  r.mark_text = text(word, 'MarkVerbalElementText');
  const drawing = office === 'US' ? usDrawingCode(text(find(tm, 'NationalMarkDescription'), 'MarkFeatureCode')) : null;
  r.mark_type = office === 'US' ? usMarkType(drawing) : (clean(text(tm, 'MarkRepresentation/MarkFeatureCategory'))?.toLowerCase() ?? null);
  const disclaimers = texts(tm, 'MarkDisclaimerBag/MarkDisclaimerText');
  r.disclaimer = disclaimers.length ? disclaimers.join('\n') : null;
  r.status = wipoStatus(office, text(tm, 'MarkCurrentStatusCode'), text(tm, 'MarkCurrentStatusDate'));
  r.register = wipoRegister(text(national, 'RegisterCategory'), text(word, 'MarkStandardCharacterIndicator'));
  r.filing_date = toIsoDate(text(tm, 'ApplicationDate'));
  r.registration_date = toIsoDate(text(tm, 'RegistrationDate'));
  r.publication_date = toIsoDate(text(tm, 'PublicationBag/Publication/PublicationDate'));
  r.expiry_date = toIsoDate(text(tm, 'ExpiryDate'));
  r.last_renewal_date = toIsoDate(text(national, 'RenewalDate'));
  r.owners = owners(office, tm);
  r.attorneys = attorneys(tm);
  r.classifications = classifications(tm);
  r.design_codes = designCodes(tm);
  if (drawing) r.media = [{ kind: 'drawing', url: null, drawing_code: drawing, design_codes: r.design_codes }];
  r.events = all(tm, 'MarkEventBag/MarkEvent').map((e) =>
    wipoEvent(
      office,
      text(e, 'NationalMarkEvent/MarkEventCode') ?? text(e, 'MarkEventCode'),
      text(e, 'NationalMarkEvent/MarkEventDescriptionText') ?? text(e, 'MarkEventDescriptionText'),
      text(e, 'MarkEventDate'),
    ),
  );
  r.source_date = latestDate(r);
  return r;
};

export const st96: FormatAdapter = {
  name: 'st96',
  detect: (head) => /<(\w+:)?(TrademarkTransaction|Transaction)[\s>]/.test(head) && /<(\w+:)?Trademark[\s>]/.test(head),
  parse: (input, file) =>
    runXml(input, file, { roots: ['TrademarkTransaction', 'Transaction', 'Trademark'], what: 'WIPO ST.96 XML' }, (emit) => {
      let n = 0;
      return treeHandlers(['Trademark'], (tm) => {
        n += 1;
        const number = n;
        emit(toItem(number, () => toRecord(tm)));
      });
    }),
};

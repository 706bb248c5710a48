// USPTO "Trademark Applications Daily" bulk XML (DTD v2.0): one <case-file> per record under the
// IB, TX and NA action groups. A flat state machine over saxes events (no tree per record) keeps
// the parser near saxes' own speed on multi-gigabyte daily and annual files.
import type { Attorney, Classification, DesignCode, ProsecutionEvent } from '../../core/schemas/parts.js';
import type { TrademarkRecord } from '../../core/schemas/trademark.js';
import type { FormatAdapter } from '../adapter.js';
import { mapStatus, usStatusLabel } from '../status-tables.js';
import { emptyRecord } from '../../core/empty-record.js';
import { clean, makeAddress, makeOwner, niceClass, toIsoDate, toItem } from './common.js';
import {
  currentOwnerRole,
  usDesignCode,
  usDrawingCode,
  usEntityType,
  usEventCode,
  usEventDescription,
  usMarkType,
} from './uspto-codes.js';
import { runXml } from './xml-stream.js';

type Fields = Record<string, string>;
interface ClassRow {
  intl: string[];
  us: string[];
  f: Fields;
}
interface OwnerRow {
  f: Fields;
  nationality: Fields;
}
interface CaseFile {
  hasHeader: boolean;
  top: Fields;
  header: Fields;
  statements: { code: string; text: string }[];
  events: Fields[];
  classes: ClassRow[];
  correspondent: string[];
  prior: Fields[];
  owners: OwnerRow[];
  designs: string[];
  ir: Fields;
  foreign: Fields[];
}

const newCase = (): CaseFile => ({
  hasHeader: false,
  top: {},
  header: {},
  statements: [],
  events: [],
  classes: [],
  correspondent: [],
  prior: [],
  owners: [],
  designs: [],
  ir: {},
  foreign: [],
});

/** The header and top-level leaves the record uses; the ~50 other indicator flags are skipped. */
const KEPT = new Set([
  'serial-number',
  'registration-number',
  'transaction-date',
  'filing-date',
  'registration-date',
  'status-code',
  'status-date',
  'mark-identification',
  'mark-drawing-code',
  'published-for-opposition-date',
  'attorney-name',
  'domestic-representative-name',
  'renewal-date',
  'standard-characters-claimed-in',
  'supplemental-register-in',
  'section-2f-in',
  'section-2f-in-part-in',
  'section-15-acknowledged-in',
  'opposition-pending-in',
  'cancellation-pending-in',
  'interference-pending-in',
  'concurrent-use-proceeding-in',
]);

const flag = (fields: Fields, name: string): boolean => fields[name] === 'T';

const statementText = (c: CaseFile, prefix: string): string | null => {
  const parts = c.statements.filter((s) => s.code.startsWith(prefix)).map((s) => s.text);
  return parts.length ? parts.join('\n') : null;
};

const classifications = (c: CaseFile): Classification[] => {
  const goods = new Map<string, string>();
  for (const s of c.statements) {
    if (!s.code.startsWith('GS')) continue;
    const prime = s.code.slice(2, 5);
    goods.set(prime, goods.has(prime) ? `${goods.get(prime)}\n${s.text}` : s.text);
  }
  const rows: Classification[] = [];
  const used = new Set<string>();
  for (const k of c.classes) {
    const prime = k.f['primary-code'] ?? k.intl[0] ?? '';
    used.add(prime);
    const base = {
      goods_services: goods.get(prime) ?? null,
      class_status: clean(k.f['status-code']),
      first_use_date: toIsoDate(k.f['first-use-anywhere-date']),
      first_use_in_commerce_date: toIsoDate(k.f['first-use-in-commerce-date']),
      office_classes: k.us,
    };
    // One classification can list several international classes; each becomes its own row.
    const intl = k.intl.length ? k.intl : [prime];
    for (const code of intl) rows.push({ nice_class: niceClass(code), ...base });
  }
  for (const [prime, text] of goods) {
    if (used.has(prime)) continue;
    rows.push({
      nice_class: niceClass(prime),
      goods_services: text,
      class_status: null,
      first_use_date: null,
      first_use_in_commerce_date: null,
      office_classes: niceClass(prime) === null ? [prime] : [],
    });
  }
  return rows;
};

const owners = (c: CaseFile) => {
  const highest = Math.max(...c.owners.map((o) => Number(o.f['party-type'] ?? 0)));
  return c.owners
    .filter((o) => clean(o.f['party-name']))
    .sort((a, b) => Number(b.f['party-type'] ?? 0) - Number(a.f['party-type'] ?? 0))
    .map((o) => {
      const n = o.nationality;
      const nationality = clean(n['country']) ?? (clean(n['state']) ? 'US' : clean(n['other']));
      const lines = [o.f['address-1'], o.f['address-2']].map(clean).filter((l): l is string => l !== null);
      return makeOwner('US', {
        name: clean(o.f['party-name'])!,
        entity_type: usEntityType(o.f['legal-entity-type-code']),
        nationality,
        role: currentOwnerRole(Number(o.f['party-type'] ?? 0), highest),
        address: makeAddress({
          lines,
          city: clean(o.f['city']),
          region: clean(o.f['state']),
          postal_code: clean(o.f['postcode']),
          country_code: clean(o.f['country']),
        }),
      });
    });
};

const attorneys = (c: CaseFile): Attorney[] => {
  const list: Attorney[] = [];
  const attorney = clean(c.header['attorney-name']);
  if (attorney) list.push({ name: attorney, firm: null, role: 'attorney', address: null });
  const rep = clean(c.header['domestic-representative-name']);
  if (rep) list.push({ name: rep, firm: null, role: 'representative', address: null });
  const lines = c.correspondent.map(clean).filter((l): l is string => l !== null);
  if (lines.length) {
    list.push({
      name: lines[0]!,
      firm: null,
      role: 'correspondent',
      address: makeAddress({ lines: lines.slice(1), formatted: lines.join(', ') }),
    });
  }
  return list;
};

const toRecord = (c: CaseFile): TrademarkRecord | string => {
  const serial = clean(c.top['serial-number']);
  if (!serial || !/^\d{8}$/.test(serial)) return `case-file has no valid serial-number (got ${JSON.stringify(serial ?? '')})`;
  const h = c.header;
  const r = emptyRecord('US', serial, 'uspto-daily-xml');
  const reg = clean(c.top['registration-number']);
  r.registration_number = reg && !/^0+$/.test(reg) ? reg : null;
  r.mark_text = clean(h['mark-identification']);
  const drawing = usDrawingCode(h['mark-drawing-code']);
  r.mark_type = usMarkType(drawing);
  r.disclaimer = statementText(c, 'D0') ?? statementText(c, 'D1');
  const code = clean(h['status-code']);
  const challenges: string[] = [];
  if (flag(h, 'opposition-pending-in')) challenges.push('opposition');
  if (flag(h, 'cancellation-pending-in')) challenges.push('cancellation');
  if (flag(h, 'interference-pending-in')) challenges.push('interference');
  if (flag(h, 'concurrent-use-proceeding-in')) challenges.push('concurrent_use');
  r.status = mapStatus('US', {
    code,
    label: usStatusLabel(code),
    effectiveDate: toIsoDate(h['status-date']),
    challenges,
  });
  if (c.hasHeader) {
    r.register = {
      type: flag(h, 'supplemental-register-in') ? 'supplemental' : 'principal',
      acquired_distinctiveness: flag(h, 'section-2f-in') ? 'full' : flag(h, 'section-2f-in-part-in') ? 'partial' : null,
      is_incontestable: h['section-15-acknowledged-in'] ? flag(h, 'section-15-acknowledged-in') : null,
      standard_characters_claimed: h['standard-characters-claimed-in'] ? flag(h, 'standard-characters-claimed-in') : null,
    };
  }
  r.filing_date = toIsoDate(h['filing-date']);
  r.registration_date = toIsoDate(h['registration-date']);
  r.publication_date = toIsoDate(h['published-for-opposition-date']);
  r.last_renewal_date = toIsoDate(h['renewal-date']);
  const ir = c.ir;
  r.ir_number = clean(ir['international-registration-number']);
  r.ir_date = toIsoDate(ir['international-registration-date']);
  // A §66(a) record carries the date its international registration falls due for renewal.
  r.renewal_due_date = toIsoDate(ir['international-renewal-date']);
  const irPriority = flag(ir, 'priority-claimed-in') ? toIsoDate(ir['priority-claimed-date']) : null;
  const foreignPriority = c.foreign.find((f) => flag(f, 'foreign-priority-claim-in'));
  r.priority_date = irPriority ?? (foreignPriority ? toIsoDate(foreignPriority['filing-date']) : null);
  // Relationship type 0 is a prior registration the applicant claims; the other types (parent,
  // child, cross-reference cases) are not read, their codes being unconfirmed here.
  const prior = c.prior.filter((p) => clean(p['relationship-type']) === '0').map((p) => clean(p['number'])).filter((n): n is string => n !== null && !/^0+$/.test(n));
  if (prior.length) r.prior_registrations = [...new Set(prior)].map((n) => ({ office_code: 'US', registration_number: n }));
  r.owners = owners(c);
  r.attorneys = attorneys(c);
  r.classifications = classifications(c);
  const designs = c.designs.map(usDesignCode).filter((d): d is DesignCode => d !== null);
  r.design_codes = designs;
  if (drawing) r.media = [{ kind: 'drawing', url: null, drawing_code: drawing, design_codes: designs }];
  r.events = c.events.map((e): ProsecutionEvent => {
    const ev = usEventCode(e['code'] ?? '');
    const label = clean(e['description-text']);
    return {
      date: toIsoDate(e['date']),
      office_code: 'US',
      raw: { code: ev.code || null, label },
      description: usEventDescription(ev.code, clean(e['type']), label),
    };
  });
  r.source_date = toIsoDate(c.top['transaction-date']);
  return r;
};

export const usptoDailyXml: FormatAdapter = {
  name: 'uspto-daily-xml',
  detect: (head) => head.includes('<trademark-applications-daily') || /^\s*(<\?xml[^>]*>\s*)?<case-file>/.test(head),
  parse: (input, file) =>
    runXml(input, file, { roots: ['trademark-applications-daily', 'case-file'], what: 'USPTO daily XML' }, (emit) => {
      let c: CaseFile | null = null;
      let n = 0;
      const contexts: string[] = [];
      let ctx = '';
      let fields: Fields = {};
      let classRow: ClassRow | null = null;
      let owner: OwnerRow | null = null;
      return {
        open(name) {
          if (name === 'case-file') {
            c = newCase();
            contexts.length = 0;
            ctx = 'case-file';
            fields = c.top;
            return;
          }
          if (!c) return;
          // A switch rather than a Set lookup: most elements are leaves and fall through cheaply.
          switch (name) {
            case 'case-file-header':
              c.hasHeader = true;
              fields = c.header;
              break;
            case 'classification':
              classRow = { intl: [], us: [], f: {} };
              c.classes.push(classRow);
              fields = classRow.f;
              break;
            case 'case-file-owner':
              owner = { f: {}, nationality: {} };
              c.owners.push(owner);
              fields = owner.f;
              break;
            case 'nationality':
              fields = owner ? owner.nationality : {};
              break;
            case 'international-registration':
              fields = c.ir;
              break;
            case 'foreign-application':
              fields = {};
              c.foreign.push(fields);
              break;
            case 'case-file-event-statement':
              fields = {};
              c.events.push(fields);
              break;
            case 'case-file-statement':
            case 'correspondent':
            case 'design-search':
            case 'madrid-international-filing-record':
            case 'prior-registration-application':
              fields = {};
              break;
            default:
              return;
          }
          contexts.push(ctx);
          ctx = name;
        },
        close(name, text) {
          if (!c) return;
          if (name === 'case-file') {
            n += 1;
            const done = c;
            emit(toItem(n, () => toRecord(done)));
            c = null;
            return;
          }
          if (name === ctx) {
            if (name === 'case-file-statement' && fields['type-code']) {
              c.statements.push({ code: fields['type-code'].trim(), text: fields['text'] ?? '' });
            } else if (name === 'design-search' && fields['code']) {
              c.designs.push(fields['code']);
            } else if (name === 'prior-registration-application') {
              c.prior.push(fields);
            }
            ctx = contexts.pop() ?? 'case-file';
            fields = ctx === 'case-file-owner' && owner ? owner.f : ctx === 'case-file-header' ? c.header : ctx === 'case-file' ? c.top : {};
            return;
          }
          if (ctx === 'classification' && classRow) {
            if (name === 'international-code') classRow.intl.push(text.trim());
            else if (name === 'us-code') classRow.us.push(text.trim());
            else fields[name] = text;
          } else if (ctx === 'correspondent') {
            c.correspondent.push(text);
          } else if (ctx === 'case-file-statement' && name === 'text') {
            fields['text'] = fields['text'] ? `${fields['text']}\n${text}` : text;
          } else if ((ctx !== 'case-file-header' && ctx !== 'case-file') || KEPT.has(name)) {
            fields[name] = text;
          }
        },
      };
    }),
};

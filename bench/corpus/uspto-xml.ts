// Renders generated US records as USPTO "Trademark Applications Daily" XML (DTD v2.0): the real
// prolog, <trademark-applications-daily> envelope and <case-file> elements in the DTD's element
// order, indented like the office's files, so the real daily-XML parser reads them.
import type { TrademarkRecord } from '../../src/core/schemas/trademark.js';
import { loadVocab } from './vocab.js';

const esc = (s: string): string =>
  s.includes('&') || s.includes('<') || s.includes('>') ? s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') : s;

/** 2024-03-05 → 20240305. */
const compact = (iso: string | null): string => (iso ? iso.replace(/-/g, '') : '0');
const yn = (b: boolean | null | undefined): string => (b ? 'T' : 'F');

const HEADER_FLAGS = [
  'principal-register-amended-in', 'supplemental-register-amended-in', 'trademark-in', 'collective-trademark-in',
  'service-mark-in', 'collective-service-mark-in', 'collective-membership-mark-in', 'certification-mark-in',
  'cancellation-pending-in', 'published-concurrent-in', 'concurrent-use-in', 'concurrent-use-proceeding-in',
  'interference-pending-in', 'opposition-pending-in', 'section-12c-in', 'section-2f-in', 'section-2f-in-part-in',
  'renewal-filed-in', 'section-8-filed-in', 'section-8-partial-accept-in', 'section-8-accepted-in',
  'section-15-acknowledged-in', 'section-15-filed-in', 'supplemental-register-in', 'foreign-priority-in',
  'change-registration-in', 'intent-to-use-in', 'intent-to-use-current-in', 'filed-as-use-application-in',
  'amended-to-use-application-in', 'use-application-currently-in', 'amended-to-itu-application-in',
  'filing-basis-filed-as-44d-in', 'amended-to-44d-application-in', 'filing-basis-current-44d-in',
  'filing-basis-filed-as-44e-in', 'filing-basis-current-44e-in', 'amended-to-44e-application-in',
  'without-basis-currently-in', 'filing-current-no-basis-in', 'color-drawing-filed-in', 'color-drawing-current-in',
  'drawing-3d-filed-in', 'drawing-3d-current-in', 'standard-characters-claimed-in', 'filing-basis-filed-as-66a-in',
  'filing-basis-current-66a-in',
] as const;
type Flag = (typeof HEADER_FLAGS)[number];

/** The daily file's opening: the real DTD prolog, version block and the TX action-key group. */
export const usptoDailyHead = (creationDate: string): string =>
  `${loadVocab().usdailyProlog.trimEnd()}
<trademark-applications-daily>
  <version>
    <version-no>2.0</version-no>
    <version-date>20041108</version-date>
  </version>
  <creation-datetime>${compact(creationDate)}2200</creation-datetime>
  <application-information>
    <file-segments>
      <file-segment>TRMK</file-segment>
      <action-keys>
        <action-key>TX</action-key>
`;

export const USPTO_DAILY_TAIL = `      </action-keys>
    </file-segments>
  </application-information>
</trademark-applications-daily>
`;

const I = '          ';

export const caseFileXml = (r: TrademarkRecord): string => {
  const out: string[] = [];
  const el = (indent: string, name: string, value: string | null | undefined) => {
    if (value !== null && value !== undefined && value !== '') out.push(`${indent}<${name}>${esc(value)}</${name}>`);
  };
  const code = r.status.raw?.code ?? '000';
  const madrid = r.application_number.startsWith('79');
  const registered = r.registration_date !== null;
  const classes = r.classifications.map((c) => c.nice_class ?? 0);
  const eventCodes = new Set(r.events.map((e) => e.raw.code));
  const itu = !registered && !madrid && r.classifications.every((c) => c.first_use_date === null);
  const flags: Partial<Record<Flag, boolean>> = {
    'trademark-in': classes.some((c) => c < 35),
    'service-mark-in': classes.some((c) => c >= 35),
    'opposition-pending-in': r.status.challenges.includes('opposition'),
    'section-2f-in': r.register?.acquired_distinctiveness === 'full',
    'section-2f-in-part-in': r.register?.acquired_distinctiveness === 'partial',
    'renewal-filed-in': r.last_renewal_date !== null,
    'section-8-filed-in': eventCodes.has('8.OK') || eventCodes.has('C15A'),
    'section-8-accepted-in': eventCodes.has('8.OK') || eventCodes.has('C15A'),
    'section-15-acknowledged-in': r.register?.is_incontestable === true,
    'section-15-filed-in': r.register?.is_incontestable === true,
    'supplemental-register-in': r.register?.type === 'supplemental',
    'foreign-priority-in': r.priority_date !== null,
    'intent-to-use-in': itu,
    'intent-to-use-current-in': itu,
    'filed-as-use-application-in': !itu && !madrid,
    'use-application-currently-in': !itu && !madrid,
    'standard-characters-claimed-in': r.register?.standard_characters_claimed === true,
    'filing-basis-filed-as-66a-in': madrid,
    'filing-basis-current-66a-in': madrid,
  };

  out.push('        <case-file>');
  el(I, 'serial-number', r.application_number);
  el(I, 'registration-number', r.registration_number ?? '0000000');
  el(I, 'transaction-date', compact(r.source_date));
  out.push(`${I}<case-file-header>`);
  const H = `${I}  `;
  el(H, 'filing-date', compact(r.filing_date));
  if (registered) el(H, 'registration-date', compact(r.registration_date));
  el(H, 'status-code', code);
  el(H, 'status-date', compact(r.status.effective_date));
  el(H, 'mark-identification', r.mark_text);
  el(H, 'mark-drawing-code', r.mark_text === null ? '2000' : r.mark_type === 'combined' ? '3000' : '4000');
  el(H, 'published-for-opposition-date', r.publication_date ? compact(r.publication_date) : null);
  el(H, 'attorney-name', r.attorneys[0]?.name);
  for (const f of HEADER_FLAGS) el(H, f, yn(flags[f]));
  if (r.last_renewal_date) el(H, 'renewal-date', compact(r.last_renewal_date));
  el(H, 'current-location', registered ? 'PUBLICATION AND ISSUE SECTION' : 'NEW APPLICATION PROCESSING');
  el(H, 'location-date', compact(r.status.effective_date));
  out.push(`${I}</case-file-header>`);

  const S = `${I}    `;
  out.push(`${I}<case-file-statements>`);
  for (const c of r.classifications) {
    out.push(`${I}  <case-file-statement>`);
    el(S, 'type-code', `GS${String(c.nice_class ?? 0).padStart(3, '0')}1`);
    el(S, 'text', c.goods_services);
    out.push(`${I}  </case-file-statement>`);
  }
  if (r.disclaimer) {
    out.push(`${I}  <case-file-statement>`);
    el(S, 'type-code', 'D10000');
    el(S, 'text', r.disclaimer);
    out.push(`${I}  </case-file-statement>`);
  }
  out.push(`${I}</case-file-statements>`);

  if (r.events.length > 0) {
    const types = loadVocab().usEvents;
    out.push(`${I}<case-file-event-statements>`);
    for (let k = r.events.length - 1; k >= 0; k--) {
      const e = r.events[k]!;
      out.push(`${I}  <case-file-event-statement>`);
      el(S, 'code', e.raw.code);
      el(S, 'type', types.get(e.raw.code ?? '')?.type ?? 'I');
      el(S, 'description-text', e.raw.label);
      el(S, 'date', compact(e.date));
      el(S, 'number', String(k + 1));
      out.push(`${I}  </case-file-event-statement>`);
    }
    out.push(`${I}</case-file-event-statements>`);
  }

  out.push(`${I}<classifications>`);
  for (const c of r.classifications) {
    const intl = String(c.nice_class ?? 0).padStart(3, '0');
    out.push(`${I}  <classification>`);
    el(S, 'international-code-total-no', '1');
    el(S, 'us-code-total-no', '1');
    el(S, 'international-code', intl);
    el(S, 'us-code', (c.nice_class ?? 0) >= 35 ? 'B' : 'A');
    el(S, 'status-code', '6');
    el(S, 'status-date', compact(r.filing_date));
    el(S, 'first-use-anywhere-date', compact(c.first_use_date));
    el(S, 'first-use-in-commerce-date', compact(c.first_use_in_commerce_date));
    el(S, 'primary-code', intl);
    out.push(`${I}  </classification>`);
  }
  out.push(`${I}</classifications>`);

  const attorney = r.attorneys[0];
  if (attorney) {
    out.push(`${I}<correspondent>`);
    el(`${I}  `, 'address-1', attorney.name.toUpperCase());
    el(`${I}  `, 'address-2', attorney.firm?.toUpperCase());
    out.push(`${I}</correspondent>`);
  }

  out.push(`${I}<case-file-owners>`);
  r.owners.forEach((o, k) => {
    const a = o.address;
    const us = o.nationality === 'US';
    out.push(`${I}  <case-file-owner>`);
    el(S, 'entry-number', String(k + 1));
    el(S, 'party-type', registered ? '30' : '10');
    out.push(`${S}<nationality>`, `${S}  ${us ? `<state>${a?.region ?? 'DE'}</state>` : `<country>${o.nationality ?? 'XX'}</country>`}`, `${S}</nationality>`);
    el(S, 'legal-entity-type-code', ENTITY_CODES[o.entity_type ?? ''] ?? '99');
    el(S, 'party-name', o.name);
    el(S, 'address-1', a?.lines[0]);
    el(S, 'city', a?.city);
    if (us) el(S, 'state', a?.region);
    else el(S, 'country', a?.country_code);
    el(S, 'postcode', a?.postal_code);
    out.push(`${I}  </case-file-owner>`);
  });
  out.push(`${I}</case-file-owners>`);

  if (r.design_codes.length > 0) {
    out.push(`${I}<design-searches>`);
    for (const d of r.design_codes) out.push(`${I}  <design-search>`, `${S}<code>${d.code.replace(/\./g, '')}</code>`, `${I}  </design-search>`);
    out.push(`${I}</design-searches>`);
  }

  if (madrid && r.ir_number && r.ir_date) {
    out.push(`${I}<international-registration>`);
    el(S, 'international-registration-number', r.ir_number);
    el(S, 'international-registration-date', compact(r.ir_date));
    el(S, 'international-publication-date', compact(r.ir_date));
    el(S, 'international-renewal-date', String(Number(compact(r.ir_date)) + 100000));
    el(S, 'auto-protection-date', compact(r.filing_date));
    el(S, 'international-status-code', '001');
    el(S, 'international-status-date', compact(r.ir_date));
    el(S, 'priority-claimed-in', yn(r.priority_date !== null));
    if (r.priority_date) el(S, 'priority-claimed-date', compact(r.priority_date));
    el(S, 'first-refusal-in', 'F');
    out.push(`${I}</international-registration>`);
  }
  out.push('        </case-file>\n');
  return out.join('\n');
};

const ENTITY_CODES: Record<string, string> = {
  individual: '01', partnership: '02', corporation: '03', company: '11', 'limited liability company': '16',
};

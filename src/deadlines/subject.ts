// What the deadline engine computes from: one mark's dates, status, filings and Office actions.
// `compute_deadlines` takes it as input (DeadlineSubjectInput); stored records are mapped to it
// by `subjectFromRecord`, which reads renewals and declarations from the office's event codes.
import { z } from 'zod';
import { isIsoDate } from '../core/dates.js';
import { IsoDate } from '../core/schemas/parts.js';
import type { TrademarkRecord } from '../core/schemas/trademark.js';
import { RecordKind } from './catalog-schema.js';
import type { OfficeRuleSet } from './catalog-schema.js';

export const FilingType = z.enum([
  'renewal',
  'declaration_of_use',
  'combined_renewal_and_use',
  'declaration_of_incontestability',
  'fee_installment',
  'international_renewal',
  'oa_response',
]);
export type FilingType = z.infer<typeof FilingType>;

const date = IsoDate.nullable().optional();

export const DeadlineSubjectInput = z.object({
  reference: z.string().optional().describe('Your own reference for the item; echoed back'),
  office_code: z.string().regex(/^[A-Za-z]{2}$/).transform((s) => s.toUpperCase()),
  kind: RecordKind.default('national'),
  status: z
    .union([z.string(), z.object({ primary: z.string(), stage: z.string().optional() })])
    .optional()
    .describe('registered, pending, published, expired, cancelled … or a status object {primary, stage}'),
  filing_date: date,
  registration_date: date.describe('Registration date; for a US §66(a) mark the US certificate date'),
  publication_date: date,
  ir_date: date,
  protection_effective_date: date,
  priority_date: date,
  expiry_date: date.describe('The office-stated expiry, when the office publishes one'),
  last_renewal_date: date,
  filings: z.array(z.object({ type: FilingType, date: IsoDate })).default([]),
  office_actions: z.array(z.object({ date: IsoDate, code: z.string().default('') })).default([]),
  region: z.string().nullable().optional().describe('Holiday subdivision, e.g. ZH for a Zurich party before the Swiss IPI'),
  split_fee: z.boolean().optional().describe('JP/KR: the registration or renewal fee was paid in two halves'),
  designations: z.array(z.string()).default([]),
  register_type: z.string().nullable().optional(),
  incontestable: z.boolean().nullable().optional(),
});
export type DeadlineSubjectInput = z.input<typeof DeadlineSubjectInput>;
export type DeadlineSubject = z.output<typeof DeadlineSubjectInput>;

/**
 * full: a live registration (term, declarations, Office actions); renewable: the office shows it
 * expired, so only its renewal grace and restoration windows are assessed, while they last;
 * restoration_only: cancelled or the like, assessed only while restorable; none: no term.
 */
export type TermAssessment = 'full' | 'renewable' | 'restoration_only' | 'none';

const DEAD_RESTORABLE = /cancel|revok|invalid|surrender|lapse|remov/;
const DEAD_RENEWABLE = /expir/;
/** Applications that died before registration: no term ever ran. */
const NEVER_REGISTERED = /abandon|refus|reject|withdr|oppos/;

/**
 * How far the term of a mark in this status is assessed (spec §2.7, last paragraph: an expired
 * mark only while it can still be renewed or restored, a cancelled one only while restorable). An
 * inactive status naming no cause, on a mark that was registered, counts as expired.
 */
export const termAssessment = (status: DeadlineSubject['status'], registered = false): TermAssessment => {
  if (status === undefined) return 'full';
  const { primary, stage } = typeof status === 'string' ? inferPrimary(status) : { primary: status.primary, stage: status.stage ?? '' };
  const s = stage.toLowerCase();
  if (primary === 'active') return 'full';
  if (primary !== 'inactive') return 'none';
  if (DEAD_RENEWABLE.test(s)) return 'renewable';
  if (DEAD_RESTORABLE.test(s)) return 'restoration_only';
  return registered && !NEVER_REGISTERED.test(s) ? 'renewable' : 'none';
};

export const inferPrimary = (value: string): { primary: string; stage: string } => {
  const v = value.toLowerCase();
  if (['pending', 'active', 'inactive', 'unknown', 'mixed'].includes(v)) return { primary: v, stage: v };
  if (/pend|publish|appl|filed|exam|oppos|allow/.test(v)) return { primary: 'pending', stage: v };
  if (/expir|cancel|abandon|dead|refus|withdr|lapse|revok|invalid|surrender|remov/.test(v)) return { primary: 'inactive', stage: v };
  if (/regist|active|live|renew|grant|protect/.test(v)) return { primary: 'active', stage: v };
  return { primary: 'unknown', stage: v };
};

export const isInactive = (status: DeadlineSubject['status']): boolean =>
  status !== undefined && (typeof status === 'string' ? inferPrimary(status).primary : status.primary) === 'inactive';

export const isPending = (status: DeadlineSubject['status']): boolean =>
  status !== undefined && (typeof status === 'string' ? inferPrimary(status).primary : status.primary) === 'pending';

export const recordKind = (record: Pick<TrademarkRecord, 'office_code' | 'ir_number'>): z.infer<typeof RecordKind> =>
  record.office_code === 'WO' ? 'international_registration' : record.ir_number ? 'madrid_designation' : 'national';

/** A stored date that is not a calendar date (bad office data) counts as missing rather than failing the row. */
const valid = (d: string | null): string | null => (d && isIsoDate(d) ? d : null);

type Evidence = OfficeRuleSet['evidence'][number];
const evidenceIndex = new WeakMap<OfficeRuleSet, Map<string, Evidence[]>>();

/** The office's evidence entries by event code, built once per office. */
const indexOf = (office: OfficeRuleSet): Map<string, Evidence[]> => {
  let index = evidenceIndex.get(office);
  if (!index) {
    index = new Map();
    for (const ev of office.evidence) for (const code of ev.codes) index.set(code, [...(index.get(code) ?? []), ev]);
    evidenceIndex.set(office, index);
  }
  return index;
};

/** Maps a stored record to the engine's input; the office's evidence codes turn events into filings. */
export const subjectFromRecord = (record: TrademarkRecord, office: OfficeRuleSet | undefined): DeadlineSubject => {
  const filings: DeadlineSubject['filings'] = [];
  const officeActions: DeadlineSubject['office_actions'] = [];
  const index = office?.evidence.length ? indexOf(office) : null;
  for (const e of index ? record.events : []) {
    const entries = e.raw.code ? index!.get(e.raw.code) : undefined;
    if (!entries || !e.date || !isIsoDate(e.date)) continue;
    for (const ev of entries) {
      if (ev.label_includes || ev.label_excludes) {
        const label = (e.raw.label ?? e.description ?? '').toUpperCase();
        if (ev.label_includes && !label.includes(ev.label_includes)) continue;
        if (ev.label_excludes && label.includes(ev.label_excludes)) continue;
      }
      if (ev.filing === 'office_action') officeActions.push({ date: e.date, code: e.raw.code! });
      else filings.push({ type: ev.filing as FilingType, date: e.date });
    }
  }
  return {
    office_code: record.office_code,
    kind: recordKind(record),
    status: record.status.raw?.label ? { primary: record.status.primary, stage: `${record.status.stage} ${record.status.raw.label}` } : record.status,
    filing_date: valid(record.filing_date),
    registration_date: valid(record.registration_date),
    publication_date: valid(record.publication_date),
    ir_date: valid(record.ir_date),
    protection_effective_date: valid(record.protection_effective_date),
    priority_date: valid(record.priority_date),
    expiry_date: valid(record.expiry_date),
    last_renewal_date: valid(record.last_renewal_date),
    filings,
    office_actions: officeActions,
    region: null,
    designations: record.designations,
    register_type: record.register?.type ?? null,
    incontestable: record.register?.is_incontestable ?? null,
  };
};

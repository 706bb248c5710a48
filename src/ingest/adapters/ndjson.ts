// NDJSON: one current-shape trademark row (spec §2.6) per line, so any source can be brought in.
// Record numbers are line numbers, so a skipped record points at the line to fix.
// Only office_code, application_number and mark_text are required; every other field defaults to
// null or an empty list. The id is always recomputed from office and number (ids are
// deterministic), and computed or search-only keys (derived, match, relevance_score) are ignored.
import { z } from 'zod';
import { ownerId, trademarkId } from '../../core/ids.js';
import { unknownStatus } from '../../core/empty-record.js';
import {
  Address,
  Attorney,
  Classification,
  DesignCode,
  IsoDate,
  Media,
  ProsecutionEvent,
  TrademarkRegister,
} from '../../core/schemas/parts.js';
import { OfficeRawValue, StatusBasis, StatusPrimary } from '../../core/schemas/status.js';
import type { TrademarkRecord } from '../../core/schemas/trademark.js';
import { boundedLines, MAX_LINE_BYTES } from './lines.js';
import { TmError } from '../../errors.js';
import type { FormatAdapter, ParseItem } from '../adapter.js';
import { fastRecord } from './ndjson-fast.js';
import { unknownKeyChecker } from './ndjson-keys.js';

const date = IsoDate.nullable().default(null);
const text = z.string().nullable().default(null);

const AddressIn = Address.partial()
  .extend({ lines: z.array(z.string()).default([]) })
  .transform((a) => ({
    lines: a.lines,
    city: a.city ?? null,
    region: a.region ?? null,
    postal_code: a.postal_code ?? null,
    country_code: a.country_code ?? null,
    formatted: a.formatted ?? null,
  }));

const OwnerIn = z.object({
  owner_id: z.string().regex(/^own_/).optional(),
  entity_id: z.string().regex(/^ent_/).nullable().default(null),
  name: z.string().min(1),
  entity_type: text,
  nationality: text,
  role: text,
  address: AddressIn.nullable().default(null),
});

const StatusIn = z
  .object({
    primary: StatusPrimary.default('unknown'),
    stage: z.string().default('unknown'),
    reason: text,
    challenges: z.array(z.string()).default([]),
    effective_date: text,
    basis: StatusBasis.default('office'),
    raw: OfficeRawValue.nullable().default(null),
  })
  .default(unknownStatus);

export const NdjsonRow = z.object({
  office_code: z.string().regex(/^[A-Z]{2}$/, 'expected a two-letter uppercase office code'),
  application_number: z.string().min(1),
  mark_text: z.string().nullable(),
  registration_number: text,
  mark_type: text,
  disclaimer: text,
  status: StatusIn,
  register: TrademarkRegister.nullable().default(null),
  filing_date: date,
  registration_date: date,
  publication_date: date,
  expiry_date: date,
  renewal_due_date: date,
  last_renewal_date: date,
  priority_date: date,
  protection_effective_date: date,
  ir_number: text,
  ir_date: date,
  designations: z.array(z.string()).default([]),
  territory_count: z.number().int().nullable().default(null),
  owners: z.array(OwnerIn).default([]),
  attorneys: z.array(Attorney.extend({ firm: text, address: Address.nullable().default(null) })).default([]),
  classifications: z
    .array(
      Classification.partial().transform((c) => ({
        nice_class: c.nice_class ?? null,
        goods_services: c.goods_services ?? null,
        class_status: c.class_status ?? null,
        first_use_date: c.first_use_date ?? null,
        first_use_in_commerce_date: c.first_use_in_commerce_date ?? null,
        office_classes: c.office_classes ?? [],
      })),
    )
    .default([]),
  design_codes: z.array(DesignCode.extend({ edition: text })).default([]),
  media: z.array(Media).default([]),
  events: z.array(ProsecutionEvent.extend({ office_code: z.string().optional(), description: text })).default([]),
  source_format: z.string().default('ndjson'),
  source_date: date,
  is_retracted: z.boolean().optional(),
});

const describe = (error: z.ZodError): string =>
  error.issues
    .slice(0, 3)
    .map((i) => `${i.path.length ? i.path.join('.') : 'row'}: ${i.message}`)
    .join('; ');

/** A row through the zod schema: the reference semantics, and the wording of every error. */
export const zodRecord = (value: unknown): TrademarkRecord | string => {
  const parsed = NdjsonRow.safeParse(value);
  if (!parsed.success) return describe(parsed.error);
  const row = parsed.data;
  return {
    ...row,
    id: trademarkId(row.office_code, row.application_number),
    object: 'trademark',
    owners: row.owners.map((o) => ({
      ...o,
      owner_id: o.owner_id ?? ownerId(row.office_code, o.name, o.nationality ?? o.address?.country_code ?? null),
    })),
    events: row.events.map((e) => ({ ...e, office_code: e.office_code ?? row.office_code })),
  };
};

/**
 * One line to a parse item: bad JSON or a row that fails the schema is reported, not thrown; keys
 * the row shape does not know are named by `unknownKeys` (once per file, see ndjson-keys.ts).
 */
const parseNdjsonLine = (line: string, recordNumber: number, unknownKeys: (value: unknown) => string[] | undefined): ParseItem => {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (err) {
    return { ok: false, recordNumber, reason: `not JSON: ${(err as Error).message}` };
  }
  const record = fastRecord(value) ?? zodRecord(value);
  if (typeof record === 'string') return { ok: false, recordNumber, reason: record };
  const warnings = unknownKeys(value);
  return warnings ? { ok: true, recordNumber, record, warnings } : { ok: true, recordNumber, record };
};

export const ndjson: FormatAdapter = {
  name: 'ndjson',
  detect: (head) => {
    const first = head.trimStart().split('\n', 1)[0] ?? '';
    return first.startsWith('{') && first.includes('"application_number"');
  },
  async *parse(input, file) {
    let n = 0;
    let seen = false;
    const unknownKeys = unknownKeyChecker(Object.keys(NdjsonRow.shape));
    for await (const read of boundedLines(input)) {
      n += 1;
      if ('tooLong' in read) {
        seen = true;
        yield { ok: false, recordNumber: n, reason: `the line is ${read.tooLong} bytes long; at most ${MAX_LINE_BYTES} are read` };
        continue;
      }
      // A UTF-8 byte-order mark may open the file.
      const line = n === 1 && read.text.charCodeAt(0) === 0xfeff ? read.text.slice(1) : read.text;
      if (line.trim() === '') continue;
      const parsed = parseNdjsonLine(line, n, unknownKeys);
      const item = parsed.ok && read.invalidUtf8 ? { ...parsed, invalidUtf8: true } : parsed;
      // A first line that is not a JSON object means the whole file is something else.
      if (!seen && !item.ok && !line.trimStart().startsWith('{')) {
        throw new TmError('input_error', `${file}: not NDJSON: line ${n} is not a JSON object`, {
          suggestion: 'Use --format to choose the parser, or check the file.',
        });
      }
      seen = true;
      yield item;
    }
  },
};

// get_trademark_history: a trademark's events (`GET /v1/trademarks/{id}/events`): the office's
// prosecution history from the record (`kind: office`) and the changes this service recorded
// between ingested versions (`kind: change`, the event ledger), in date order.
import { z } from 'zod';
import { listEnvelope } from '../core/schemas/envelope.js';
import { IsoDate } from '../core/schemas/parts.js';
import { OfficeRawValue } from '../core/schemas/status.js';
import { defineOp } from './define-op.js';
import { cursorPosition, listPage, pagingInput } from './paging.js';
import { resolveTrademark } from './resolve-id.js';

const DiffEntry = z.union([
  z.object({ path: z.string(), from: z.unknown(), to: z.unknown() }),
  z.object({ path: z.string(), op: z.literal('changed') }),
]);

export const TrademarkEvent = z.object({
  object: z.literal('trademark_event'),
  kind: z.enum(['office', 'change']),
  id: z.string().nullable().describe('evt_ id of a recorded change; null for office history entries'),
  date: IsoDate.nullable().describe('Office date of the entry; for a change, the source date of the record that carried it'),
  office_code: z.string(),
  type: z.string().nullable().describe('Change type (trademark.updated, trademark.status_changed, trademark.retracted, trademark.corrected); null for office entries'),
  raw: OfficeRawValue.nullable().describe("The office's verbatim event code and label"),
  description: z.string().nullable().describe('Null unless it adds office text to raw.label'),
  occurred_at: z.string().nullable().describe('When this service recorded the change'),
  changed_fields: z.array(z.string()).nullable(),
  diff: z.array(DiffEntry).nullable(),
});
export type TrademarkEvent = z.infer<typeof TrademarkEvent>;

const LEDGER_CAP = 10_000;

/** Spec §4.2: `description` is null unless it adds office text to `raw.label`. */
const addedText = (description: string | null, label: string | null): string | null => {
  const d = description?.trim();
  if (!d) return null;
  return label && label.toLowerCase().includes(d.toLowerCase()) ? null : d;
};

export const getTrademarkHistory = defineOp({
  name: 'get_trademark_history',
  summary: "A trademark's prosecution history and recorded changes",
  description:
    'A trademark\'s events oldest first: office prosecution entries (`kind: office`, verbatim code and label) and the changes tm recorded between office records (`kind: change`, with `diff`).',
  scope: 'trademarks:read',
  meter: 'read',
  readOnly: true,
  http: { method: 'GET', path: '/v1/trademarks/{id}/events' },
  cli: { command: 'history <id>' },
  input: z.strictObject({
    id: z.string().min(1).describe('A tm_ id, or OFFICE:number such as US:76044902'),
    kind: z.enum(['office', 'change']).optional().describe('Only office history entries, or only recorded changes'),
    ...pagingInput,
  }),
  output: listEnvelope(TrademarkEvent),
  run: async (ctx, input) => {
    const record = await resolveTrademark(ctx, input.id);
    const binding = { op: 'history', id: record.id, kind: input.kind ?? null };
    const offset = await cursorPosition(ctx, input.cursor, binding);
    const events: TrademarkEvent[] = [];
    if (input.kind !== 'change') {
      for (const e of record.events) {
        events.push({ object: 'trademark_event', kind: 'office', id: null, date: e.date, office_code: e.office_code, type: null, raw: e.raw, description: addedText(e.description, e.raw.label), occurred_at: null, changed_fields: null, diff: null });
      }
    }
    if (input.kind !== 'office') {
      for (const e of await ctx.store.events.forTrademark(record.id, 0, LEDGER_CAP)) {
        events.push({ object: 'trademark_event', kind: 'change', id: e.id, date: e.source_date, office_code: record.office_code, type: e.type, raw: null, description: null, occurred_at: e.occurred_at, changed_fields: e.changed_fields, diff: e.diff });
      }
    }
    // Stable: undated office entries keep their office order after the dated ones.
    const sorted = events
      .map((e, i) => ({ e, i }))
      .sort((a, b) => (a.e.date ?? '9999').localeCompare(b.e.date ?? '9999') || a.i - b.i)
      .map((x) => x.e);
    const page = sorted.slice(offset, offset + input.limit + 1).map((e, i) => ({ e, at: offset + i + 1 }));
    const env = await listPage(ctx, page, input.limit, (last) => last.at, binding);
    return { ...env, data: env.data.map((x) => x.e) };
  },
});

// batch_get_trademarks: up to 100 trademarks in one request (`POST /v1/trademarks/batch`, spec
// §4.2): rows in input order, a repeated item repeated, unmatched items echoed in `not_found`.
import { z } from 'zod';
import { idPrefix } from '../core/ids.js';
import { TrademarkRow } from '../core/schemas/trademark.js';
import { TmError } from '../errors.js';
import { defineOp } from './define-op.js';
import { toRow } from './rows.js';
import { recordsWithIrFamilies } from './trademarks/ir-family.js';

const ItemObject = z.strictObject(
  {
    id: z.string().min(1).optional().describe('tm_ id'),
    office_code: z.string().regex(/^[A-Za-z]{2}$/, 'a two-letter office code such as US').optional(),
    application_number: z.string().min(1).optional(),
    registration_number: z.string().min(1).optional(),
  },
  {
    error: (iss) =>
      iss.code === 'unrecognized_keys' && iss.keys.includes('office')
        ? 'Batch items name their office by office_code; the key office was removed.'
        : undefined,
  },
);
const Item = z.union([z.string().min(1).describe('tm_ id, or OFFICE:number such as US:76044902'), ItemObject]);
type Item = z.infer<typeof Item>;

/** The (office, number) or id an item names; null when it names neither. */
const lookupOf = (item: Item): { id: string } | { office: string; number: string } | null => {
  if (typeof item === 'string') {
    const pair = /^([A-Za-z]{2}):(.+)$/.exec(item);
    return pair ? { office: pair[1]!.toUpperCase(), number: pair[2]! } : { id: item };
  }
  if (item.id) return { id: item.id };
  const number = item.application_number ?? item.registration_number;
  return item.office_code && number ? { office: item.office_code.toUpperCase(), number } : null;
};

export const batchGetTrademarks = defineOp({
  name: 'batch_get_trademarks',
  summary: 'Get up to 100 trademarks by id or office number in one call',
  description:
    'Up to 100 trademarks in one call, each item a tm_ id, OFFICE:number, or {office_code, application_number | registration_number}. `data` holds the found rows in input order; `not_found` echoes the rest.',
  scope: 'trademarks:read',
  meter: 'read',
  readOnly: true,
  http: { method: 'POST', path: '/v1/trademarks/batch' },
  cli: { command: 'batch' },
  input: z.strictObject({ items: z.array(Item).min(1).max(100).describe('1 to 100 items') }),
  output: z.object({
    object: z.literal('list'),
    data: z.array(TrademarkRow),
    not_found: z.array(Item),
    has_more: z.literal(false),
    pagination: z.object({ cursor: z.null() }),
    livemode: z.boolean(),
    request_id: z.string().nullable(),
  }),
  run: async (ctx, input) => {
    const lookups = input.items.map((item, i) => {
      const l = lookupOf(item);
      if (!l) {
        throw new TmError('validation_error', `items.${i} names no trademark: give id, or office_code with application_number or registration_number.`, {
          param: `items.${i}`,
        });
      }
      if ('id' in l && idPrefix(l.id) !== 'tm_') {
        throw new TmError('id_type_mismatch', `items.${i}: '${l.id}' is not a trademark id; trademark ids start with tm_.`, { param: `items.${i}` });
      }
      return l;
    });
    const ids = await Promise.all(lookups.map((l) => ('id' in l ? l.id : ctx.store.trademarks.findId(l.office, l.number))));
    const found = await recordsWithIrFamilies(ctx, [...new Set(ids.filter((id): id is string => id !== null))]);
    const data: TrademarkRow[] = [];
    const notFound: Item[] = [];
    const rows = new Map<string, TrademarkRow>();
    ids.forEach((id, i) => {
      const record = id ? found.get(id) : undefined;
      if (!record) return void notFound.push(input.items[i]!);
      if (!rows.has(record.id)) rows.set(record.id, toRow(ctx, record));
      data.push(rows.get(record.id)!);
    });
    return {
      object: 'list' as const,
      data,
      not_found: notFound,
      has_more: false as const,
      pagination: { cursor: null },
      livemode: ctx.org?.livemode ?? true,
      request_id: ctx.requestId,
    };
  },
});

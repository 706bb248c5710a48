// list_proceedings: board proceedings, newest filing first (`GET /v1/proceedings`), optionally
// those naming a party, naming one mark, or of some kinds.
import { z } from 'zod';
import { listEnvelope } from '../../core/schemas/envelope.js';
import { TTAB_TYPES } from '../../parties/proceedings.js';
import { defineOp } from '../define-op.js';
import { cursorPosition, listPage, pagingInput } from '../paging.js';
import { trademarkRef } from '../resolve-id.js';
import { Proceeding, toProceeding } from './proceeding-shape.js';

const KINDS = Object.values(TTAB_TYPES).map((t) => t.kind) as [string, ...string[]];

export const listProceedings = defineOp({
  name: 'list_proceedings',
  summary: 'List TTAB proceedings',
  description:
    'TTAB proceedings, newest first. `party` matches a party name; `trademark` keeps those naming one mark; `kinds` keeps some kinds only.',
  scope: 'trademarks:read',
  meter: 'read',
  readOnly: true,
  http: { method: 'GET', path: '/v1/proceedings' },
  cli: { command: 'proceeding list' },
  input: z.strictObject({
    party: z.string().min(2).max(200).optional().describe('A party name contains this text'),
    trademark: z.string().min(1).optional().describe('Only proceedings naming this mark: tm_ id or OFFICE:number'),
    kinds: z.array(z.enum(KINDS)).optional().describe('Only these kinds, e.g. opposition,cancellation'),
    include_total: z.boolean().default(false).describe('Add pagination.total_count'),
    ...pagingInput,
  }),
  output: listEnvelope(Proceeding),
  run: async (ctx, input) => {
    const trademarkId = input.trademark ? await trademarkRef(ctx, input.trademark) : undefined;
    const typeCodes = input.kinds ? Object.entries(TTAB_TYPES).filter(([, t]) => input.kinds!.includes(t.kind)).map(([code]) => code) : undefined;
    const filter = { party: input.party, trademarkId, typeCodes };
    const binding = { op: 'proceedings', ...filter };
    const offset = await cursorPosition(ctx, input.cursor, binding);
    const rows = (await ctx.store.proceedings.list(filter, input.limit + 1, offset)).map((p, i) => ({ p, at: offset + i + 1 }));
    const total = input.include_total ? await ctx.store.proceedings.count(filter) : undefined;
    const page = await listPage(ctx, rows, input.limit, (last) => last.at, binding, total);
    return { ...page, data: page.data.map((r) => toProceeding(r.p)) };
  },
});

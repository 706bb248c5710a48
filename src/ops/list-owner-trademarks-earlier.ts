// list_owner_trademarks_earlier: earlier-shape owner trademark rows (spec §2.9) for
// `GET /v1/owners/{owner_id}/trademarks` sent with `TM-Shape: earlier`; page-numbered.
import { z } from 'zod';
import { defineOp } from './define-op.js';
import { EarlierOwnerTrademarkRow, earlierEnvelope, toEarlierOwnerRow } from './earlier-shape.js';
import { ownerRecords } from './owner-records.js';

export const listOwnerTrademarksEarlier = defineOp({
  name: 'list_owner_trademarks_earlier',
  summary: "An owner's trademarks as earlier-shape rows",
  description:
    'The earlier-generation owner trademark rows (serial_number, word_mark, unified status, classes, …), newest filing first, paged by `page` and `limit`. Served for `GET /v1/owners/{owner_id}/trademarks` with `TM-Shape: earlier`; new clients should use list_owner_trademarks.',
  scope: 'trademarks:read',
  meter: 'read',
  readOnly: true,
  replicaReads: true,
  http: { method: 'GET', path: '/v1/owners/{id}/trademarks', shape: 'earlier' },
  input: z.strictObject({
    id: z.string().min(1).describe('own_ id'),
    page: z.number().int().min(1).default(1),
    limit: z.number().int().min(1).max(100).default(20),
  }),
  output: earlierEnvelope(
    z.object({
      trademarks: z.array(EarlierOwnerTrademarkRow),
      pagination: z.object({ page: z.number().int(), limit: z.number().int(), total_results: z.number().int(), has_more: z.boolean() }),
    }),
  ),
  run: async (ctx, input) => {
    const records = (await ownerRecords(ctx, input.id)).sort(
      (a, b) => (b.filing_date ?? '').localeCompare(a.filing_date ?? '') || a.id.localeCompare(b.id),
    );
    const start = (input.page - 1) * input.limit;
    return {
      success: true as const,
      data: {
        trademarks: records.slice(start, start + input.limit).map((r) => toEarlierOwnerRow(r, input.id)),
        pagination: { page: input.page, limit: input.limit, total_results: records.length, has_more: start + input.limit < records.length },
      },
    };
  },
});

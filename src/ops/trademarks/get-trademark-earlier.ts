// get_trademark_earlier: the earlier-shape trademark object (spec §2.9, §4.3) for
// `GET /v1/trademarks/{trademark_id}` sent with `TM-Shape: earlier`.
import { z } from 'zod';
import { defineOp } from '../define-op.js';
import { EarlierTrademark, earlierEnvelope, toEarlierTrademark } from '../earlier-shape.js';
import { resolveTrademark } from '../resolve-id.js';
import { ProsecutionDocument } from '../../core/schemas/documents.js';
import { documentsOf } from '../records/list-trademark-documents.js';
import { earlierHistory, relatedRegistrations, similarMarks } from './earlier-related.js';
import { withIrFamilies } from './ir-family.js';

const HistoryEntry = z.object({ date: z.string().nullable(), code: z.string().nullable(), description: z.string().nullable() });

export const getTrademarkEarlier = defineOp({
  name: 'get_trademark_earlier',
  summary: 'Get one trademark in the earlier (v0) shape',
  description:
    'The earlier-generation trademark object (`{success, data}` with office, mark, status.unified_status, office_data, dates, coverage, …). Served for `GET /v1/trademarks/{id}` with the header `TM-Shape: earlier`; new clients should use get_trademark. `include=history` adds the prosecution history, `related` fills related_registrations with the same mark of the same owner at other offices, `similar` lists up to 10 marks the search engine ranks closest (with similarity_score), and `documents` the document list the office data carries (empty when none was ingested).',
  scope: 'trademarks:read',
  meter: 'read',
  readOnly: true,
  http: { method: 'GET', path: '/v1/trademarks/{id}', shape: 'earlier' },
  input: z.strictObject({
    id: z.string().min(1).describe('A tm_ id, or OFFICE:number'),
    include: z.array(z.enum(['history', 'related', 'similar', 'documents'])).optional().describe('Extra blocks, comma-separated'),
  }),
  output: earlierEnvelope(
    EarlierTrademark.extend({
      history: z.array(HistoryEntry).optional(),
      similar: z.array(EarlierTrademark).optional(),
      documents: z.array(ProsecutionDocument).optional(),
    }),
  ),
  run: async (ctx, input) => {
    // An IR-linked mark counts its family's territories (coverage.territories), as the current detail does.
    const record = (await withIrFamilies(ctx, [await resolveTrademark(ctx, input.id)]))[0]!;
    const inc = new Set(input.include ?? []);
    return {
      success: true as const,
      data: {
        ...toEarlierTrademark(record),
        ...(inc.has('related') ? { related_registrations: await relatedRegistrations(ctx, record) } : {}),
        ...(inc.has('history') ? { history: earlierHistory(record) } : {}),
        ...(inc.has('similar') ? { similar: await similarMarks(ctx, record) } : {}),
        ...(inc.has('documents') ? { documents: await documentsOf(ctx, record.id, undefined) } : {}),
      },
    };
  },
});

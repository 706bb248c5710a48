// list_trademark_documents_earlier: the earlier-shape document list (spec §4.3,
// `GET /v1/trademarks/{jurisdiction}/{trademark_id}/documents`): `{success, data: {documents}}`.
import { z } from 'zod';
import { ProsecutionDocument } from '../../core/schemas/documents.js';
import { TmError } from '../../errors.js';
import { defineOp } from '../define-op.js';
import { earlierEnvelope } from '../earlier-shape.js';
import { resolveOfficeFilter } from '../reference/data.js';
import { documentsOf, typeFilter } from './list-trademark-documents.js';

export const listTrademarkDocumentsEarlier = defineOp({
  name: 'list_trademark_documents_earlier',
  summary: "List a trademark's documents (earlier shape)",
  description: 'The earlier-generation document list of a mark, by office and number (or tm_ id). New clients should use list_trademark_documents.',
  scope: 'trademarks:read',
  meter: 'read',
  readOnly: true,
  http: { method: 'GET', path: '/v1/trademarks/{jurisdiction}/{trademark_id}/documents', shape: 'earlier' },
  input: z.strictObject({
    jurisdiction: z.string().min(2).max(10).describe('Office code, e.g. US'),
    trademark_id: z.string().min(1).describe('The application (serial) number, or a tm_ id'),
    type: typeFilter,
  }),
  output: earlierEnvelope(z.object({ documents: z.array(ProsecutionDocument) })),
  run: async (ctx, input) => {
    const office = resolveOfficeFilter(input.jurisdiction, 'jurisdiction')!;
    if (/^[a-z]+_/.test(input.trademark_id) && !input.trademark_id.startsWith('tm_')) {
      throw new TmError('id_type_mismatch', `'${input.trademark_id}' is not a trademark id or number.`, { param: 'trademark_id' });
    }
    const ref = input.trademark_id.startsWith('tm_') ? input.trademark_id : `${office}:${input.trademark_id}`;
    return { success: true as const, data: { documents: await documentsOf(ctx, ref, input.type, 'trademark_id') } };
  },
});

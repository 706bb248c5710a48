// list_trademark_documents: a mark's prosecution-history documents (`GET /v1/trademarks/{id}/documents`,
// `tm documents US:78787878`) as the office data lists them (USPTO TSDR casedocs), newest first,
// optionally only some types or categories. An empty list means no such office file was ingested,
// never that the mark has no documents.
import { z } from 'zod';
import type { Context } from '../../context.js';
import { ProsecutionDocument } from '../../core/schemas/documents.js';
import { listEnvelope } from '../../core/schemas/envelope.js';
import { TmError } from '../../errors.js';
import { defineOp } from '../define-op.js';
import { referenceList } from '../reference/data.js';
import { trademarkRef } from '../resolve-id.js';

export const typeFilter = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).map((s) => s.trim().toLowerCase()).filter(Boolean))
  .optional()
  .describe('Document type codes (OOA, NOA, SPE …) or categories (Incoming, Outgoing, Drawing …), comma-separated');

/**
 * The documents of a mark, filtered by type code or category. 404 when neither the mark nor a
 * document list of it is stored.
 */
export const documentsOf = async (ctx: Context, ref: string, types: readonly string[] | undefined, param = 'id'): Promise<ProsecutionDocument[]> => {
  const id = await trademarkRef(ctx, ref, param);
  const stored = await ctx.store.documents.documents(id);
  if (!stored && (await ctx.store.trademarks.get([id])).size === 0) throw new TmError('not_found', `No trademark ${ref}.`, { param });
  const docs = stored?.documents ?? [];
  return types?.length ? docs.filter((d) => types.includes((d.type ?? '').toLowerCase()) || types.includes((d.category ?? '').toLowerCase())) : docs;
};

export const listTrademarkDocuments = defineOp({
  name: 'list_trademark_documents',
  summary: "List a trademark's prosecution-history documents",
  description:
    'The documents of a mark\'s prosecution history as the office lists them (USPTO TSDR): date, type, category, pages, newest first. File URLs are not in office data. An empty list means none was ingested.',
  scope: 'trademarks:read',
  meter: 'read',
  readOnly: true,
  http: { method: 'GET', path: '/v1/trademarks/{id}/documents' },
  cli: { command: 'documents <id>' },
  input: z.strictObject({ id: z.string().min(1).describe('A tm_ id, or OFFICE:number'), type: typeFilter }),
  output: listEnvelope(ProsecutionDocument),
  run: async (ctx, input) => referenceList(ctx, await documentsOf(ctx, input.id, input.type)),
});

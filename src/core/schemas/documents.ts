// A mark's prosecution-history document list (spec §2.10 "Document"), as the office's own data
// lists it: USPTO TSDR "casedocs" (DocumentList). Ingest produces one list per mark; the store
// keeps the latest; `GET /v1/trademarks/{id}/documents` serves it. Office data names no file URL,
// so `url` and `download_url` stay null rather than guessed.
import { z } from 'zod';
import { IsoDate } from './parts.js';

export const ProsecutionDocument = z.object({
  document_id: z.string().describe('doc_ id, derived from the mark, type and dates'),
  date: IsoDate.nullable().describe('Mail-room date: when the office received or sent it'),
  type: z.string().nullable().describe("The office's document type code, e.g. OOA, NOA, SPE"),
  description: z.string().nullable().describe("The office's description of the type"),
  category: z.string().nullable().describe('Incoming, Outgoing, Drawing, Specimens, Application …'),
  page_count: z.number().int().nullable(),
  media_types: z.array(z.string()).describe('Distinct media types of its pages'),
  scanned_at: z.string().nullable(),
  url: z.string().nullable(),
  has_file: z.boolean().describe('Whether the office holds pages of it'),
  download_url: z.string().nullable(),
});
export type ProsecutionDocument = z.infer<typeof ProsecutionDocument>;

export const DocumentListRecord = z.object({
  object: z.literal('document_list'),
  trademark_id: z.string().regex(/^tm_/),
  office_code: z.string().regex(/^[A-Z]{2}$/),
  application_number: z.string(),
  source_format: z.string(),
  documents: z.array(ProsecutionDocument),
});
export type DocumentListRecord = z.infer<typeof DocumentListRecord>;

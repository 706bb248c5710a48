// Prosecution document lists and citations between marks: the store interface every backend implements.
import type { DocumentListRecord, ProsecutionDocument } from '../core/schemas/documents.js';

export interface CitationRow {
  trademark_id: string;
  relation: string;
  office_code: string;
  number: string;
  number_type: string | null;
  source: string;
}

export interface DocumentRepo {
  /** Stores each mark's latest document list; counts new, replaced and identical lists. */
  upsert(lists: readonly DocumentListRecord[], at: string): Promise<{
    inserted: number;
    updated: number;
    unchanged: number;
  }>;
  /** A mark's document list, or null when no office file listing its documents was ingested. */
  documents(trademarkId: string): Promise<{
    documents: ProsecutionDocument[];
    source: string;
    updated_at: string;
  } | null>;
  /** The marks a mark cites or claims. */
  citations(trademarkId: string): Promise<CitationRow[]>;
  /** The rows of other marks citing this office's number (registration or application, canonical form). */
  citing(office: string, registration: string | null, application: string): Promise<CitationRow[]>;
}

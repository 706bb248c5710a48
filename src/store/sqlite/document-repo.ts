// What office data says about a mark beside its record: its prosecution-history document list
// (one row per mark, the latest list read; an identical re-read writes nothing) and the citations
// rows the trademark upsert keeps from its prior-registration claims, read both ways.
import type { DocumentListRecord, ProsecutionDocument } from '../../core/schemas/documents.js';
import { writeTransaction, type Db } from './sqlite.js';
import { contentHash } from '../record-rows.js';
import type { CitationRow, DocumentRepo } from '../document-repo.js';

export const createDocumentRepo = (db: Db): DocumentRepo => {
  const hashOf = db.prepare<[string], { content_hash: string }>('SELECT content_hash FROM trademark_documents WHERE trademark_id = ?');
  const upsertList = db.prepare(
    `INSERT INTO trademark_documents (trademark_id, office_code, application_number, source, content_hash, documents, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (trademark_id) DO UPDATE SET source = excluded.source, content_hash = excluded.content_hash,
       documents = excluded.documents, updated_at = excluded.updated_at`,
  );
  const byMark = db.prepare<[string], { documents: string; source: string; updated_at: string }>('SELECT documents, source, updated_at FROM trademark_documents WHERE trademark_id = ?');
  const cites = db.prepare<[string], CitationRow>('SELECT * FROM trademark_citations WHERE trademark_id = ? ORDER BY relation, office_code, number');
  const citedBy = db.prepare<[string, string, string], CitationRow>(
    'SELECT * FROM trademark_citations WHERE office_code = ? AND number IN (?, ?) ORDER BY relation, trademark_id',
  );
  const upsert = writeTransaction(db, (lists: readonly DocumentListRecord[], at: string) => {
    const out = { inserted: 0, updated: 0, unchanged: 0 };
    for (const l of lists) {
      const json = JSON.stringify(l.documents);
      const hash = contentHash(json);
      const before = hashOf.get(l.trademark_id)?.content_hash;
      if (before === hash) {
        out.unchanged++;
        continue;
      }
      upsertList.run(l.trademark_id, l.office_code, l.application_number, l.source_format, hash, json, at);
      out[before ? 'updated' : 'inserted']++;
    }
    return out;
  });
  return {
    /** Stores each mark's latest document list; counts new, replaced and identical lists. */
    async upsert(lists: readonly DocumentListRecord[], at: string): Promise<{ inserted: number; updated: number; unchanged: number }> {
      return upsert(lists, at);
    },
    /** A mark's document list, or null when no office file listing its documents was ingested. */
    async documents(trademarkId: string): Promise<{ documents: ProsecutionDocument[]; source: string; updated_at: string } | null> {
      const row = byMark.get(trademarkId);
      return row ? { documents: JSON.parse(row.documents) as ProsecutionDocument[], source: row.source, updated_at: row.updated_at } : null;
    },
    /** The marks a mark cites or claims. */
    async citations(trademarkId: string): Promise<CitationRow[]> {
      return cites.all(trademarkId);
    },
    /** The rows of other marks citing this office's number (registration or application, canonical form). */
    async citing(office: string, registration: string | null, application: string): Promise<CitationRow[]> {
      return citedBy.all(office, registration ?? application, application);
    },
  };
};


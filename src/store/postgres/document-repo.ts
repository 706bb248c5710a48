// Document lists and citations on PostgreSQL: the same rows and hashes as SQLite's
// (src/store/sqlite/document-repo.ts); an identical re-read writes nothing.
import type { ProsecutionDocument } from '../../core/schemas/documents.js';
import type { CitationRow, DocumentRepo } from '../document-repo.js';
import { contentHash } from '../record-rows.js';
import type { PgDb } from './pg.js';

const COLUMNS = 'trademark_id, relation, office_code, number, number_type, source';

export const createPgDocumentRepo = (db: PgDb): DocumentRepo => ({
  async upsert(lists, at) {
    return db.tx(async (c) => {
      const out = { inserted: 0, updated: 0, unchanged: 0 };
      for (const l of lists) {
        const json = JSON.stringify(l.documents);
        const hash = contentHash(json);
        const before = (await c.query<{ content_hash: string }>('SELECT content_hash FROM trademark_documents WHERE trademark_id = $1', [l.trademark_id])).rows[0]?.content_hash;
        if (before === hash) {
          out.unchanged++;
          continue;
        }
        await c.query(
          `INSERT INTO trademark_documents (trademark_id, office_code, application_number, source, content_hash, documents, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (trademark_id) DO UPDATE SET source = excluded.source, content_hash = excluded.content_hash,
             documents = excluded.documents, updated_at = excluded.updated_at`,
          [l.trademark_id, l.office_code, l.application_number, l.source_format, hash, json, at],
        );
        out[before ? 'updated' : 'inserted']++;
      }
      return out;
    });
  },
  async documents(trademarkId) {
    const row = (await db.query<{ documents: string; source: string; updated_at: string }>('SELECT documents, source, updated_at FROM trademark_documents WHERE trademark_id = $1', [trademarkId]))[0];
    return row ? { documents: JSON.parse(row.documents) as ProsecutionDocument[], source: row.source, updated_at: row.updated_at } : null;
  },
  async citations(trademarkId) {
    return db.query<CitationRow>(`SELECT ${COLUMNS} FROM trademark_citations WHERE trademark_id = $1 ORDER BY relation, office_code, number`, [trademarkId]);
  },
  async citing(office, registration, application) {
    return db.query<CitationRow>(`SELECT ${COLUMNS} FROM trademark_citations WHERE office_code = $1 AND number IN ($2, $3) ORDER BY relation, trademark_id`, [
      office,
      registration ?? application,
      application,
    ]);
  },
});

// Board proceedings: batched upserts keyed by office and proceeding number (identical records
// write nothing), the marks each names with the party's role, and reads by id, by mark and by filter.
import type { ProceedingRecord } from '../../core/schemas/proceeding.js';
import { proceedingMarks, proceedingPartyNames as partyNames, contentHash as hashOf, partyPattern } from '../record-rows.js';
import { writeTransaction, type Db } from './sqlite.js';
import type { ProceedingFilter, ProceedingRepo, ProceedingUpsertOutcome } from '../proceeding-repo.js';

export const createProceedingRepo = (db: Db): ProceedingRepo => {
  const selectHash = db.prepare<[string], { content_hash: string }>('SELECT content_hash FROM proceedings WHERE id = ?');
  const insert = db.prepare(
    `INSERT INTO proceedings (id, office_code, number, type_code, status_code, filing_date, status_update_date, party_names, content_hash, record, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const update = db.prepare(
    `UPDATE proceedings SET type_code = ?, status_code = ?, filing_date = ?, status_update_date = ?, party_names = ?, content_hash = ?, record = ?, updated_at = ?
     WHERE id = ?`,
  );
  const deleteMarks = db.prepare('DELETE FROM proceeding_marks WHERE proceeding_id = ?');
  const insertMark = db.prepare('INSERT OR IGNORE INTO proceeding_marks (trademark_id, proceeding_id, role) VALUES (?, ?, ?)');
  const byId = db.prepare<[string], { record: string }>('SELECT record FROM proceedings WHERE id = ?');
  const forMark = db.prepare<[string], { record: string }>(
    `SELECT p.record FROM proceedings p WHERE p.id IN (SELECT proceeding_id FROM proceeding_marks WHERE trademark_id = ?)
     ORDER BY p.filing_date, p.number`,
  );
  const marksWith = db.prepare<[string], { trademark_id: string }>(
    'SELECT DISTINCT trademark_id FROM proceeding_marks WHERE trademark_id IN (SELECT value FROM json_each(?))',
  );

  const writeMarks = (p: ProceedingRecord): void => {
    for (const row of proceedingMarks(p)) insertMark.run(...row);
  };

  const upsertBatch = writeTransaction(db, (records: ProceedingRecord[], at: string): ProceedingUpsertOutcome => {
    const outcome: ProceedingUpsertOutcome = { inserted: 0, updated: 0, unchanged: 0 };
    for (const p of records) {
      const json = JSON.stringify(p);
      const hash = hashOf(json);
      const existing = selectHash.get(p.id);
      if (existing?.content_hash === hash) {
        outcome.unchanged++;
        continue;
      }
      if (existing) {
        update.run(p.type_code, p.status_code, p.filing_date, p.status_update_date, partyNames(p), hash, json, at, p.id);
        deleteMarks.run(p.id);
        outcome.updated++;
      } else {
        insert.run(p.id, p.office_code, p.number, p.type_code, p.status_code, p.filing_date, p.status_update_date, partyNames(p), hash, json, at, at);
        outcome.inserted++;
      }
      writeMarks(p);
    }
    return outcome;
  });

  const where = (f: ProceedingFilter): { sql: string; params: unknown[] } => {
    const parts: string[] = [];
    const params: unknown[] = [];
    if (f.party) {
      parts.push("p.party_names LIKE ? ESCAPE '\\'");
      params.push(partyPattern(f.party));
    }
    if (f.trademarkId) {
      parts.push('p.id IN (SELECT proceeding_id FROM proceeding_marks WHERE trademark_id = ?)');
      params.push(f.trademarkId);
    }
    if (f.typeCodes?.length) {
      parts.push(`p.type_code IN (${f.typeCodes.map(() => '?').join(',')})`);
      params.push(...f.typeCodes);
    }
    return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
  };

  return {
    async upsert(records: ProceedingRecord[], at: string): Promise<ProceedingUpsertOutcome> {
      return upsertBatch(records, at);
    },
    async get(id: string): Promise<ProceedingRecord | null> {
      const row = byId.get(id);
      return row ? (JSON.parse(row.record) as ProceedingRecord) : null;
    },
    /** Every proceeding naming a mark (as any party's property), oldest filing first. */
    async forTrademark(trademarkId: string): Promise<ProceedingRecord[]> {
      return forMark.all(trademarkId).map((row) => JSON.parse(row.record) as ProceedingRecord);
    },
    /** Which of these marks are named in proceedings on file (one query per ingest batch). */
    async marksWithProceedings(trademarkIds: readonly string[]): Promise<string[]> {
      return marksWith.all(JSON.stringify(trademarkIds)).map((row) => row.trademark_id);
    },
    /** Newest filing first. */
    async list(filter: ProceedingFilter, limit: number, offset: number): Promise<ProceedingRecord[]> {
      const w = where(filter);
      const rows = db
        .prepare(`SELECT record FROM proceedings p ${w.sql} ORDER BY p.filing_date DESC, p.number DESC LIMIT ? OFFSET ?`)
        .all(...w.params, limit, offset) as { record: string }[];
      return rows.map((row) => JSON.parse(row.record) as ProceedingRecord);
    },
    async count(filter: ProceedingFilter): Promise<number> {
      const w = where(filter);
      return (db.prepare(`SELECT COUNT(*) AS n FROM proceedings p ${w.sql}`).get(...w.params) as { n: number }).n;
    },
  };
};


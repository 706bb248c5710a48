// Recorded assignments: batched upserts keyed by reel/frame (identical documents write nothing),
// the marks each touches, and reads by id, by mark and by party name.
import type { AssignmentRecord } from '../../core/schemas/assignment.js';
import { assignmentMarks, assignmentPartyNames as partyNames, contentHash as hashOf, partyPattern } from '../record-rows.js';
import { writeTransaction, type Db } from './sqlite.js';
import type { AssignmentFilter, AssignmentRepo, AssignmentUpsertOutcome } from '../assignment-repo.js';

export const createAssignmentRepo = (db: Db): AssignmentRepo => {
  const selectHash = db.prepare<[string], { content_hash: string }>('SELECT content_hash FROM assignments WHERE id = ?');
  const insert = db.prepare(
    `INSERT INTO assignments (id, office_code, reel_frame, execution_date, recorded_date, party_names, content_hash, record, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const update = db.prepare(
    `UPDATE assignments SET execution_date = ?, recorded_date = ?, party_names = ?, content_hash = ?, record = ?, updated_at = ? WHERE id = ?`,
  );
  const deleteMarks = db.prepare('DELETE FROM assignment_marks WHERE assignment_id = ?');
  const insertMark = db.prepare('INSERT OR IGNORE INTO assignment_marks (trademark_id, assignment_id) VALUES (?, ?)');
  const byId = db.prepare<[string], { record: string }>('SELECT record FROM assignments WHERE id = ?');
  const forMark = db.prepare<[string], { record: string }>(
    `SELECT a.record FROM assignment_marks m JOIN assignments a ON a.id = m.assignment_id
     WHERE m.trademark_id = ? ORDER BY a.execution_date, a.reel_frame`,
  );

  const marksWith = db.prepare<[string], { trademark_id: string }>(
    'SELECT DISTINCT trademark_id FROM assignment_marks WHERE trademark_id IN (SELECT value FROM json_each(?))',
  );
  const writeMarks = (a: AssignmentRecord): void => {
    for (const row of assignmentMarks(a)) insertMark.run(...row);
  };

  const upsertBatch = writeTransaction(db, (records: AssignmentRecord[], at: string): AssignmentUpsertOutcome => {
    const outcome: AssignmentUpsertOutcome = { inserted: 0, updated: 0, unchanged: 0 };
    for (const a of records) {
      const json = JSON.stringify(a);
      const hash = hashOf(json);
      const existing = selectHash.get(a.id);
      if (existing?.content_hash === hash) {
        outcome.unchanged++;
        continue;
      }
      if (existing) {
        update.run(a.execution_date, a.recorded_date, partyNames(a), hash, json, at, a.id);
        deleteMarks.run(a.id);
        outcome.updated++;
      } else {
        insert.run(a.id, a.office_code, a.reel_frame, a.execution_date, a.recorded_date, partyNames(a), hash, json, at, at);
        outcome.inserted++;
      }
      writeMarks(a);
    }
    return outcome;
  });

  const where = (f: AssignmentFilter): { sql: string; params: unknown[] } => {
    const parts: string[] = [];
    const params: unknown[] = [];
    if (f.party) {
      parts.push("a.party_names LIKE ? ESCAPE '\\'");
      params.push(partyPattern(f.party));
    }
    if (f.trademarkId) {
      parts.push('a.id IN (SELECT assignment_id FROM assignment_marks WHERE trademark_id = ?)');
      params.push(f.trademarkId);
    }
    return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
  };

  return {
    async upsert(records: AssignmentRecord[], at: string): Promise<AssignmentUpsertOutcome> {
      return upsertBatch(records, at);
    },
    async get(id: string): Promise<AssignmentRecord | null> {
      const row = byId.get(id);
      return row ? (JSON.parse(row.record) as AssignmentRecord) : null;
    },
    /** Every assignment touching a mark, oldest execution first. */
    async forTrademark(trademarkId: string): Promise<AssignmentRecord[]> {
      return forMark.all(trademarkId).map((row) => JSON.parse(row.record) as AssignmentRecord);
    },
    /** Which of these marks have assignments on file (one query per ingest batch). */
    async marksWithAssignments(trademarkIds: readonly string[]): Promise<string[]> {
      return marksWith.all(JSON.stringify(trademarkIds)).map((row) => row.trademark_id);
    },
    /** Newest execution first. */
    async list(filter: AssignmentFilter, limit: number, offset: number): Promise<AssignmentRecord[]> {
      const w = where(filter);
      const rows = db
        .prepare(`SELECT record FROM assignments a ${w.sql} ORDER BY a.execution_date DESC, a.reel_frame DESC LIMIT ? OFFSET ?`)
        .all(...w.params, limit, offset) as { record: string }[];
      return rows.map((row) => JSON.parse(row.record) as AssignmentRecord);
    },
    async count(filter: AssignmentFilter): Promise<number> {
      const w = where(filter);
      return (db.prepare(`SELECT COUNT(*) AS n FROM assignments a ${w.sql}`).get(...w.params) as { n: number }).n;
    },
  };
};


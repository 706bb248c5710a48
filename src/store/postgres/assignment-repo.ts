// Recorded assignments on PostgreSQL: the same rows, hashes and orders as SQLite's
// (src/store/sqlite/assignment-repo.ts), upserted a batch per transaction (record-table.ts).
import type { AssignmentRecord } from '../../core/schemas/assignment.js';
import type { AssignmentFilter, AssignmentRepo } from '../assignment-repo.js';
import { assignmentMarks, assignmentPartyNames, partyPattern } from '../record-rows.js';
import type { PgDb } from './pg.js';
import { recordTable, type RecordWhere } from './record-table.js';

const where = (f: AssignmentFilter): RecordWhere => {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (f.party) parts.push(`a.party_names LIKE $${params.push(partyPattern(f.party))} ESCAPE '\\'`);
  if (f.trademarkId) parts.push(`a.id IN (SELECT assignment_id FROM assignment_marks WHERE trademark_id = $${params.push(f.trademarkId)})`);
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
};

export const createPgAssignmentRepo = (db: PgDb): AssignmentRepo => {
  const table = recordTable<AssignmentRecord>(db, {
    table: 'assignments',
    columns: ['office_code', 'reel_frame', 'execution_date', 'recorded_date', 'party_names'],
    fixed: ['office_code', 'reel_frame'],
    values: (a) => [a.office_code, a.reel_frame, a.execution_date, a.recorded_date, assignmentPartyNames(a)],
    marksTable: 'assignment_marks',
    marksColumns: ['trademark_id', 'assignment_id'],
    marks: assignmentMarks,
    owner: 'assignment_id',
  });
  return {
    upsert: (records, at) => table.upsert(records, at),
    get: (id) => table.get(id),
    forTrademark: (trademarkId) =>
      table.records(
        `SELECT a.record FROM assignment_marks m JOIN assignments a ON a.id = m.assignment_id
         WHERE m.trademark_id = $1 ORDER BY a.execution_date NULLS FIRST, a.reel_frame`,
        [trademarkId],
      ),
    marksWithAssignments: (trademarkIds) => table.marksWith(trademarkIds),
    // NULLS LAST as SQLite orders them (nulls sort lowest there).
    list: (filter, limit, offset) => table.page(where(filter), 'a', 'a.execution_date DESC NULLS LAST, a.reel_frame DESC', limit, offset),
    count: (filter) => table.count(where(filter), 'a'),
  };
};

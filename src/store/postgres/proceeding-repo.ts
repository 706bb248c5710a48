// Board proceedings on PostgreSQL: the same rows, hashes and orders as SQLite's
// (src/store/sqlite/proceeding-repo.ts), upserted a batch per transaction (record-table.ts).
import type { ProceedingRecord } from '../../core/schemas/proceeding.js';
import type { ProceedingFilter, ProceedingRepo } from '../proceeding-repo.js';
import { partyPattern, proceedingMarks, proceedingPartyNames } from '../record-rows.js';
import type { PgDb } from './pg.js';
import { recordTable, type RecordWhere } from './record-table.js';

const where = (f: ProceedingFilter): RecordWhere => {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (f.party) parts.push(`p.party_names LIKE $${params.push(partyPattern(f.party))} ESCAPE '\\'`);
  if (f.trademarkId) parts.push(`p.id IN (SELECT proceeding_id FROM proceeding_marks WHERE trademark_id = $${params.push(f.trademarkId)})`);
  if (f.typeCodes?.length) parts.push(`p.type_code = ANY($${params.push(f.typeCodes)})`);
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
};

export const createPgProceedingRepo = (db: PgDb): ProceedingRepo => {
  const table = recordTable<ProceedingRecord>(db, {
    table: 'proceedings',
    columns: ['office_code', 'number', 'type_code', 'status_code', 'filing_date', 'status_update_date', 'party_names'],
    fixed: ['office_code', 'number'],
    values: (p) => [p.office_code, p.number, p.type_code, p.status_code, p.filing_date, p.status_update_date, proceedingPartyNames(p)],
    marksTable: 'proceeding_marks',
    marksColumns: ['trademark_id', 'proceeding_id', 'role'],
    marks: proceedingMarks,
    owner: 'proceeding_id',
  });
  return {
    upsert: (records, at) => table.upsert(records, at),
    get: (id) => table.get(id),
    forTrademark: (trademarkId) =>
      table.records(
        `SELECT p.record FROM proceedings p WHERE p.id IN (SELECT proceeding_id FROM proceeding_marks WHERE trademark_id = $1)
         ORDER BY p.filing_date NULLS FIRST, p.number`,
        [trademarkId],
      ),
    marksWithProceedings: (trademarkIds) => table.marksWith(trademarkIds),
    // NULLS LAST as SQLite orders them (nulls sort lowest there).
    list: (filter, limit, offset) => table.page(where(filter), 'p', 'p.filing_date DESC NULLS LAST, p.number DESC', limit, offset),
    count: (filter) => table.count(where(filter), 'p'),
  };
};

// Migration 064: trademark records are stored deflated with the record dictionary (issue 28,
// src/store/sqlite/records/record-codec.ts), about a quarter of their JSON. A store written before
// holds them as JSON text: the backfill rewrites every row in place, in rowid order, telling its
// progress. The column keeps its name and declared type (SQLite keeps a blob a blob in a TEXT
// column), so nothing else in the schema moves. The space a record gives up stays inside its page
// (new marks take new rowids at the table's end, so little of it is reused): the file keeps its
// size until a VACUUM, which the last progress line suggests.
// It also drops two indexes (docs/ingest-performance.md, issue 28): trademarks_status, since every
// plan that chose it (a scan of the live marks in id order, the screening's live marks, a party's
// marks with a status filter) reads fewer rows without it, by the primary key or the party's own
// index; and trademarks_filing, which no plan used (a party's marks sorted by filing date are read
// by the party index and sorted; no caller filters the table itself by filing date).
import { encodeRecord } from '../records/record-codec.js';
import type { Db, MigrationProgress } from '../sqlite.js';

export const sql = 'DROP INDEX IF EXISTS trademarks_status; DROP INDEX IF EXISTS trademarks_filing;';

const PAGE = 2_000;
/** Rows between two progress lines. */
const EVERY = 50_000;

export const backfill = (db: Db, progress: MigrationProgress): void => {
  const total = db.prepare<[], number>("SELECT COUNT(*) FROM trademarks WHERE typeof(record) = 'text'").pluck().get()!;
  if (total === 0) return;
  const page = db.prepare<[number], { rowid: number; record: string }>(
    `SELECT rowid, record FROM trademarks WHERE rowid > ? AND typeof(record) = 'text' ORDER BY rowid LIMIT ${PAGE}`,
  );
  const update = db.prepare('UPDATE trademarks SET record = ? WHERE rowid = ?');
  progress(`migration 064: compressing ${total.toLocaleString('en-US')} stored trademark records …`);
  let done = 0;
  for (let after = 0; ; ) {
    const rows = page.all(after);
    if (rows.length === 0) break;
    for (const row of rows) update.run(encodeRecord(row.record), row.rowid);
    after = rows[rows.length - 1]!.rowid;
    const before = done;
    done += rows.length;
    if (Math.floor(done / EVERY) > Math.floor(before / EVERY)) progress(`migration 064: ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} records compressed`);
  }
  progress(`migration 064: ${total.toLocaleString('en-US')} records compressed; the file keeps its size until VACUUM (sqlite3 <store file> VACUUM, with the store closed)`);
};

// Migration 093: search_key and search_gram keyed by one integer, `hl` = hash × 256 + length, as
// the table's rowid (src/store/sqlite/key-postings.ts). Most lists hold one or two marks, so the
// (h, len) key was most of each row; on the 100,000-mark bench store search_key goes from 50.5 to
// 42.1 MB. The lists are copied in key order into the new tables (appended, so their pages are
// full), with a progress line per table; searches answer as before once the migration commits.
// Like 064 and 092 it leaves the freed pages in the file until a VACUUM.
import type { Db, MigrationProgress } from '../sqlite.js';

/** The work is in `backfill`: a table is re-keyed only while it still has the (h, len) layout. */
export const sql = '';

export const backfill = (db: Db, progress: MigrationProgress): void => {
  for (const table of ['search_key', 'search_gram']) {
    const columns = db.prepare<[string], string>('SELECT name FROM pragma_table_info(?)').pluck().all(table);
    if (!columns.includes('h')) continue;
    const rows = db.prepare<[], number>(`SELECT COUNT(*) FROM ${table}`).pluck().get()!;
    if (rows > 0) progress(`migration 093: re-keying ${rows.toLocaleString('en-US')} ${table} lists …`);
    // Stored hashes and lengths are integers, so the key is exact integer arithmetic.
    db.exec(`CREATE TABLE ${table}_hl (hl INTEGER PRIMARY KEY, mids BLOB NOT NULL);
      INSERT INTO ${table}_hl (hl, mids) SELECT h * 256 + len, mids FROM ${table} ORDER BY h, len;
      DROP TABLE ${table};
      ALTER TABLE ${table}_hl RENAME TO ${table};`);
    if (rows > 0) progress(`migration 093: ${table} re-keyed`);
  }
};

// Migration 092: the channel keys' postings move from one search_key row per mark and key to one
// packed list per key and length (src/store/sqlite/key-postings.ts, issue 28): about a third of the
// index's bytes. The index is repacked in place, range by range of the key hash with a progress
// line each, so a store keeps searching after the upgrade without a rebuild. The file keeps its
// size until a VACUUM; the freed pages are reused by later writes. It writes the (h, len) layout of
// its time; migration 093 re-keys the lists by one integer.
import { registerKeyFunctions } from '../key-postings.js';
import type { Db, MigrationProgress } from '../sqlite.js';

export const sql = `
CREATE TABLE search_key_packed (
  h INTEGER NOT NULL,
  len INTEGER NOT NULL,
  mids BLOB NOT NULL,
  PRIMARY KEY (h, len)
) WITHOUT ROWID;
`;

/** Hash ranges repacked one statement each; key hashes are below 2^52. */
const PARTS = 16;
const SPAN = 2 ** 52 / PARTS;

export const backfill = (db: Db, progress: MigrationProgress): void => {
  const rows = db.prepare<[], number>('SELECT COUNT(*) FROM search_key').pluck().get()!;
  if (rows > 0) {
    registerKeyFunctions(db);
    // packInto writes search_key: the old rows are read from their own name meanwhile.
    db.exec('ALTER TABLE search_key RENAME TO search_key_rows; ALTER TABLE search_key_packed RENAME TO search_key');
    const pack = db.prepare(
      'INSERT INTO search_key (h, len, mids) SELECT h, len, tm_pack_mids(mid) FROM search_key_rows WHERE h >= ? AND h < ? GROUP BY h, len',
    );
    progress(`migration 092: packing ${rows.toLocaleString('en-US')} search-key postings into lists …`);
    for (let part = 0; part < PARTS; part++) {
      pack.run(part === 0 ? -(2 ** 53) : part * SPAN, part === PARTS - 1 ? 2 ** 53 : (part + 1) * SPAN);
      progress(`migration 092: ${part + 1} of ${PARTS} key ranges packed`);
    }
    db.exec('DROP TABLE search_key_rows');
    progress('migration 092: search keys packed; the file keeps its size until VACUUM (sqlite3 <store file> VACUUM, with the store closed)');
    return;
  }
  db.exec('DROP TABLE search_key; ALTER TABLE search_key_packed RENAME TO search_key');
};

// Migration 050: name lookups of owners, attorneys and firms read indexes, never scan the side tables
// (issue 30: `GET /v1/attorneys/%25/trademarks` grouped every representative, 1.3 to 4.8 s at 350k
// marks). Three tables:
// - party_name_prefixes: one row per word prefix of a party's name key (core/name-prefixes.ts),
//   written by the ingest beside the owner and representative rows; a row left by a name no longer
//   on any mark is harmless, as its party's marks count is then 0 and the lookup drops it;
// - party_stats: each party's marks and name (the least spelling, as MIN(name) gave), and
// - party_office_marks: its marks per office,
// both kept by the triggers below on every insert and delete of a side-table row.
import { partyNamePrefixes } from '../../../core/name-prefixes.js';
import type { Db } from '../sqlite.js';

const counted = (table: string, id: string) => `
CREATE TRIGGER ${table}_stats_insert AFTER INSERT ON ${table} BEGIN
  INSERT INTO party_stats (party_id, kind, name, marks) VALUES (NEW.${id}, substr(NEW.${id}, 1, instr(NEW.${id}, '_')), NEW.name, 1)
    ON CONFLICT (party_id) DO UPDATE SET marks = marks + 1, name = min(name, excluded.name);
  INSERT INTO party_office_marks (party_id, office_code, marks) SELECT NEW.${id}, office_code, 1 FROM trademarks WHERE id = NEW.trademark_id
    ON CONFLICT (party_id, office_code) DO UPDATE SET marks = marks + 1;
END;
CREATE TRIGGER ${table}_stats_delete AFTER DELETE ON ${table} BEGIN
  UPDATE party_stats SET marks = marks - 1 WHERE party_id = OLD.${id};
  UPDATE party_office_marks SET marks = marks - 1
    WHERE party_id = OLD.${id} AND office_code = (SELECT office_code FROM trademarks WHERE id = OLD.trademark_id);
END;
`;

export const sql = `
CREATE TABLE party_name_prefixes (
  prefix TEXT NOT NULL,
  party_id TEXT NOT NULL,
  PRIMARY KEY (prefix, party_id)
) WITHOUT ROWID;
CREATE TABLE party_stats (
  party_id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  name TEXT NOT NULL,
  marks INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX party_stats_by_marks ON party_stats (kind, marks DESC, party_id);
CREATE TABLE party_office_marks (
  party_id TEXT NOT NULL,
  office_code TEXT NOT NULL,
  marks INTEGER NOT NULL,
  PRIMARY KEY (party_id, office_code)
) WITHOUT ROWID;
${counted('trademark_owners', 'owner_id')}
${counted('trademark_representatives', 'party_id')}
`;

/** Fills the three tables from the marks already stored, once, in the migration's transaction. */
export const backfill = (db: Db): void => {
  for (const [table, id] of [['trademark_owners', 'owner_id'], ['trademark_representatives', 'party_id']] as const) {
    db.exec(`INSERT INTO party_stats (party_id, kind, name, marks)
      SELECT ${id}, substr(${id}, 1, instr(${id}, '_')), MIN(name), COUNT(*) FROM ${table} GROUP BY ${id}`);
    db.exec(`INSERT INTO party_office_marks (party_id, office_code, marks)
      SELECT s.${id}, t.office_code, COUNT(*) FROM ${table} s JOIN trademarks t ON t.id = s.trademark_id GROUP BY s.${id}, t.office_code`);
    const insert = db.prepare('INSERT OR IGNORE INTO party_name_prefixes (prefix, party_id) VALUES (?, ?)');
    // .all(), not .iterate(): the connection cannot insert while a statement is still reading.
    for (const row of db.prepare<[], { party: string; name: string }>(`SELECT DISTINCT ${id} AS party, name FROM ${table}`).all()) {
      for (const p of partyNamePrefixes(row.party, row.name)) insert.run(p, row.party);
    }
  }
};

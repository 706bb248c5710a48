// Migration 034: board proceedings (one row per TTAB proceeding number, the record as JSON) and
// the marks each names with the party's role, so a mark's proceedings are one indexed lookup.
export const sql = `
CREATE TABLE proceedings (
  id TEXT PRIMARY KEY,
  office_code TEXT NOT NULL,
  number TEXT NOT NULL,
  type_code TEXT,
  status_code TEXT,
  filing_date TEXT,
  status_update_date TEXT,
  party_names TEXT NOT NULL,
  content_hash TEXT NOT NULL,
  record TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX proceedings_filing ON proceedings (filing_date, id);

CREATE TABLE proceeding_marks (
  trademark_id TEXT NOT NULL,
  proceeding_id TEXT NOT NULL,
  role TEXT NOT NULL,
  PRIMARY KEY (trademark_id, proceeding_id, role)
) WITHOUT ROWID;
CREATE INDEX proceeding_marks_proceeding ON proceeding_marks (proceeding_id);
`;

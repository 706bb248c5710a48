// Migration 030: recorded assignments (one row per reel/frame document, the record as JSON) and
// the marks each touches, so a mark's chain of title is one indexed lookup.
export const sql = `
CREATE TABLE assignments (
  id TEXT PRIMARY KEY,
  office_code TEXT NOT NULL,
  reel_frame TEXT NOT NULL,
  execution_date TEXT,
  recorded_date TEXT,
  party_names TEXT NOT NULL,
  content_hash TEXT NOT NULL,
  record TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX assignments_date ON assignments (execution_date, id);

CREATE TABLE assignment_marks (
  trademark_id TEXT NOT NULL,
  assignment_id TEXT NOT NULL,
  PRIMARY KEY (trademark_id, assignment_id)
) WITHOUT ROWID;
CREATE INDEX assignment_marks_assignment ON assignment_marks (assignment_id);
`;

// Migration 025: saved clearance screenings (scr_) with their latest result, and the reviewer's
// decision on each hit (conflict, watch, dismiss, with a note).
export const sql = `
CREATE TABLE screenings (
  id TEXT PRIMARY KEY,
  org_id TEXT,
  livemode INTEGER NOT NULL,
  input TEXT NOT NULL,
  result TEXT NOT NULL,
  run_count INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX screenings_org ON screenings (org_id, livemode, created_at);

CREATE TABLE screening_decisions (
  screening_id TEXT NOT NULL REFERENCES screenings (id) ON DELETE CASCADE,
  trademark_id TEXT NOT NULL,
  decision TEXT NOT NULL,
  note TEXT,
  decided_at TEXT NOT NULL,
  PRIMARY KEY (screening_id, trademark_id)
) WITHOUT ROWID;
`;

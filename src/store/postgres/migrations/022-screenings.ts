// PostgreSQL migration 22: saved clearance screenings with their latest result, and the reviewer's
// decision on each hit (the same rows as SQLite's migration 025).
export const sql = `
CREATE TABLE screenings (
  id TEXT COLLATE "C" PRIMARY KEY,
  org_id TEXT COLLATE "C",
  livemode INTEGER NOT NULL,
  input TEXT NOT NULL,
  result TEXT NOT NULL,
  run_count INTEGER NOT NULL,
  created_at TEXT COLLATE "C" NOT NULL,
  updated_at TEXT COLLATE "C" NOT NULL
);
CREATE INDEX screenings_org ON screenings (org_id, livemode, created_at);

CREATE TABLE screening_decisions (
  screening_id TEXT COLLATE "C" NOT NULL REFERENCES screenings (id) ON DELETE CASCADE,
  trademark_id TEXT COLLATE "C" NOT NULL,
  decision TEXT NOT NULL,
  note TEXT,
  decided_at TEXT COLLATE "C" NOT NULL,
  PRIMARY KEY (screening_id, trademark_id)
);
`;

// PostgreSQL migration 2: the tables an ingest reads beside the trademarks (assignments,
// proceedings, document lists and the marks they name) and the watches evaluation reads after it.
export const sql = `
CREATE TABLE assignments (
  id TEXT COLLATE "C" PRIMARY KEY,
  office_code TEXT COLLATE "C" NOT NULL,
  reel_frame TEXT COLLATE "C" NOT NULL,
  execution_date TEXT COLLATE "C",
  recorded_date TEXT COLLATE "C",
  party_names TEXT COLLATE "C" NOT NULL,
  content_hash TEXT NOT NULL,
  record TEXT NOT NULL,
  created_at TEXT COLLATE "C" NOT NULL,
  updated_at TEXT COLLATE "C" NOT NULL
);
CREATE INDEX assignments_date ON assignments (execution_date, id);
CREATE TABLE assignment_marks (
  trademark_id TEXT COLLATE "C" NOT NULL,
  assignment_id TEXT COLLATE "C" NOT NULL,
  PRIMARY KEY (trademark_id, assignment_id)
);
CREATE INDEX assignment_marks_assignment ON assignment_marks (assignment_id);

CREATE TABLE proceedings (
  id TEXT COLLATE "C" PRIMARY KEY,
  office_code TEXT COLLATE "C" NOT NULL,
  number TEXT COLLATE "C" NOT NULL,
  type_code TEXT COLLATE "C",
  status_code TEXT COLLATE "C",
  filing_date TEXT COLLATE "C",
  status_update_date TEXT COLLATE "C",
  party_names TEXT COLLATE "C" NOT NULL,
  content_hash TEXT NOT NULL,
  record TEXT NOT NULL,
  created_at TEXT COLLATE "C" NOT NULL,
  updated_at TEXT COLLATE "C" NOT NULL
);
CREATE INDEX proceedings_filing ON proceedings (filing_date, id);
CREATE TABLE proceeding_marks (
  trademark_id TEXT COLLATE "C" NOT NULL,
  proceeding_id TEXT COLLATE "C" NOT NULL,
  role TEXT COLLATE "C" NOT NULL,
  PRIMARY KEY (trademark_id, proceeding_id, role)
);
CREATE INDEX proceeding_marks_proceeding ON proceeding_marks (proceeding_id);

CREATE TABLE trademark_documents (
  trademark_id TEXT COLLATE "C" PRIMARY KEY,
  office_code TEXT COLLATE "C" NOT NULL,
  application_number TEXT COLLATE "C" NOT NULL,
  source TEXT COLLATE "C" NOT NULL,
  content_hash TEXT NOT NULL,
  documents TEXT NOT NULL,
  updated_at TEXT COLLATE "C" NOT NULL
);

CREATE TABLE watches (
  id TEXT COLLATE "C" PRIMARY KEY,
  org_id TEXT COLLATE "C" NOT NULL,
  name TEXT NOT NULL,
  watch_type TEXT NOT NULL,
  query TEXT NOT NULL,
  matching TEXT NOT NULL,
  trigger_events TEXT NOT NULL,
  delivery_mode TEXT NOT NULL,
  customer_reference TEXT,
  metadata TEXT NOT NULL DEFAULT '{}',
  status TEXT NOT NULL CHECK (status IN ('active', 'paused')),
  monitor_id TEXT COLLATE "C",
  cursor BIGINT NOT NULL,
  evaluated_count BIGINT NOT NULL DEFAULT 0,
  alert_count BIGINT NOT NULL DEFAULT 0,
  last_evaluated_seq BIGINT,
  last_evaluated_at TEXT,
  last_error TEXT,
  last_error_at TEXT,
  created_at TEXT COLLATE "C" NOT NULL,
  updated_at TEXT COLLATE "C" NOT NULL
);
CREATE INDEX watches_org ON watches (org_id, created_at, id);
CREATE INDEX watches_status ON watches (status, cursor);
`;

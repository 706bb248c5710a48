// Migration 033: office-coverage votes (one per organization, mode and office), and what office
// data says about a mark beyond its record: its prosecution-history document list (USPTO TSDR
// casedocs) and the marks it cites or claims (prior registrations, parent and child cases).
export const sql = `
CREATE TABLE office_votes (
  org_id TEXT NOT NULL,
  livemode INTEGER NOT NULL,
  office_code TEXT NOT NULL,
  note TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (org_id, livemode, office_code)
) WITHOUT ROWID;
CREATE INDEX office_votes_office ON office_votes (livemode, office_code);

CREATE TABLE trademark_documents (
  trademark_id TEXT PRIMARY KEY,
  office_code TEXT NOT NULL,
  application_number TEXT NOT NULL,
  source TEXT NOT NULL,
  content_hash TEXT NOT NULL,
  documents TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE trademark_citations (
  trademark_id TEXT NOT NULL,
  relation TEXT NOT NULL,
  office_code TEXT NOT NULL,
  number TEXT NOT NULL,
  number_type TEXT,
  source TEXT NOT NULL,
  PRIMARY KEY (trademark_id, relation, office_code, number)
) WITHOUT ROWID;
CREATE INDEX trademark_citations_number ON trademark_citations (office_code, number);
`;

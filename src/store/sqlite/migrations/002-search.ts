// Migration 002: the persistent search index. One row per mark with its matching forms and the
// filter columns (search_mark), hashed channel keys ordered by mark length
// (search_key: capped reads return the shortest marks, which score highest), a trigram FTS5 table for
// substrings, and the sync state (last indexed store seq, cursor secret).
/** Indexes only queries use: an empty index is built without them and they are created once at the end. */
export const SEARCH_MARK_INDEXES: readonly string[] = [
  'CREATE INDEX IF NOT EXISTS search_mark_compact ON search_mark (compact)',
  'CREATE INDEX IF NOT EXISTS search_mark_rcompact ON search_mark (rcompact)',
  'CREATE INDEX IF NOT EXISTS search_mark_filing ON search_mark (filing_date)',
];

export const sql = `
CREATE TABLE search_mark (
  mid INTEGER PRIMARY KEY,
  trademark_id TEXT NOT NULL UNIQUE,
  mark_text TEXT,
  folded TEXT NOT NULL,
  compact TEXT NOT NULL,
  rcompact TEXT NOT NULL,
  near_words TEXT NOT NULL,
  skeleton TEXT NOT NULL,
  pcodes TEXT NOT NULL,
  wcodes TEXT NOT NULL,
  office_code TEXT NOT NULL,
  status_primary TEXT NOT NULL,
  status_stage TEXT NOT NULL,
  register_type TEXT,
  classes INTEGER NOT NULL,
  filing_date TEXT,
  registration_date TEXT,
  publication_date TEXT,
  expiry_date TEXT
);
${SEARCH_MARK_INDEXES.map((statement) => `${statement};`).join('\n')}

CREATE TABLE search_key (
  h INTEGER NOT NULL,
  len INTEGER NOT NULL,
  mid INTEGER NOT NULL,
  PRIMARY KEY (h, len, mid)
) WITHOUT ROWID;

CREATE VIRTUAL TABLE search_fts USING fts5(body, content='', contentless_delete=1, tokenize='trigram');

CREATE TABLE search_state (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
`;

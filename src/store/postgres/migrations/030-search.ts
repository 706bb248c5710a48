// PostgreSQL migration 30: the search index, the same tables and columns as SQLite's (migrations
// 2, 5 and 37): one row per mark with its matching forms and filter columns (search_mark), hashed
// channel keys ordered by mark length (search_key), packed trigram lists (search_gram), the sync
// state with the cursor secret (search_state). SQLite's substring table is an FTS5 trigram table;
// here it is search_fts (mid, body) with a pg_trgm GIN index, which answers the same substring
// test (LIKE '%fragment%', rechecked exactly). Text sorts bytewise (COLLATE "C"), as on SQLite.

/** Indexes only queries use: a bulk build of an empty index drops them and builds them once at its end. */
export const SEARCH_INDEXES: readonly string[] = [
  'CREATE INDEX IF NOT EXISTS search_mark_compact ON search_mark (compact)',
  'CREATE INDEX IF NOT EXISTS search_mark_rcompact ON search_mark (rcompact)',
  'CREATE INDEX IF NOT EXISTS search_mark_filing ON search_mark (filing_date)',
  'CREATE UNIQUE INDEX IF NOT EXISTS search_key_pkey ON search_key (h, len, mid)',
  'CREATE UNIQUE INDEX IF NOT EXISTS search_fts_pkey ON search_fts (mid)',
  'CREATE INDEX IF NOT EXISTS search_fts_body ON search_fts USING gin (body gin_trgm_ops)',
];

export const sql = `
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE search_mark (
  mid BIGINT PRIMARY KEY,
  trademark_id TEXT COLLATE "C" NOT NULL UNIQUE,
  mark_text TEXT COLLATE "C",
  folded TEXT COLLATE "C" NOT NULL,
  compact TEXT COLLATE "C" NOT NULL,
  rcompact TEXT COLLATE "C" NOT NULL,
  near_words TEXT COLLATE "C" NOT NULL,
  skeleton TEXT COLLATE "C" NOT NULL,
  pcodes TEXT COLLATE "C" NOT NULL,
  wcodes TEXT COLLATE "C" NOT NULL,
  office_code TEXT COLLATE "C" NOT NULL,
  status_primary TEXT COLLATE "C" NOT NULL,
  status_stage TEXT COLLATE "C" NOT NULL,
  register_type TEXT COLLATE "C",
  classes BIGINT NOT NULL,
  filing_date TEXT COLLATE "C",
  registration_date TEXT COLLATE "C",
  publication_date TEXT COLLATE "C",
  expiry_date TEXT COLLATE "C"
);

-- Postings of a key are read shortest mark first through the (h, len, mid) index, a unique index
-- rather than a constraint so that a bulk build can drop it and build it once.
CREATE TABLE search_key (
  h BIGINT NOT NULL,
  len SMALLINT NOT NULL,
  mid INTEGER NOT NULL
);

CREATE TABLE search_gram (
  h BIGINT NOT NULL,
  len SMALLINT NOT NULL,
  mids BYTEA NOT NULL,
  PRIMARY KEY (h, len)
);

CREATE TABLE search_fts (
  mid BIGINT NOT NULL,
  body TEXT COLLATE "C" NOT NULL
);

CREATE TABLE search_state (
  key TEXT COLLATE "C" PRIMARY KEY,
  value TEXT NOT NULL
);
-- 64 hex characters from the server's strong random source, as SQLite's randomblob(32).
INSERT INTO search_state (key, value) VALUES ('cursor_secret', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));
${SEARCH_INDEXES.map((statement) => `${statement};`).join('\n')}
`;

// Migration 001: trademarks, their class and owner side tables, the event ledger and office syncs.

/**
 * Indexes only queries use (lookups by number, filters, sorts), not the upsert: a bulk load into an
 * empty table drops them and builds each once at the end (trademark-repo.ts), which is far cheaper
 * than keeping them in order row by row.
 */
export const SECONDARY_INDEXES: readonly string[] = [
  'CREATE UNIQUE INDEX IF NOT EXISTS trademarks_app ON trademarks (office_code, app_key)',
  'CREATE INDEX IF NOT EXISTS trademarks_reg ON trademarks (office_code, reg_key)',
  'CREATE INDEX IF NOT EXISTS trademark_classes_class ON trademark_classes (nice_class)',
  'CREATE INDEX IF NOT EXISTS trademark_owners_owner ON trademark_owners (owner_id)',
  'CREATE INDEX IF NOT EXISTS trademark_owners_entity ON trademark_owners (entity_id)',
];

export const sql = `
CREATE TABLE trademarks (
  id TEXT PRIMARY KEY,
  office_code TEXT NOT NULL,
  application_number TEXT NOT NULL,
  app_key TEXT NOT NULL,
  registration_number TEXT,
  reg_key TEXT,
  mark_text TEXT,
  status_primary TEXT NOT NULL,
  status_stage TEXT NOT NULL,
  filing_date TEXT,
  registration_date TEXT,
  expiry_date TEXT,
  source_date TEXT,
  content_hash TEXT NOT NULL,
  record TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  seq INTEGER NOT NULL
);
CREATE INDEX trademarks_seq ON trademarks (seq);

CREATE TABLE trademark_classes (
  trademark_id TEXT NOT NULL,
  nice_class INTEGER NOT NULL,
  PRIMARY KEY (trademark_id, nice_class)
) WITHOUT ROWID;

CREATE TABLE trademark_owners (
  trademark_id TEXT NOT NULL,
  owner_id TEXT NOT NULL,
  entity_id TEXT,
  name TEXT NOT NULL,
  PRIMARY KEY (trademark_id, owner_id)
) WITHOUT ROWID;

CREATE TABLE events (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  trademark_id TEXT NOT NULL,
  type TEXT NOT NULL,
  payload TEXT NOT NULL,
  occurred_at TEXT NOT NULL,
  source_date TEXT
);
CREATE INDEX events_trademark ON events (trademark_id, seq);

CREATE TABLE office_syncs (
  office_code TEXT PRIMARY KEY,
  last_successful_sync TEXT NOT NULL,
  records INTEGER NOT NULL
);

CREATE TABLE meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
${SECONDARY_INDEXES.map((statement) => `${statement};`).join('\n')}
`;

// PostgreSQL migration 1: trademarks and their side tables (classes, owners, representatives,
// citations), the change events, office syncs and votes, entities, and the meta table. The same
// columns as SQLite's migrations 1 to 45; every text column sorts bytewise (COLLATE "C"), as
// SQLite does, so that both backends list rows in the same order.

/** Indexes only queries use: a bulk load into an empty table builds them once at its end. */
export const SECONDARY_INDEXES: readonly string[] = [
  'CREATE UNIQUE INDEX IF NOT EXISTS trademarks_app ON trademarks (office_code, app_key)',
  'CREATE INDEX IF NOT EXISTS trademarks_reg ON trademarks (office_code, reg_key)',
  'CREATE INDEX IF NOT EXISTS trademarks_filing ON trademarks (filing_date)',
  'CREATE INDEX IF NOT EXISTS trademarks_status ON trademarks (status_primary, status_stage)',
  'CREATE INDEX IF NOT EXISTS trademark_classes_class ON trademark_classes (nice_class)',
  'CREATE INDEX IF NOT EXISTS trademark_owners_owner ON trademark_owners (owner_id)',
  'CREATE INDEX IF NOT EXISTS trademark_owners_entity ON trademark_owners (entity_id)',
  'CREATE INDEX IF NOT EXISTS trademark_representatives_party ON trademark_representatives (party_id)',
  'CREATE INDEX IF NOT EXISTS trademark_citations_number ON trademark_citations (office_code, number)',
];

export const sql = `
CREATE TABLE trademarks (
  id TEXT COLLATE "C" PRIMARY KEY,
  office_code TEXT COLLATE "C" NOT NULL,
  application_number TEXT COLLATE "C" NOT NULL,
  app_key TEXT COLLATE "C" NOT NULL,
  registration_number TEXT COLLATE "C",
  reg_key TEXT COLLATE "C",
  mark_text TEXT COLLATE "C",
  status_primary TEXT COLLATE "C" NOT NULL,
  status_stage TEXT COLLATE "C" NOT NULL,
  filing_date TEXT COLLATE "C",
  registration_date TEXT COLLATE "C",
  expiry_date TEXT COLLATE "C",
  publication_date TEXT COLLATE "C",
  register_type TEXT COLLATE "C",
  source_date TEXT COLLATE "C",
  content_hash TEXT NOT NULL,
  record TEXT NOT NULL,
  created_at TEXT COLLATE "C" NOT NULL,
  updated_at TEXT COLLATE "C" NOT NULL,
  seq BIGINT NOT NULL
);
CREATE INDEX trademarks_seq ON trademarks (seq);

CREATE TABLE trademark_classes (
  trademark_id TEXT COLLATE "C" NOT NULL,
  nice_class INTEGER NOT NULL,
  PRIMARY KEY (trademark_id, nice_class)
);

CREATE TABLE trademark_owners (
  trademark_id TEXT COLLATE "C" NOT NULL,
  owner_id TEXT COLLATE "C" NOT NULL,
  entity_id TEXT COLLATE "C",
  name TEXT COLLATE "C" NOT NULL,
  PRIMARY KEY (trademark_id, owner_id)
);

CREATE TABLE trademark_representatives (
  trademark_id TEXT COLLATE "C" NOT NULL,
  party_id TEXT COLLATE "C" NOT NULL,
  name TEXT COLLATE "C" NOT NULL,
  firm_id TEXT COLLATE "C",
  PRIMARY KEY (trademark_id, party_id)
);

CREATE TABLE trademark_citations (
  trademark_id TEXT COLLATE "C" NOT NULL,
  relation TEXT COLLATE "C" NOT NULL,
  office_code TEXT COLLATE "C" NOT NULL,
  number TEXT COLLATE "C" NOT NULL,
  number_type TEXT COLLATE "C",
  source TEXT COLLATE "C" NOT NULL,
  PRIMARY KEY (trademark_id, relation, office_code, number)
);

CREATE TABLE events (
  seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  id TEXT COLLATE "C" NOT NULL UNIQUE,
  trademark_id TEXT COLLATE "C" NOT NULL,
  type TEXT COLLATE "C" NOT NULL,
  payload TEXT NOT NULL,
  occurred_at TEXT COLLATE "C" NOT NULL,
  source_date TEXT COLLATE "C",
  watch_eligible INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX events_trademark ON events (trademark_id, seq);

CREATE TABLE office_syncs (
  office_code TEXT COLLATE "C" PRIMARY KEY,
  last_successful_sync TEXT COLLATE "C" NOT NULL,
  records BIGINT NOT NULL
);

CREATE TABLE office_votes (
  org_id TEXT COLLATE "C" NOT NULL,
  livemode INTEGER NOT NULL,
  office_code TEXT COLLATE "C" NOT NULL,
  note TEXT,
  created_at TEXT COLLATE "C" NOT NULL,
  updated_at TEXT COLLATE "C" NOT NULL,
  PRIMARY KEY (org_id, livemode, office_code)
);
CREATE INDEX office_votes_office ON office_votes (livemode, office_code);

CREATE TABLE entity_merges (
  entity_id TEXT COLLATE "C" PRIMARY KEY,
  merged_into TEXT COLLATE "C" NOT NULL,
  created_at TEXT COLLATE "C" NOT NULL,
  reason TEXT NOT NULL DEFAULT 'hand'
);
CREATE TABLE entity_splits (
  owner_id TEXT COLLATE "C" PRIMARY KEY,
  entity_id TEXT COLLATE "C" NOT NULL,
  split_from TEXT COLLATE "C" NOT NULL,
  created_at TEXT COLLATE "C" NOT NULL
);
CREATE TABLE entity_signals (
  kind TEXT COLLATE "C" NOT NULL,
  value TEXT COLLATE "C" NOT NULL,
  name_key TEXT COLLATE "C" NOT NULL,
  entity_id TEXT COLLATE "C" NOT NULL,
  PRIMARY KEY (kind, value, name_key)
);

CREATE TABLE meta (
  key TEXT COLLATE "C" PRIMARY KEY,
  value TEXT NOT NULL
);
${SECONDARY_INDEXES.map((statement) => `${statement};`).join('\n')}
`;

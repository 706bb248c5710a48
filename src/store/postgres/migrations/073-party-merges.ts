// PostgreSQL migration 73: operator merges of owner and attorney ids, as SQLite's migration 073.
export const sql = `
CREATE TABLE party_merges (
  party_id TEXT COLLATE "C" PRIMARY KEY,
  merged_into TEXT COLLATE "C" NOT NULL,
  created_at TEXT COLLATE "C" NOT NULL
);
CREATE INDEX party_merges_into ON party_merges (merged_into);
`;

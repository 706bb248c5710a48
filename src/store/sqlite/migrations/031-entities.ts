// Migration 031: hand corrections of entity resolution. A merge keeps the old id, which then
// redirects (410 entity_merged); a split moves owner records into a new entity. Both are recorded
// with their time and override what the name key decides.
export const sql = `
CREATE TABLE entity_merges (
  entity_id TEXT PRIMARY KEY,
  merged_into TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE entity_splits (
  owner_id TEXT PRIMARY KEY,
  entity_id TEXT NOT NULL,
  split_from TEXT NOT NULL,
  created_at TEXT NOT NULL
);
`;

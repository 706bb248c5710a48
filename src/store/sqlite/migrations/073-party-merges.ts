// Migration 073: operator merges of owner (own_) and attorney (att_) ids (`tm owners merge`,
// `tm attorneys merge`). A merged id is kept here: reads of it answer 410 entity_merged with
// `merged_into`, and reads of the survivor include the marks of the ids merged into it.
export const sql = `
CREATE TABLE party_merges (
  party_id TEXT PRIMARY KEY,
  merged_into TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX party_merges_into ON party_merges (merged_into);
`;

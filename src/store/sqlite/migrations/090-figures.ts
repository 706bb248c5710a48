// Migration 090: figurative-search keys (src/store/figure-repo.ts). `design_keys` files each mark
// under every level of its design codes; `image_hashes` holds one 64-bit perceptual hash a mark.
// Marks stored before this migration get their keys from migration 091.
export const sql = `
CREATE TABLE design_keys (
  key TEXT NOT NULL,
  trademark_id TEXT NOT NULL,
  office_code TEXT NOT NULL,
  PRIMARY KEY (key, trademark_id)
) WITHOUT ROWID;
CREATE INDEX design_keys_mark ON design_keys (trademark_id);
CREATE TABLE image_hashes (
  trademark_id TEXT PRIMARY KEY,
  office_code TEXT NOT NULL,
  hash TEXT NOT NULL
);
`;

// PostgreSQL migration 90: figurative-search keys, as SQLite's migration 090.
export const sql = `
CREATE TABLE design_keys (
  key TEXT COLLATE "C" NOT NULL,
  trademark_id TEXT COLLATE "C" NOT NULL,
  office_code TEXT COLLATE "C" NOT NULL,
  PRIMARY KEY (key, trademark_id)
);
CREATE INDEX design_keys_mark ON design_keys (trademark_id);
CREATE TABLE image_hashes (
  trademark_id TEXT COLLATE "C" PRIMARY KEY,
  office_code TEXT COLLATE "C" NOT NULL,
  hash TEXT COLLATE "C" NOT NULL
);
`;

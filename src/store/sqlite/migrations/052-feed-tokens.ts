// Migration 052: calendar feed tokens (src/store/feed-repo.ts). Only the hash of a token is kept.
export const sql = `
CREATE TABLE IF NOT EXISTS feed_tokens (
  id           TEXT PRIMARY KEY,
  org_id       TEXT NOT NULL,
  livemode     INTEGER NOT NULL,
  name         TEXT,
  hash         TEXT NOT NULL UNIQUE,
  hint         TEXT NOT NULL,
  path         TEXT NOT NULL,
  input        TEXT NOT NULL,
  created_at   TEXT NOT NULL,
  revoked_at   TEXT,
  last_used_at TEXT
);
CREATE INDEX IF NOT EXISTS feed_tokens_org ON feed_tokens (org_id, livemode, created_at);
`;

// Migration 003: organizations, API keys (hashed), daily usage counters, the request log,
// stored idempotent responses and feedback reports (spec §5, §7 idempotency, §8 usage).
export const sql = `
CREATE TABLE orgs (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  limits TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL
);

CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL REFERENCES orgs (id),
  name TEXT,
  hash TEXT NOT NULL UNIQUE,
  hint TEXT NOT NULL,
  livemode INTEGER NOT NULL,
  scopes TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT,
  revoked_at TEXT,
  last_used_at TEXT
);
CREATE INDEX api_keys_org ON api_keys (org_id, created_at);

CREATE TABLE usage_daily (
  org_id TEXT NOT NULL,
  livemode INTEGER NOT NULL,
  day TEXT NOT NULL,
  tier TEXT NOT NULL,
  meter TEXT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (org_id, livemode, day, tier, meter)
) WITHOUT ROWID;

CREATE TABLE request_log (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL,
  org_id TEXT NOT NULL,
  livemode INTEGER NOT NULL,
  key_id TEXT,
  method TEXT NOT NULL,
  path TEXT NOT NULL,
  operation TEXT,
  status INTEGER NOT NULL,
  error_type TEXT,
  duration_ms INTEGER NOT NULL,
  at TEXT NOT NULL
);
CREATE INDEX request_log_org ON request_log (org_id, livemode, seq);
CREATE INDEX request_log_id ON request_log (id);

CREATE TABLE idempotency (
  org_id TEXT NOT NULL,
  livemode INTEGER NOT NULL,
  key TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  state TEXT NOT NULL,
  status INTEGER,
  body TEXT,
  created_at TEXT NOT NULL,
  PRIMARY KEY (org_id, livemode, key)
) WITHOUT ROWID;
CREATE INDEX idempotency_created ON idempotency (created_at);

CREATE TABLE feedback (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL,
  livemode INTEGER NOT NULL,
  request_id TEXT,
  category TEXT NOT NULL,
  message TEXT NOT NULL,
  created_at TEXT NOT NULL
);
`;

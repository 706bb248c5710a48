// PostgreSQL migration 20: organizations, hashed API keys, daily usage counters, the request log,
// stored idempotent responses and feedback reports (the same rows as SQLite's migration 003).
export const sql = `
CREATE TABLE orgs (
  id TEXT COLLATE "C" PRIMARY KEY,
  name TEXT NOT NULL,
  limits TEXT NOT NULL DEFAULT '{}',
  created_at TEXT COLLATE "C" NOT NULL
);

CREATE TABLE api_keys (
  id TEXT COLLATE "C" PRIMARY KEY,
  org_id TEXT COLLATE "C" NOT NULL REFERENCES orgs (id),
  name TEXT,
  hash TEXT COLLATE "C" NOT NULL UNIQUE,
  hint TEXT NOT NULL,
  livemode INTEGER NOT NULL,
  scopes TEXT NOT NULL,
  created_at TEXT COLLATE "C" NOT NULL,
  expires_at TEXT,
  revoked_at TEXT,
  last_used_at TEXT
);
CREATE INDEX api_keys_org ON api_keys (org_id, created_at);

CREATE TABLE usage_daily (
  org_id TEXT COLLATE "C" NOT NULL,
  livemode INTEGER NOT NULL,
  day TEXT COLLATE "C" NOT NULL,
  tier TEXT COLLATE "C" NOT NULL,
  meter TEXT COLLATE "C" NOT NULL,
  count BIGINT NOT NULL,
  PRIMARY KEY (org_id, livemode, day, tier, meter)
);

CREATE TABLE request_log (
  seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  id TEXT COLLATE "C" NOT NULL,
  org_id TEXT COLLATE "C" NOT NULL,
  livemode INTEGER NOT NULL,
  key_id TEXT,
  method TEXT NOT NULL,
  path TEXT NOT NULL,
  operation TEXT,
  status INTEGER NOT NULL,
  error_type TEXT,
  duration_ms INTEGER NOT NULL,
  at TEXT COLLATE "C" NOT NULL
);
CREATE INDEX request_log_org ON request_log (org_id, livemode, seq);
CREATE INDEX request_log_id ON request_log (id);
CREATE INDEX request_log_at ON request_log (at);

CREATE TABLE idempotency (
  org_id TEXT COLLATE "C" NOT NULL,
  livemode INTEGER NOT NULL,
  key TEXT COLLATE "C" NOT NULL,
  fingerprint TEXT NOT NULL,
  state TEXT NOT NULL,
  status INTEGER,
  body TEXT,
  created_at TEXT COLLATE "C" NOT NULL,
  PRIMARY KEY (org_id, livemode, key)
);
CREATE INDEX idempotency_created ON idempotency (created_at);

CREATE TABLE feedback (
  id TEXT COLLATE "C" PRIMARY KEY,
  org_id TEXT COLLATE "C" NOT NULL,
  livemode INTEGER NOT NULL,
  request_id TEXT,
  category TEXT NOT NULL,
  message TEXT NOT NULL,
  created_at TEXT COLLATE "C" NOT NULL
);
`;

// PostgreSQL migration 50: monitoring and the ledger, the same tables and columns as SQLite's
// migrations 11, 15-19, 52 and 56 (so `tm copy` moves them table by table): earlier-shape
// monitors (their item watches cascade), alerts, the per-organization ledger with its settings and
// the projector's cursor, who holds which mark, webhook endpoints, the delivery outbox, its
// attempt log, and calendar feed tokens. JSON lists stay text, as on SQLite.
export const sql = `
CREATE TABLE monitors (
  id TEXT COLLATE "C" PRIMARY KEY,
  org_id TEXT COLLATE "C" NOT NULL,
  name TEXT NOT NULL,
  description TEXT,
  offices TEXT NOT NULL DEFAULT '[]',
  webhook_url TEXT NOT NULL,
  webhook_secret TEXT,
  webhook_events TEXT NOT NULL DEFAULT '[]',
  items TEXT NOT NULL DEFAULT '[]',
  status TEXT NOT NULL,
  created_at TEXT COLLATE "C" NOT NULL,
  updated_at TEXT COLLATE "C" NOT NULL
);
CREATE INDEX monitors_org ON monitors (org_id, created_at, id);
ALTER TABLE watches ADD CONSTRAINT watches_monitor FOREIGN KEY (monitor_id) REFERENCES monitors (id) ON DELETE CASCADE;
CREATE INDEX watches_monitor ON watches (monitor_id) WHERE monitor_id IS NOT NULL;

CREATE TABLE alerts (
  seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  id TEXT COLLATE "C" NOT NULL UNIQUE,
  org_id TEXT COLLATE "C" NOT NULL,
  watch_id TEXT COLLATE "C" NOT NULL,
  event_id TEXT COLLATE "C" NOT NULL,
  event_seq BIGINT NOT NULL,
  trademark_id TEXT COLLATE "C" NOT NULL,
  event_type TEXT COLLATE "C" NOT NULL,
  body TEXT NOT NULL,
  created_at TEXT COLLATE "C" NOT NULL,
  acknowledged_at TEXT COLLATE "C",
  UNIQUE (watch_id, event_id)
);
CREATE INDEX alerts_org ON alerts (org_id, seq);
CREATE INDEX alerts_watch ON alerts (watch_id, seq);
CREATE INDEX alerts_trademark ON alerts (watch_id, trademark_id);

CREATE TABLE ledger_events (
  seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  id TEXT COLLATE "C" NOT NULL UNIQUE,
  org_id TEXT COLLATE "C" NOT NULL,
  type TEXT COLLATE "C" NOT NULL,
  payload_version INTEGER NOT NULL,
  trademark_id TEXT COLLATE "C",
  portfolio_ids TEXT NOT NULL DEFAULT '[]',
  twin_key TEXT COLLATE "C",
  twin_date TEXT COLLATE "C",
  data TEXT NOT NULL,
  created_at TEXT COLLATE "C" NOT NULL
);
CREATE INDEX ledger_events_org ON ledger_events (org_id, seq);
CREATE INDEX ledger_events_twin ON ledger_events (org_id, twin_key, twin_date) WHERE twin_key IS NOT NULL;

CREATE TABLE ledger_settings (
  org_id TEXT COLLATE "C" PRIMARY KEY,
  payload_version INTEGER NOT NULL
);

CREATE TABLE ledger_cursor (
  name TEXT COLLATE "C" PRIMARY KEY,
  seq BIGINT NOT NULL
);
-- History already stored when this migration runs is never projected.
INSERT INTO ledger_cursor (name, seq) SELECT 'global_events', COALESCE(MAX(seq), 0) FROM events;

CREATE VIEW portfolio_holdings AS
  SELECT m.trademark_id AS trademark_id, p.org_id AS org_id, m.portfolio_id AS portfolio_id, m.external_ref AS external_ref
  FROM portfolio_members m JOIN portfolios p ON p.id = m.portfolio_id;

CREATE TABLE webhook_endpoints (
  id TEXT COLLATE "C" PRIMARY KEY,
  org_id TEXT COLLATE "C" NOT NULL,
  url TEXT NOT NULL,
  description TEXT,
  enabled_events TEXT NOT NULL,
  portfolio_id TEXT COLLATE "C",
  secret TEXT NOT NULL,
  previous_secret TEXT,
  previous_secret_expires_at TEXT COLLATE "C",
  enabled INTEGER NOT NULL DEFAULT 1,
  disabled_reason TEXT,
  consecutive_failures INTEGER NOT NULL DEFAULT 0,
  failing_since TEXT COLLATE "C",
  last_success_at TEXT COLLATE "C",
  last_failure_at TEXT COLLATE "C",
  created_at TEXT COLLATE "C" NOT NULL,
  updated_at TEXT COLLATE "C" NOT NULL,
  monitor_id TEXT COLLATE "C"
);
CREATE INDEX webhook_endpoints_org ON webhook_endpoints (org_id, created_at);
CREATE UNIQUE INDEX webhook_endpoints_monitor ON webhook_endpoints (monitor_id) WHERE monitor_id IS NOT NULL;

CREATE TABLE webhook_deliveries (
  seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  id TEXT COLLATE "C" NOT NULL UNIQUE,
  endpoint_id TEXT COLLATE "C" NOT NULL,
  org_id TEXT COLLATE "C" NOT NULL,
  event_id TEXT COLLATE "C" NOT NULL,
  event_seq BIGINT NOT NULL,
  test INTEGER NOT NULL DEFAULT 0,
  state TEXT COLLATE "C" NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT COLLATE "C" NOT NULL,
  lease_owner TEXT COLLATE "C",
  lease_until TEXT COLLATE "C",
  last_error TEXT,
  created_at TEXT COLLATE "C" NOT NULL,
  updated_at TEXT COLLATE "C" NOT NULL,
  payload TEXT
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (state, next_attempt_at);
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, event_seq);
CREATE INDEX webhook_deliveries_pending ON webhook_deliveries (endpoint_id, event_seq, seq) WHERE state = 'pending';
CREATE INDEX webhook_deliveries_in_flight ON webhook_deliveries (endpoint_id, lease_until) WHERE state = 'in_flight';
CREATE INDEX webhook_deliveries_next_due ON webhook_deliveries (endpoint_id, next_attempt_at) WHERE state = 'pending';

CREATE TABLE webhook_attempts (
  seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  delivery_id TEXT COLLATE "C" NOT NULL,
  endpoint_id TEXT COLLATE "C" NOT NULL,
  event_id TEXT COLLATE "C" NOT NULL,
  attempt INTEGER NOT NULL,
  status TEXT COLLATE "C" NOT NULL,
  response_code INTEGER,
  response_time_ms INTEGER,
  error TEXT,
  at TEXT COLLATE "C" NOT NULL
);
CREATE INDEX webhook_attempts_endpoint ON webhook_attempts (endpoint_id, seq);
CREATE INDEX webhook_attempts_in_flight ON webhook_attempts (delivery_id) WHERE status = 'in_flight';

CREATE TABLE feed_tokens (
  id TEXT COLLATE "C" PRIMARY KEY,
  org_id TEXT COLLATE "C" NOT NULL,
  livemode INTEGER NOT NULL,
  name TEXT,
  hash TEXT COLLATE "C" NOT NULL UNIQUE,
  hint TEXT NOT NULL,
  path TEXT NOT NULL,
  input TEXT NOT NULL,
  created_at TEXT COLLATE "C" NOT NULL,
  revoked_at TEXT COLLATE "C",
  last_used_at TEXT COLLATE "C"
);
CREATE INDEX feed_tokens_org ON feed_tokens (org_id, livemode, created_at);
`;

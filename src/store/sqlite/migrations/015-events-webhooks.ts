// Migration 015: the per-organization event ledger (spec §6), the projector's cursor over the
// global change events, webhook endpoints, the delivery outbox and its attempt log.
export const sql = `
CREATE TABLE ledger_events (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  org_id TEXT NOT NULL,
  type TEXT NOT NULL,
  payload_version INTEGER NOT NULL,
  trademark_id TEXT,
  portfolio_ids TEXT NOT NULL DEFAULT '[]',
  twin_key TEXT,
  twin_date TEXT,
  data TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX ledger_events_org ON ledger_events (org_id, seq);
CREATE INDEX ledger_events_twin ON ledger_events (org_id, twin_key, twin_date) WHERE twin_key IS NOT NULL;

CREATE TABLE ledger_settings (
  org_id TEXT PRIMARY KEY,
  payload_version INTEGER NOT NULL
);

-- Who holds which mark in a portfolio; migration 016 defines it over the membership table.
CREATE VIEW portfolio_holdings AS
  SELECT NULL AS trademark_id, NULL AS org_id, NULL AS portfolio_id, NULL AS external_ref WHERE 0;

CREATE TABLE ledger_cursor (
  name TEXT PRIMARY KEY,
  seq INTEGER NOT NULL
);
-- History already stored when this migration runs is never projected.
INSERT INTO ledger_cursor (name, seq) SELECT 'global_events', COALESCE(MAX(seq), 0) FROM events;

CREATE TABLE webhook_endpoints (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL,
  url TEXT NOT NULL,
  description TEXT,
  enabled_events TEXT NOT NULL,
  portfolio_id TEXT,
  secret TEXT NOT NULL,
  previous_secret TEXT,
  previous_secret_expires_at TEXT,
  enabled INTEGER NOT NULL DEFAULT 1,
  disabled_reason TEXT,
  consecutive_failures INTEGER NOT NULL DEFAULT 0,
  failing_since TEXT,
  last_success_at TEXT,
  last_failure_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX webhook_endpoints_org ON webhook_endpoints (org_id, created_at);

CREATE TABLE webhook_deliveries (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  endpoint_id TEXT NOT NULL,
  org_id TEXT NOT NULL,
  event_id TEXT NOT NULL,
  event_seq INTEGER NOT NULL,
  test INTEGER NOT NULL DEFAULT 0,
  state TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT NOT NULL,
  lease_owner TEXT,
  lease_until TEXT,
  last_error TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (state, next_attempt_at);
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, event_seq);

CREATE TABLE webhook_attempts (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  delivery_id TEXT NOT NULL,
  endpoint_id TEXT NOT NULL,
  event_id TEXT NOT NULL,
  attempt INTEGER NOT NULL,
  status TEXT NOT NULL,
  response_code INTEGER,
  response_time_ms INTEGER,
  error TEXT,
  at TEXT NOT NULL
);
CREATE INDEX webhook_attempts_endpoint ON webhook_attempts (endpoint_id, seq);
`;

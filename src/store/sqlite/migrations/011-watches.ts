// Migration 011: watches with their per-watch cursor in the change sequence and diagnostics
// counters; alerts, one per (watch, change event), immutable but for acknowledged_at; earlier-shape
// monitors, whose items are watches pointing back at them; and `trademark.created` rows plus a
// watch-eligibility flag on the change events, so backfills are kept out of evaluation.
export const sql = `
CREATE TABLE monitors (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL,
  name TEXT NOT NULL,
  description TEXT,
  offices TEXT NOT NULL DEFAULT '[]',
  webhook_url TEXT NOT NULL,
  webhook_secret TEXT,
  webhook_events TEXT NOT NULL DEFAULT '[]',
  items TEXT NOT NULL DEFAULT '[]',
  status TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX monitors_org ON monitors (org_id, created_at, id);

CREATE TABLE watches (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL,
  name TEXT NOT NULL,
  watch_type TEXT NOT NULL,
  query TEXT NOT NULL,
  matching TEXT NOT NULL,
  trigger_events TEXT NOT NULL,
  delivery_mode TEXT NOT NULL,
  customer_reference TEXT,
  metadata TEXT NOT NULL DEFAULT '{}',
  status TEXT NOT NULL CHECK (status IN ('active', 'paused')),
  monitor_id TEXT REFERENCES monitors (id) ON DELETE CASCADE,
  cursor INTEGER NOT NULL,
  evaluated_count INTEGER NOT NULL DEFAULT 0,
  alert_count INTEGER NOT NULL DEFAULT 0,
  last_evaluated_seq INTEGER,
  last_evaluated_at TEXT,
  last_error TEXT,
  last_error_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX watches_org ON watches (org_id, created_at, id);
CREATE INDEX watches_status ON watches (status, cursor);

CREATE TABLE alerts (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  org_id TEXT NOT NULL,
  watch_id TEXT NOT NULL,
  event_id TEXT NOT NULL,
  event_seq INTEGER NOT NULL,
  trademark_id TEXT NOT NULL,
  event_type TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL,
  acknowledged_at TEXT,
  UNIQUE (watch_id, event_id)
);
CREATE INDEX alerts_org ON alerts (org_id, seq);
CREATE INDEX alerts_watch ON alerts (watch_id, seq);
CREATE INDEX alerts_trademark ON alerts (watch_id, trademark_id);

ALTER TABLE events ADD COLUMN watch_eligible INTEGER NOT NULL DEFAULT 1;
`;

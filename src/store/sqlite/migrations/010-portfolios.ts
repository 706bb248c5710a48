// Migration 010: portfolios, their current members (with the client's `external_ref`) and the
// membership history, so an event can freeze the portfolios a mark was in when it happened.
export const sql = `
CREATE TABLE portfolios (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL,
  name TEXT NOT NULL,
  description TEXT,
  metadata TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX portfolios_org ON portfolios (org_id, created_at, id);

CREATE TABLE portfolio_members (
  portfolio_id TEXT NOT NULL REFERENCES portfolios (id) ON DELETE CASCADE,
  trademark_id TEXT NOT NULL,
  external_ref TEXT,
  added_at TEXT NOT NULL,
  PRIMARY KEY (portfolio_id, trademark_id)
) WITHOUT ROWID;
CREATE INDEX portfolio_members_trademark ON portfolio_members (trademark_id);

CREATE TABLE portfolio_membership_history (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  org_id TEXT NOT NULL,
  portfolio_id TEXT NOT NULL,
  trademark_id TEXT NOT NULL,
  action TEXT NOT NULL CHECK (action IN ('added', 'removed', 'ref_changed')),
  external_ref TEXT,
  at TEXT NOT NULL
);
CREATE INDEX portfolio_membership_history_trademark ON portfolio_membership_history (trademark_id, seq);
`;

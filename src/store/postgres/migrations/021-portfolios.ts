// PostgreSQL migration 21: portfolios, their current members (with the client's `external_ref`)
// and the membership history (the same rows as SQLite's migration 010).
export const sql = `
CREATE TABLE portfolios (
  id TEXT COLLATE "C" PRIMARY KEY,
  org_id TEXT COLLATE "C" NOT NULL,
  name TEXT NOT NULL,
  description TEXT,
  metadata TEXT NOT NULL DEFAULT '{}',
  created_at TEXT COLLATE "C" NOT NULL,
  updated_at TEXT COLLATE "C" NOT NULL
);
CREATE INDEX portfolios_org ON portfolios (org_id, created_at, id);

CREATE TABLE portfolio_members (
  portfolio_id TEXT COLLATE "C" NOT NULL REFERENCES portfolios (id) ON DELETE CASCADE,
  trademark_id TEXT COLLATE "C" NOT NULL,
  external_ref TEXT,
  added_at TEXT COLLATE "C" NOT NULL,
  PRIMARY KEY (portfolio_id, trademark_id)
);
CREATE INDEX portfolio_members_trademark ON portfolio_members (trademark_id);

CREATE TABLE portfolio_membership_history (
  seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  org_id TEXT COLLATE "C" NOT NULL,
  portfolio_id TEXT COLLATE "C" NOT NULL,
  trademark_id TEXT COLLATE "C" NOT NULL,
  action TEXT NOT NULL CHECK (action IN ('added', 'removed', 'ref_changed')),
  external_ref TEXT,
  at TEXT COLLATE "C" NOT NULL
);
CREATE INDEX portfolio_membership_history_trademark ON portfolio_membership_history (trademark_id, seq);
`;

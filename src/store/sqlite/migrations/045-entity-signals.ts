// Migration 045: the address signal of entity resolution. Each owner record resolved on ingest
// with an address that places it leaves a row (kind `address`, its address key, its name key, its
// entity), so a later record with a near name at the same address joins that entity with one
// indexed lookup (core/entity-signals.ts, store/entity-repo.ts; the shared-mark signal reads the
// owner index itself). Such a join is a
// merge like a hand merge (the joining id redirects), recorded with the signal as its reason.
export const sql = `
ALTER TABLE entity_merges ADD COLUMN reason TEXT NOT NULL DEFAULT 'hand';
CREATE TABLE entity_signals (
  kind TEXT NOT NULL,
  value TEXT NOT NULL,
  name_key TEXT NOT NULL,
  entity_id TEXT NOT NULL,
  PRIMARY KEY (kind, value, name_key)
) WITHOUT ROWID;
`;

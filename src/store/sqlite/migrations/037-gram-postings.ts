// Migration 037: the q-gram path's trigram postings move from one search_key row per mark and
// trigram to packed lists per trigram and length (search_gram, src/store/gram-postings.ts). The
// index is emptied, as in migrations 035 and 036, so that the next writer's sync rebuilds it in
// bulk with the new table; until then a search finds nothing and reports the lag.
export const sql = `
CREATE TABLE search_gram (
  h INTEGER NOT NULL,
  len INTEGER NOT NULL,
  mids BLOB NOT NULL,
  PRIMARY KEY (h, len)
) WITHOUT ROWID;
DELETE FROM search_key;
DELETE FROM search_mark;
DELETE FROM search_fts;
DELETE FROM search_state WHERE key = 'last_seq';
`;

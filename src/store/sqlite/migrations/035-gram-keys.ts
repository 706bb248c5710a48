// Migration 035: the index gains the q-gram key family (`g:`, src/search/qgram.ts), which every
// mark needs. The index is emptied here so that the next writer's sync (tm ingest, tm serve at
// start) rebuilds it in bulk with the new keys; until then a search finds nothing and reports the
// lag (index_behind), as after any first build. Store rows are untouched.
export const sql = `
DELETE FROM search_key;
DELETE FROM search_mark;
DELETE FROM search_fts;
DELETE FROM search_state WHERE key = 'last_seq';
`;

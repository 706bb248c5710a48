// Migration 005: the cursor-signing secret is made once, by the migration (a writer), instead of
// by the first search that needs it, so a search never writes. A store that has one keeps it.
export const sql = `
INSERT OR IGNORE INTO search_state (key, value) VALUES ('cursor_secret', lower(hex(randomblob(32))));
`;

// Migration 036: issue 10's phonetic and visual members change the keys of existing marks: sound
// keys read PH as F and a soft C as S, lone letters are coded by their names, web addresses are read
// as their names (near form), and Y is a look-alike of V (skeleton). As in migration 035, the index
// is emptied so that the next writer's sync rebuilds it in bulk; store rows are untouched.
export const sql = `
DELETE FROM search_key;
DELETE FROM search_mark;
DELETE FROM search_fts;
DELETE FROM search_state WHERE key = 'last_seq';
`;

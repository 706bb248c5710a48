// Migration 004: the two values the search index reads of each changed trademark that were only in
// the record JSON (publication date, register type) become columns, so the index sync reads
// columns instead of parsing every changed record's JSON in SQL.
export const sql = `
ALTER TABLE trademarks ADD COLUMN publication_date TEXT;
ALTER TABLE trademarks ADD COLUMN register_type TEXT;
UPDATE trademarks SET publication_date = json_extract(record, '$.publication_date'),
  register_type = lower(json_extract(record, '$.register.type'));
`;

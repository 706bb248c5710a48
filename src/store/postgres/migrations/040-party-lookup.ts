// PostgreSQL migration 40: the party name lookups of SQLite's migration 050 (owners, attorneys and
// firms found from an index, never a scan of the side tables): the word-prefix index the ingest
// writes, and each party's marks (overall and per office) with its least spelling. SQLite keeps the
// counts with row triggers; here one statement trigger per insert or delete adds up the whole
// statement's rows (transition tables), so a COPY of a batch's owners costs one update per party.
import { partyNamePrefixes } from '../../../core/name-prefixes.js';
import type { PgClient } from '../pg.js';

/**
 * The statement triggers' functions. `first` is SQL each runs first (migration 70's: while a bulk
 * load defers the counts to its end); 40 itself had none.
 */
export const countingFunctions = (table: string, id: string, first: { insert: string; delete: string } = { insert: '', delete: '' }) => `
CREATE OR REPLACE FUNCTION ${table}_stats_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  ${first.insert}
  INSERT INTO party_stats (party_id, kind, name, marks)
    SELECT ${id}, substr(${id}, 1, strpos(${id}, '_')), MIN(name), COUNT(*) FROM new_rows GROUP BY ${id}
    ON CONFLICT (party_id) DO UPDATE SET marks = party_stats.marks + excluded.marks, name = LEAST(party_stats.name, excluded.name);
  INSERT INTO party_office_marks (party_id, office_code, marks)
    SELECT n.${id}, t.office_code, COUNT(*) FROM new_rows n JOIN trademarks t ON t.id = n.trademark_id GROUP BY n.${id}, t.office_code
    ON CONFLICT (party_id, office_code) DO UPDATE SET marks = party_office_marks.marks + excluded.marks;
  RETURN NULL;
END $fn$;
CREATE OR REPLACE FUNCTION ${table}_stats_delete() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  ${first.delete}
  UPDATE party_stats s SET marks = s.marks - d.n
    FROM (SELECT ${id} AS party_id, COUNT(*) AS n FROM old_rows GROUP BY ${id}) d WHERE s.party_id = d.party_id;
  UPDATE party_office_marks p SET marks = p.marks - d.n
    FROM (SELECT o.${id} AS party_id, t.office_code, COUNT(*) AS n FROM old_rows o JOIN trademarks t ON t.id = o.trademark_id GROUP BY 1, 2) d
    WHERE p.party_id = d.party_id AND p.office_code = d.office_code;
  RETURN NULL;
END $fn$;
`;

/** The tables whose rows the party counts add up, with each one's party column. */
export const COUNTED = [['trademark_owners', 'owner_id'], ['trademark_representatives', 'party_id']] as const;

const counted = (table: string, id: string) => `
${countingFunctions(table, id)}
CREATE TRIGGER ${table}_stats_insert AFTER INSERT ON ${table} REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ${table}_stats_insert();
CREATE TRIGGER ${table}_stats_delete AFTER DELETE ON ${table} REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ${table}_stats_delete();
`;

export const sql = `
CREATE TABLE party_name_prefixes (
  prefix TEXT COLLATE "C" NOT NULL,
  party_id TEXT COLLATE "C" NOT NULL,
  PRIMARY KEY (prefix, party_id)
);
CREATE TABLE party_stats (
  party_id TEXT COLLATE "C" PRIMARY KEY,
  kind TEXT COLLATE "C" NOT NULL,
  name TEXT COLLATE "C" NOT NULL,
  marks BIGINT NOT NULL
);
CREATE INDEX party_stats_by_marks ON party_stats (kind, marks DESC, party_id);
CREATE TABLE party_office_marks (
  party_id TEXT COLLATE "C" NOT NULL,
  office_code TEXT COLLATE "C" NOT NULL,
  marks BIGINT NOT NULL,
  PRIMARY KEY (party_id, office_code)
);
${COUNTED.map(([table, id]) => counted(table, id)).join('')}
`;

/** Writes the name-prefix rows of these (party id, name) pairs; a row already there stays. */
export const writePrefixes = async (c: PgClient, parties: Iterable<readonly [string, string]>): Promise<void> => {
  const rows = new Set<string>();
  for (const [id, name] of parties) for (const p of partyNamePrefixes(id, name)) rows.add(`${p}\t${id}`);
  if (rows.size === 0) return;
  const split = [...rows].map((r) => r.split('\t'));
  await c.query(
    'INSERT INTO party_name_prefixes (prefix, party_id) SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT DO NOTHING',
    [split.map((r) => r[0]), split.map((r) => r[1])],
  );
};

/**
 * Counts every party's marks (overall and per office) from the stored rows. A party row already
 * there takes the count and keeps the lesser name: a bulk load's deferred deletes left rows of
 * count 0 with the names they removed (migration 70), as the triggers would have.
 */
export const countParties = async (c: PgClient): Promise<void> => {
  for (const [table, id] of COUNTED) {
    await c.query(`INSERT INTO party_stats (party_id, kind, name, marks)
      SELECT ${id}, substr(${id}, 1, strpos(${id}, '_')), MIN(name), COUNT(*) FROM ${table} GROUP BY ${id}
      ON CONFLICT (party_id) DO UPDATE SET marks = excluded.marks, name = LEAST(party_stats.name, excluded.name)`);
    await c.query(`INSERT INTO party_office_marks (party_id, office_code, marks)
      SELECT s.${id}, t.office_code, COUNT(*) FROM ${table} s JOIN trademarks t ON t.id = s.trademark_id GROUP BY s.${id}, t.office_code
      ON CONFLICT (party_id, office_code) DO UPDATE SET marks = excluded.marks`);
  }
};

/** Fills the three tables from the marks already stored, once, in the migration's transaction. */
export const backfill = async (c: PgClient): Promise<void> => {
  await countParties(c);
  for (const [table, id] of COUNTED) {
    const pairs = (await c.query<{ party: string; name: string }>(`SELECT DISTINCT ${id} AS party, name FROM ${table}`)).rows;
    for (let i = 0; i < pairs.length; i += 5000) await writePrefixes(c, pairs.slice(i, i + 5000).map((r) => [r.party, r.name] as const));
  }
};

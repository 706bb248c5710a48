// PostgreSQL migration 70: what a bulk load into an empty store needs to go fast. While a load's
// transaction sets tm.defer_party_counts, the party-count triggers (migration 40) leave the counts
// to the load's end, where one pass counts every party (or the next writer's does, after a killed
// load: when it rebuilds the indexes, src/store/postgres/trademark-repo.ts). A deferred delete (a
// mark replaced within the load) still files its parties at count 0 with the names it removed, so
// the end state is the one the triggers reach: every party ever counted, its least spelling.
// Stored records are compressed with lz4 where the server has it: a batch's insert took about a
// fifth longer with pglz here, for about the same size on disk.
import { COUNTED, countingFunctions } from './040-party-lookup.js';

/** The setting a bulk load's transactions set (SET LOCAL) so the party counts wait for its end. */
export const DEFER_PARTY_COUNTS = 'tm.defer_party_counts';

const deferred = `current_setting('${DEFER_PARTY_COUNTS}', true) = 'on'`;

const first = (table: string, id: string) => ({
  insert: `IF ${deferred} THEN RETURN NULL; END IF;`,
  delete: `IF ${deferred} THEN
    INSERT INTO party_stats (party_id, kind, name, marks)
      SELECT ${id}, substr(${id}, 1, strpos(${id}, '_')), MIN(name), 0 FROM old_rows GROUP BY ${id}
      ON CONFLICT (party_id) DO UPDATE SET name = LEAST(party_stats.name, excluded.name);
    INSERT INTO party_office_marks (party_id, office_code, marks)
      SELECT o.${id}, t.office_code, 0 FROM old_rows o JOIN trademarks t ON t.id = o.trademark_id GROUP BY 1, 2
      ON CONFLICT (party_id, office_code) DO NOTHING;
    RETURN NULL;
  END IF;`,
});

export const sql = `
${COUNTED.map(([table, id]) => countingFunctions(table, id, first(table, id))).join('')}
DO $do$
BEGIN
  ALTER TABLE trademarks ALTER COLUMN record SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  NULL; -- a server built without lz4 keeps pglz
END $do$;
`;

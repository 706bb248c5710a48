// PostgreSQL migration 91: design keys for marks stored before migration 90, as SQLite's migration
// 091. Records are JSON text here; only the design codes are taken out of each, by the database,
// and filed in pages with the same key expansion as the ingest.
import { designKeys } from '../../../search/figure/design-codes.js';
import type { DesignCode } from '../../../core/schemas/parts.js';
import type { PgClient } from '../pg.js';

export const sql = 'SELECT 1';

const PAGE = 2_000;

export const backfill = async (c: PgClient): Promise<void> => {
  for (let after = ''; ; ) {
    const rows = (
      await c.query<{ id: string; office_code: string; codes: DesignCode[] | null }>(
        `SELECT id, office_code, (record::json) -> 'design_codes' AS codes FROM trademarks WHERE id > $1 ORDER BY id LIMIT ${PAGE}`,
        [after],
      )
    ).rows;
    if (rows.length === 0) return;
    const keys: string[] = [];
    const ids: string[] = [];
    const offices: string[] = [];
    for (const r of rows) {
      for (const k of designKeys(r.codes ?? [])) {
        keys.push(k);
        ids.push(r.id);
        offices.push(r.office_code);
      }
    }
    if (keys.length) {
      await c.query('INSERT INTO design_keys (key, trademark_id, office_code) SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) ON CONFLICT DO NOTHING', [keys, ids, offices]);
    }
    after = rows[rows.length - 1]!.id;
  }
};

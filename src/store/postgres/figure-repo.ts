// Figurative-search keys on PostgreSQL (interface: src/store/figure-repo.ts); the same rows as SQLite's.
import type { FigureRepo } from '../figure-repo.js';
import type { PgDb } from './pg.js';

export const createPgFigureRepo = (db: PgDb): FigureRepo => ({
  async putDesignKeys(marks) {
    if (!marks.length) return;
    await db.tx(
      async (c) => {
        await c.query('DELETE FROM design_keys WHERE trademark_id = ANY($1::text[])', [marks.map((m) => m.id)]);
        const rows = marks.flatMap((m) => m.keys.map((k) => [k, m.id, m.office_code]));
        if (!rows.length) return;
        await c.query(
          'INSERT INTO design_keys (key, trademark_id, office_code) SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) ON CONFLICT DO NOTHING',
          [rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2])],
        );
      },
      { write: true },
    );
  },
  async byDesignKeys(keys, offices) {
    if (!keys.length) return [];
    return offices?.length
      ? db.query('SELECT trademark_id, key FROM design_keys WHERE key = ANY($1::text[]) AND office_code = ANY($2::text[])', [keys, offices])
      : db.query('SELECT trademark_id, key FROM design_keys WHERE key = ANY($1::text[])', [keys]);
  },
  async putImageHashes(rows) {
    if (!rows.length) return;
    await db.tx(
      async (c) => {
        await c.query(
          `INSERT INTO image_hashes (trademark_id, office_code, hash) SELECT * FROM unnest($1::text[], $2::text[], $3::text[])
           ON CONFLICT (trademark_id) DO UPDATE SET office_code = excluded.office_code, hash = excluded.hash`,
          [rows.map((r) => r.id), rows.map((r) => r.office_code), rows.map((r) => r.hash)],
        );
      },
      { write: true },
    );
  },
  async imageHashes(offices) {
    return offices?.length
      ? db.query('SELECT trademark_id, hash FROM image_hashes WHERE office_code = ANY($1::text[])', [offices])
      : db.query('SELECT trademark_id, hash FROM image_hashes');
  },
});

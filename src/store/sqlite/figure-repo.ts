// Figurative-search keys in SQLite (interface: src/store/figure-repo.ts).
import type { FigureRepo } from '../figure-repo.js';
import { writeTransaction, type Db } from './sqlite.js';

const placeholders = (n: number): string => Array.from({ length: n }, () => '?').join(', ');

export const createFigureRepo = (db: Db): FigureRepo => {
  const drop = db.prepare('DELETE FROM design_keys WHERE trademark_id = ?');
  const add = db.prepare('INSERT OR IGNORE INTO design_keys (key, trademark_id, office_code) VALUES (?, ?, ?)');
  const putHash = db.prepare(
    'INSERT INTO image_hashes (trademark_id, office_code, hash) VALUES (?, ?, ?) ON CONFLICT (trademark_id) DO UPDATE SET office_code = excluded.office_code, hash = excluded.hash',
  );
  const putKeys = writeTransaction(db, (marks: Parameters<FigureRepo['putDesignKeys']>[0]) => {
    for (const m of marks) {
      drop.run(m.id);
      for (const k of m.keys) add.run(k, m.id, m.office_code);
    }
  });
  const putHashes = writeTransaction(db, (rows: Parameters<FigureRepo['putImageHashes']>[0]) => {
    for (const r of rows) putHash.run(r.id, r.office_code, r.hash);
  });
  return {
    async putDesignKeys(marks) {
      if (marks.length) putKeys(marks);
    },
    async byDesignKeys(keys, offices) {
      if (!keys.length) return [];
      const where = offices?.length ? ` AND office_code IN (${placeholders(offices.length)})` : '';
      return db
        .prepare<unknown[], { trademark_id: string; key: string }>(`SELECT trademark_id, key FROM design_keys WHERE key IN (${placeholders(keys.length)})${where}`)
        .all(...keys, ...(offices ?? []));
    },
    async putImageHashes(rows) {
      if (rows.length) putHashes(rows);
    },
    async imageHashes(offices) {
      const where = offices?.length ? ` WHERE office_code IN (${placeholders(offices.length)})` : '';
      return db.prepare<unknown[], { trademark_id: string; hash: string }>(`SELECT trademark_id, hash FROM image_hashes${where}`).all(...(offices ?? []));
    },
  };
};

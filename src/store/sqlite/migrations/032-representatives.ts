// Migration 032: attorneys and firms (`att_`, `firm_`) per mark, resolved from each record's
// attorney, correspondent and representative entries (src/core/representatives.ts), so a party's
// marks and counts are one indexed lookup. A store that already holds marks is filled here once,
// from the stored records, inside the migration's transaction.
import { resolveRepresentatives } from '../../../core/representatives.js';
import type { TrademarkRecord } from '../../../core/schemas/trademark.js';
import { parseRecord } from '../records/record-codec.js';
import type { Db } from '../sqlite.js';

export const sql = `
CREATE TABLE trademark_representatives (
  trademark_id TEXT NOT NULL,
  party_id TEXT NOT NULL,
  name TEXT NOT NULL,
  firm_id TEXT,
  PRIMARY KEY (trademark_id, party_id)
) WITHOUT ROWID;
CREATE INDEX trademark_representatives_party ON trademark_representatives (party_id);
`;

export const backfill = (db: Db): void => {
  const insert = db.prepare('INSERT OR IGNORE INTO trademark_representatives (trademark_id, party_id, name, firm_id) VALUES (?, ?, ?, ?)');
  // The record read whole and decoded here: it is JSON text before migration 064 and deflated after.
  const page = db.prepare<[string], { id: string; record: Buffer | string }>('SELECT id, record FROM trademarks WHERE id > ? ORDER BY id LIMIT 2000');
  for (let after = ''; ; ) {
    const rows = page.all(after);
    if (rows.length === 0) return;
    for (const row of rows) {
      for (const l of resolveRepresentatives(parseRecord<TrademarkRecord>(row.record).attorneys ?? [])) insert.run(row.id, l.party_id, l.name, l.firm_id);
    }
    after = rows[rows.length - 1]!.id;
  }
};

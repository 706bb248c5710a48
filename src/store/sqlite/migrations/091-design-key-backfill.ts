// Migration 091: design keys for marks stored before migration 090 (issue 29 point 10). 090 made
// the table empty, and only a fresh ingest filled a mark's keys, so `design_code` search missed
// every earlier mark. This files each stored record's design codes once, from the records
// themselves (JSON text before migration 064, deflated after: parseRecord reads both), telling
// its progress as 064 does. Image hashes have no such backfill: the images are not stored.
import type { TrademarkRecord } from '../../../core/schemas/trademark.js';
import { designKeys } from '../../../search/figure/design-codes.js';
import { parseRecord } from '../records/record-codec.js';
import type { Db, MigrationProgress } from '../sqlite.js';

export const sql = '';

const PAGE = 2_000;
/** Rows between two progress lines. */
const EVERY = 50_000;

export const backfill = (db: Db, progress: MigrationProgress): void => {
  const total = db.prepare<[], number>('SELECT COUNT(*) FROM trademarks').pluck().get()!;
  if (total === 0) return;
  const page = db.prepare<[number], { rowid: number; id: string; office_code: string; record: Buffer | string }>(
    `SELECT rowid, id, office_code, record FROM trademarks WHERE rowid > ? ORDER BY rowid LIMIT ${PAGE}`,
  );
  const add = db.prepare('INSERT OR IGNORE INTO design_keys (key, trademark_id, office_code) VALUES (?, ?, ?)');
  progress(`migration 091: filing the design codes of ${total.toLocaleString('en-US')} stored trademarks …`);
  let done = 0;
  for (let after = 0; ; ) {
    const rows = page.all(after);
    if (rows.length === 0) break;
    for (const row of rows) {
      for (const k of designKeys(parseRecord<TrademarkRecord>(row.record).design_codes ?? [])) add.run(k, row.id, row.office_code);
    }
    after = rows[rows.length - 1]!.rowid;
    const before = done;
    done += rows.length;
    if (Math.floor(done / EVERY) > Math.floor(before / EVERY)) progress(`migration 091: ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} trademarks filed`);
  }
  progress(`migration 091: design codes of ${total.toLocaleString('en-US')} trademarks filed`);
};

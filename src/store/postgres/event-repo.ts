// Change events on PostgreSQL: a mark's history (the projector reads the rest inside the upsert's
// transaction, ledger-writer.ts).
import type { EventRepo } from '../event-repo.js';
import type { LedgerEvent } from '../trademark-repo.js';
import { toLedgerEvent, type EventRow } from './ledger-writer.js';
import type { PgDb } from './pg.js';

export const createPgEventRepo = (db: PgDb): EventRepo => ({
  async forTrademark(trademarkId: string, afterSeq: number, limit: number): Promise<(LedgerEvent & { seq: number })[]> {
    const rows = await db.query<EventRow>(
      'SELECT seq, id, trademark_id, type, payload, occurred_at, source_date FROM events WHERE trademark_id = $1 AND seq > $2 ORDER BY seq LIMIT $3',
      [trademarkId, afterSeq, limit],
    );
    return rows.map(toLedgerEvent);
  },
});

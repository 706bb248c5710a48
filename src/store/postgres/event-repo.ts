// Change events on PostgreSQL: a mark's history. The projector's synchronous reads (which join a
// SQLite write transaction) are not available here.
import type { EventRepo } from '../event-repo.js';
import type { LedgerEvent } from '../trademark-repo.js';
import type { PgDb } from './pg.js';
import { partialRepo } from './unsupported.js';

interface EventRow { seq: number; id: string; trademark_id: string; type: string; payload: string; occurred_at: string; source_date: string | null }

export const createPgEventRepo = (db: PgDb): EventRepo =>
  partialRepo<EventRepo>('events', {
    async forTrademark(trademarkId: string, afterSeq: number, limit: number): Promise<(LedgerEvent & { seq: number })[]> {
      const rows = await db.query<EventRow>(
        'SELECT seq, id, trademark_id, type, payload, occurred_at, source_date FROM events WHERE trademark_id = $1 AND seq > $2 ORDER BY seq LIMIT $3',
        [trademarkId, afterSeq, limit],
      );
      return rows.map((row) => ({
        ...(JSON.parse(row.payload) as Omit<LedgerEvent, 'id' | 'trademark_id' | 'occurred_at' | 'source_date'>),
        seq: Number(row.seq),
        id: row.id,
        trademark_id: row.trademark_id,
        occurred_at: row.occurred_at,
        source_date: row.source_date,
      }));
    },
  });

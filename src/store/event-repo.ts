// The global change events: immutable, per trademark, read newest-last by sequence (the
// per-organization ledger of spec §6 is projected from them, ledger-repo.ts).
import type { Db } from './sqlite.js';
import type { LedgerEvent } from './trademark-repo.js';

interface EventRow { seq: number; id: string; trademark_id: string; type: string; payload: string; occurred_at: string; source_date: string | null }

export const createEventRepo = (db: Db) => {
  const forTrademark = db.prepare<[string, number, number], EventRow>(
    'SELECT seq, id, trademark_id, type, payload, occurred_at, source_date FROM events WHERE trademark_id = ? AND seq > ? ORDER BY seq LIMIT ?',
  );
  const after = db.prepare<[number, number], EventRow>(
    'SELECT seq, id, trademark_id, type, payload, occurred_at, source_date FROM events WHERE seq > ? ORDER BY seq LIMIT ?',
  );
  const toEvent = (row: EventRow) => ({
    ...(JSON.parse(row.payload) as Omit<LedgerEvent, 'id' | 'trademark_id' | 'occurred_at' | 'source_date'>),
    seq: row.seq,
    id: row.id,
    trademark_id: row.trademark_id,
    occurred_at: row.occurred_at,
    source_date: row.source_date,
  });
  return {
    /** Every mark's change events after `afterSeq`, in order (the ledger projector's feed); synchronous, for its transaction. */
    afterSync(afterSeq: number, limit: number): (LedgerEvent & { seq: number })[] {
      return after.all(afterSeq, limit).map(toEvent);
    },
    async forTrademark(trademarkId: string, afterSeq: number, limit: number): Promise<(LedgerEvent & { seq: number })[]> {
      return forTrademark.all(trademarkId, afterSeq, limit).map(toEvent);
    },
  };
};

export type EventRepo = ReturnType<typeof createEventRepo>;

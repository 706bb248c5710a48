// The event ledger: immutable change events per trademark, read newest-last by sequence.
import type { Db } from './sqlite.js';
import type { LedgerEvent } from './trademark-repo.js';

export const createEventRepo = (db: Db) => {
  const forTrademark = db.prepare<[string, number, number], { seq: number; id: string; trademark_id: string; type: string; payload: string; occurred_at: string; source_date: string | null }>(
    'SELECT seq, id, trademark_id, type, payload, occurred_at, source_date FROM events WHERE trademark_id = ? AND seq > ? ORDER BY seq LIMIT ?',
  );
  return {
    async forTrademark(trademarkId: string, afterSeq: number, limit: number): Promise<(LedgerEvent & { seq: number })[]> {
      return forTrademark.all(trademarkId, afterSeq, limit).map((row) => ({
        ...(JSON.parse(row.payload) as Omit<LedgerEvent, 'id' | 'trademark_id' | 'occurred_at' | 'source_date'>),
        seq: row.seq,
        id: row.id,
        trademark_id: row.trademark_id,
        occurred_at: row.occurred_at,
        source_date: row.source_date,
      }));
    },
  };
};

export type EventRepo = ReturnType<typeof createEventRepo>;

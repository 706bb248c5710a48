// The global change events: immutable, per trademark, read newest-last by sequence (the
// per-organization ledger of spec §6 is projected from them, ledger-repo.ts).
import type { Db } from './sqlite.js';
import type { LedgerEvent } from '../trademark-repo.js';
import type { EventRepo } from '../event-repo.js';
import { toLedgerEvent, type EventRow } from './ledger-writer.js';

export const createEventRepo = (db: Db): EventRepo => {
  const forTrademark = db.prepare<[string, number, number], EventRow>(
    'SELECT seq, id, trademark_id, type, payload, occurred_at, source_date FROM events WHERE trademark_id = ? AND seq > ? ORDER BY seq LIMIT ?',
  );
  return {
    async forTrademark(trademarkId: string, afterSeq: number, limit: number): Promise<(LedgerEvent & { seq: number })[]> {
      return forTrademark.all(trademarkId, afterSeq, limit).map(toLedgerEvent);
    },
  };
};


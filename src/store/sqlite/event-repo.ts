// The global change events: immutable, per trademark, read newest-last by sequence (the
// per-organization ledger of spec §6 is projected from them, ledger-repo.ts).
import type { Db } from './sqlite.js';
import type { LedgerEvent } from '../trademark-repo.js';
import type { EventRepo } from '../event-repo.js';

interface EventRow { seq: number; id: string; trademark_id: string; type: string; payload: string; occurred_at: string; source_date: string | null }

export const createEventRepo = (db: Db): EventRepo => {
  const forTrademark = db.prepare<[string, number, number], EventRow>(
    'SELECT seq, id, trademark_id, type, payload, occurred_at, source_date FROM events WHERE trademark_id = ? AND seq > ? ORDER BY seq LIMIT ?',
  );
  const head = db.prepare<[], number | null>('SELECT MAX(seq) FROM events').pluck();
  // Only marks some portfolio holds can project anything (spec §6.1), so the rest are never parsed.
  const held = db.prepare<[number, number], EventRow>(
    `SELECT seq, id, trademark_id, type, payload, occurred_at, source_date FROM events e
     WHERE seq > ? AND seq <= ? AND EXISTS (SELECT 1 FROM portfolio_members m WHERE m.trademark_id = e.trademark_id) ORDER BY seq`,
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
    /** The newest change sequence number; synchronous, for the projector inside a write transaction. */
    headSync(): number {
      return head.get() ?? 0;
    },
    /** The change events in (afterSeq, upTo] of marks held in a portfolio, in order (the ledger projector's feed). */
    heldBetweenSync(afterSeq: number, upTo: number): (LedgerEvent & { seq: number })[] {
      return held.all(afterSeq, upTo).map(toEvent);
    },
    async forTrademark(trademarkId: string, afterSeq: number, limit: number): Promise<(LedgerEvent & { seq: number })[]> {
      return forTrademark.all(trademarkId, afterSeq, limit).map(toEvent);
    },
  };
};


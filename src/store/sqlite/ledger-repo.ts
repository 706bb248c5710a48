// The per-organization event ledger (spec §6) and its outbox: an event row and the pending
// delivery rows of every endpoint that subscribes to it are written together (ledger-writer.ts,
// which the upserts and alert pages also call inside their own transactions).
import { writeTransaction, type Db } from './sqlite.js';
import type { LedgerFilter, LedgerRepo, LedgerRow, NewLedgerEvent } from '../ledger-repo.js';
import { DEFAULT_PAYLOAD_VERSION, type LedgerWriter } from './ledger-writer.js';

export const createLedgerRepo = (db: Db, writer: LedgerWriter): LedgerRepo => {
  const versionOf = db.prepare<[string], number>('SELECT payload_version FROM ledger_settings WHERE org_id = ?').pluck();
  const setVersion = db.prepare(
    'INSERT INTO ledger_settings (org_id, payload_version) VALUES (?, ?) ON CONFLICT (org_id) DO UPDATE SET payload_version = excluded.payload_version',
  );
  const byId = db.prepare<[string, string], LedgerRow>('SELECT * FROM ledger_events WHERE org_id = ? AND id = ?');
  const bySeqRange = db.prepare<[string, number, number], LedgerRow>(
    'SELECT * FROM ledger_events WHERE org_id = ? AND seq BETWEEN ? AND ? ORDER BY seq',
  );

  return {
    async record(events: readonly NewLedgerEvent[]): Promise<(LedgerRow | null)[]> {
      return writeTransaction(db, () => {
        const record = writer.recorder();
        return events.map((e) => record(e));
      })();
    },
    async list(f: LedgerFilter, limit: number): Promise<LedgerRow[]> {
      const where = ['org_id = ?', 'seq > ?', 'created_at >= ?'];
      const params: unknown[] = [f.orgId, f.afterSeq, f.notBefore];
      if (f.types?.length) {
        where.push(`type IN (${f.types.map(() => '?').join(',')})`);
        params.push(...f.types);
      }
      if (f.portfolioId) {
        where.push('EXISTS (SELECT 1 FROM json_each(portfolio_ids) WHERE value = ?)');
        params.push(f.portfolioId);
      }
      const optional: [string, unknown][] = [['trademark_id = ?', f.trademarkId], ['created_at >= ?', f.createdGte], ['created_at < ?', f.createdLt]];
      for (const [clause, value] of optional) {
        if (value === undefined) continue;
        where.push(clause);
        params.push(value);
      }
      return db.prepare<unknown[], LedgerRow>(`SELECT * FROM ledger_events WHERE ${where.join(' AND ')} ORDER BY seq LIMIT ?`).all(...params, limit);
    },
    async get(orgId: string, id: string): Promise<LedgerRow | null> {
      return byId.get(orgId, id) ?? null;
    },
    async range(orgId: string, fromSeq: number, toSeq: number): Promise<LedgerRow[]> {
      return bySeqRange.all(orgId, fromSeq, toSeq);
    },
    async payloadVersion(orgId: string): Promise<number> {
      return versionOf.get(orgId) ?? DEFAULT_PAYLOAD_VERSION;
    },
    async setPayloadVersion(orgId: string, version: number): Promise<void> {
      setVersion.run(orgId, version);
    },
  };
};


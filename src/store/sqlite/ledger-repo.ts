// The per-organization event ledger (spec §6) and its outbox: an event row and the pending
// delivery rows of every endpoint that subscribes to it are written together, inside the caller's
// transaction when there is one (better-sqlite3 nests it as a savepoint).
import { randomId } from '../../core/ids.js';
import { writeTransaction, type Db } from './sqlite.js';
import type { Holding, LedgerFilter, LedgerRepo, LedgerRow, NewLedgerEvent } from '../ledger-repo.js';

export const DEFAULT_PAYLOAD_VERSION = 2;

export const createLedgerRepo = (db: Db): LedgerRepo => {
  const insertEvent = db.prepare(
    `INSERT INTO ledger_events (id, org_id, type, payload_version, trademark_id, portfolio_ids, twin_key, twin_date, data, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING seq`,
  ).pluck();
  const versionOf = db.prepare<[string], number>('SELECT payload_version FROM ledger_settings WHERE org_id = ?').pluck();
  const setVersion = db.prepare(
    'INSERT INTO ledger_settings (org_id, payload_version) VALUES (?, ?) ON CONFLICT (org_id) DO UPDATE SET payload_version = excluded.payload_version',
  );
  const twinExists = db.prepare<[string, string, string, string], number>(
    'SELECT 1 FROM ledger_events WHERE org_id = ? AND twin_key = ? AND twin_date BETWEEN ? AND ? LIMIT 1',
  ).pluck();
  const subscribers = db.prepare<[string, string, string], { id: string }>(
    `SELECT id FROM webhook_endpoints
     WHERE org_id = ? AND enabled = 1 AND EXISTS (SELECT 1 FROM json_each(enabled_events) WHERE value = ?)
       AND (portfolio_id IS NULL OR portfolio_id IN (SELECT value FROM json_each(?)))`,
  );
  const insertDelivery = db.prepare(
    `INSERT INTO webhook_deliveries (id, endpoint_id, org_id, event_id, event_seq, test, state, next_attempt_at, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, 0, 'pending', ?, ?, ?)`,
  );
  const byId = db.prepare<[string, string], LedgerRow>('SELECT * FROM ledger_events WHERE org_id = ? AND id = ?');
  const bySeqRange = db.prepare<[string, number, number], LedgerRow>(
    'SELECT * FROM ledger_events WHERE org_id = ? AND seq BETWEEN ? AND ? ORDER BY seq',
  );
  const cursorOf = db.prepare<[string], number>('SELECT seq FROM ledger_cursor WHERE name = ?').pluck();
  const setCursor = db.prepare('INSERT INTO ledger_cursor (name, seq) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET seq = excluded.seq');
  const holdings = db.prepare<[string], Holding>(
    'SELECT trademark_id, org_id, portfolio_id, external_ref FROM portfolio_holdings WHERE trademark_id IN (SELECT value FROM json_each(?)) ORDER BY org_id, portfolio_id',
  );

  /**
   * A recorder for one transaction. The organization's payload version and its subscribed endpoints
   * cannot change inside the transaction, so a batch (the projector's thousands of status changes)
   * reads each once per (organization, type, frozen portfolios) instead of once per event.
   */
  const recorder = () => {
    const versions = new Map<string, number>();
    const endpoints = new Map<string, string[]>();
    return (e: NewLedgerEvent): LedgerRow | null => {
      if (e.twin && twinExists.get(e.orgId, e.twin.key, e.twin.from, e.twin.to)) return null;
      let version = versions.get(e.orgId);
      if (version === undefined) versions.set(e.orgId, (version = versionOf.get(e.orgId) ?? DEFAULT_PAYLOAD_VERSION));
      const id = randomId('evt_');
      const portfolios = JSON.stringify(e.portfolioIds);
      const data = JSON.stringify(e.data(version));
      const seq = insertEvent.get(id, e.orgId, e.type, version, e.trademarkId, portfolios, e.twin?.key ?? null, e.twin?.date ?? null, data, e.createdAt) as number;
      const key = `${e.orgId}\u0000${e.type}\u0000${portfolios}`;
      let subscribed = endpoints.get(key);
      if (!subscribed) endpoints.set(key, (subscribed = subscribers.all(e.orgId, e.type, portfolios).map((s) => s.id)));
      for (const endpointId of subscribed) {
        insertDelivery.run(randomId('dlv_'), endpointId, e.orgId, id, seq, e.createdAt, e.createdAt, e.createdAt);
      }
      return { seq, id, org_id: e.orgId, type: e.type, payload_version: version, trademark_id: e.trademarkId, portfolio_ids: portfolios, data, created_at: e.createdAt };
    };
  };

  return {
    /** Synchronous, so that it joins the caller's better-sqlite3 transaction. */
    recordSync: (e: NewLedgerEvent): LedgerRow | null => {
      const record = recorder();
      return db.inTransaction ? record(e) : writeTransaction(db, record)(e);
    },
    /** A recorder whose reads are shared by the events of one transaction; call it only inside that transaction. */
    batchRecorderSync: recorder,
    holdingsSync: (trademarkIds: readonly string[]): Holding[] => holdings.all(JSON.stringify(trademarkIds)),
    cursorSync: (name: string): number => cursorOf.get(name) ?? 0,
    setCursorSync: (name: string, seq: number): void => void setCursor.run(name, seq),
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


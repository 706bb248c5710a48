// The writes that join another SQLite transaction: ledger events with their outbox rows, monitor
// events on their endpoints, and the ledger projection an upsert runs (ledger-repo.ts's
// LedgerProjection). All synchronous, so better-sqlite3 runs them inside the caller's transaction:
// a change, an alert and what they project commit together or not at all.
import { randomId } from '../../core/ids.js';
import type { AlertSideWrites, Holding, LedgerProjection, LedgerRow, NewLedgerEvent } from '../ledger-repo.js';
import type { LedgerEvent } from '../trademark-repo.js';
import type { Db } from './sqlite.js';

export const DEFAULT_PAYLOAD_VERSION = 2;

/** A stored change event row. */
export interface EventRow { seq: number; id: string; trademark_id: string; type: string; payload: string; occurred_at: string; source_date: string | null }

export interface LedgerWriter {
  /** A recorder for one transaction: an organization's version and subscribers are read once in it. */
  recorder(): (e: NewLedgerEvent) => LedgerRow | null;
  /** Writes an alert page's ledger and monitor events. */
  sideWrites(w: AlertSideWrites): void;
  /** Projects the held changes past the projection's cursor and moves it to the newest change. */
  project(p: LedgerProjection): void;
}

export const createLedgerWriter = (db: Db): LedgerWriter => {
  const insertEvent = db.prepare(
    `INSERT INTO ledger_events (id, org_id, type, payload_version, trademark_id, portfolio_ids, twin_key, twin_date, data, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING seq`,
  ).pluck();
  const versionOf = db.prepare<[string], number>('SELECT payload_version FROM ledger_settings WHERE org_id = ?').pluck();
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
  // A monitor event is queued only while its endpoint is enabled, as ledger events are.
  const queueIfEnabled = db.prepare(
    `INSERT INTO webhook_deliveries (id, endpoint_id, org_id, event_id, event_seq, test, state, next_attempt_at, created_at, updated_at, payload)
     SELECT ?, id, org_id, ?, ?, 0, 'pending', ?, ?, ?, ? FROM webhook_endpoints WHERE id = ? AND enabled = 1`,
  );
  const head = db.prepare<[], number | null>('SELECT MAX(seq) FROM events').pluck();
  // Only marks some portfolio holds can project anything (spec §6.1), so the rest are never parsed.
  const held = db.prepare<[number, number], EventRow>(
    `SELECT seq, id, trademark_id, type, payload, occurred_at, source_date FROM events e
     WHERE seq > ? AND seq <= ? AND EXISTS (SELECT 1 FROM portfolio_members m WHERE m.trademark_id = e.trademark_id) ORDER BY seq`,
  );
  const holdings = db.prepare<[string], Holding>(
    'SELECT trademark_id, org_id, portfolio_id, external_ref FROM portfolio_holdings WHERE trademark_id IN (SELECT value FROM json_each(?)) ORDER BY org_id, portfolio_id',
  );
  const cursorOf = db.prepare<[string], number>('SELECT seq FROM ledger_cursor WHERE name = ?').pluck();
  const setCursor = db.prepare('INSERT INTO ledger_cursor (name, seq) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET seq = excluded.seq');

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
      for (const endpointId of subscribed) insertDelivery.run(randomId('dlv_'), endpointId, e.orgId, id, seq, e.createdAt, e.createdAt, e.createdAt);
      return { seq, id, org_id: e.orgId, type: e.type, payload_version: version, trademark_id: e.trademarkId, portfolio_ids: portfolios, data, created_at: e.createdAt };
    };
  };

  return {
    recorder,
    sideWrites(w: AlertSideWrites): void {
      const record = recorder();
      for (const e of w.events) record(e);
      for (const m of w.monitorEvents) queueIfEnabled.run(randomId('dlv_'), m.event.id, m.event.seq, m.at, m.at, m.at, m.event.payload ?? null, m.endpointId);
    },
    project(p: LedgerProjection): void {
      const from = cursorOf.get(p.cursor) ?? 0;
      const to = head.get() ?? 0;
      if (to <= from) return;
      const relevant = held.all(from, to).map(toLedgerEvent).filter((e) => p.relevant(e));
      if (relevant.length > 0) {
        const holders = holdings.all(JSON.stringify([...new Set(relevant.map((e) => e.trademark_id))]));
        const record = recorder();
        for (const e of p.project(relevant, holders)) record(e);
      }
      setCursor.run(p.cursor, to);
    },
  };
};

/** A stored change event row as the ledger reads it. */
export const toLedgerEvent = (row: EventRow): LedgerEvent & { seq: number } => ({
  ...(JSON.parse(row.payload) as Omit<LedgerEvent, 'id' | 'trademark_id' | 'occurred_at' | 'source_date'>),
  seq: row.seq,
  id: row.id,
  trademark_id: row.trademark_id,
  occurred_at: row.occurred_at,
  source_date: row.source_date,
});

// The writes that join another PostgreSQL transaction, on its client: ledger events with their
// outbox rows, monitor events on their endpoints, and the ledger projection an upsert batch runs
// (ledger-repo.ts's LedgerProjection). A change or an alert and what it projects commit together.
import { randomId } from '../../core/ids.js';
import type { AlertSideWrites, Holding, LedgerProjection, LedgerRow, NewLedgerEvent } from '../ledger-repo.js';
import type { LedgerEvent } from '../trademark-repo.js';
import type { PgClient } from './pg.js';

export const DEFAULT_PAYLOAD_VERSION = 2;

/** A stored change event row. */
export interface EventRow { seq: number; id: string; trademark_id: string; type: string; payload: string; occurred_at: string; source_date: string | null }

export const toLedgerEvent = (row: EventRow): LedgerEvent & { seq: number } => ({
  ...(JSON.parse(row.payload) as Omit<LedgerEvent, 'id' | 'trademark_id' | 'occurred_at' | 'source_date'>),
  seq: Number(row.seq),
  id: row.id,
  trademark_id: row.trademark_id,
  occurred_at: row.occurred_at,
  source_date: row.source_date,
});

/**
 * A recorder for one transaction. An organization's payload version and its subscribed endpoints
 * cannot change inside it (every ledger writer holds the store's write lock), so each is read once
 * per (organization, type, frozen portfolios), not once per event.
 */
export const pgRecorder = (c: PgClient) => {
  const versions = new Map<string, number>();
  const endpoints = new Map<string, string[]>();
  return async (e: NewLedgerEvent): Promise<LedgerRow | null> => {
    if (e.twin) {
      const twin = await c.query('SELECT 1 FROM ledger_events WHERE org_id = $1 AND twin_key = $2 AND twin_date BETWEEN $3 AND $4 LIMIT 1', [e.orgId, e.twin.key, e.twin.from, e.twin.to]);
      if (twin.rowCount) return null;
    }
    let version = versions.get(e.orgId);
    if (version === undefined) {
      const row = (await c.query<{ payload_version: number }>('SELECT payload_version FROM ledger_settings WHERE org_id = $1', [e.orgId])).rows[0];
      versions.set(e.orgId, (version = row?.payload_version ?? DEFAULT_PAYLOAD_VERSION));
    }
    const id = randomId('evt_');
    const portfolios = JSON.stringify(e.portfolioIds);
    const data = JSON.stringify(e.data(version));
    const seq = Number((await c.query<{ seq: number }>(
      `INSERT INTO ledger_events (id, org_id, type, payload_version, trademark_id, portfolio_ids, twin_key, twin_date, data, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING seq`,
      [id, e.orgId, e.type, version, e.trademarkId, portfolios, e.twin?.key ?? null, e.twin?.date ?? null, data, e.createdAt],
    )).rows[0]!.seq);
    const key = `${e.orgId}\u0000${e.type}\u0000${portfolios}`;
    let subscribed = endpoints.get(key);
    if (!subscribed) {
      const rows = await c.query<{ id: string }>(
        `SELECT id FROM webhook_endpoints
         WHERE org_id = $1 AND enabled = 1 AND enabled_events::jsonb ? $2 AND (portfolio_id IS NULL OR $3::jsonb ? portfolio_id) ORDER BY created_at, id`,
        [e.orgId, e.type, portfolios],
      );
      endpoints.set(key, (subscribed = rows.rows.map((r) => r.id)));
    }
    if (subscribed.length > 0) {
      await c.query(
        `INSERT INTO webhook_deliveries (id, endpoint_id, org_id, event_id, event_seq, test, state, next_attempt_at, created_at, updated_at)
         SELECT d, ep, $3, $4, $5, 0, 'pending', $6, $6, $6 FROM unnest($1::text[], $2::text[]) AS u (d, ep)`,
        [subscribed.map(() => randomId('dlv_')), subscribed, e.orgId, id, seq, e.createdAt],
      );
    }
    return { seq, id, org_id: e.orgId, type: e.type, payload_version: version, trademark_id: e.trademarkId, portfolio_ids: portfolios, data, created_at: e.createdAt };
  };
};

/** Writes an alert page's ledger events and its monitor events (each only while its endpoint is enabled). */
export const writeSideWrites = async (c: PgClient, w: AlertSideWrites): Promise<void> => {
  const record = pgRecorder(c);
  for (const e of w.events) await record(e);
  for (const m of w.monitorEvents) {
    await c.query(
      `INSERT INTO webhook_deliveries (id, endpoint_id, org_id, event_id, event_seq, test, state, next_attempt_at, created_at, updated_at, payload)
       SELECT $1, id, org_id, $2, $3, 0, 'pending', $4, $4, $4, $5 FROM webhook_endpoints WHERE id = $6 AND enabled = 1`,
      [randomId('dlv_'), m.event.id, m.event.seq, m.at, m.event.payload ?? null, m.endpointId],
    );
  }
};

/** Projects the held changes past the projection's cursor and moves it to the newest change. */
export const projectChanges = async (c: PgClient, p: LedgerProjection): Promise<void> => {
  const from = Number((await c.query<{ seq: number }>('SELECT seq FROM ledger_cursor WHERE name = $1', [p.cursor])).rows[0]?.seq ?? 0);
  const to = Number((await c.query<{ seq: number | null }>('SELECT MAX(seq) AS seq FROM events')).rows[0]!.seq ?? 0);
  if (to <= from) return;
  // Only marks some portfolio holds can project anything (spec §6.1), so the rest are never parsed.
  const held = await c.query<EventRow>(
    `SELECT seq, id, trademark_id, type, payload, occurred_at, source_date FROM events e
     WHERE seq > $1 AND seq <= $2 AND EXISTS (SELECT 1 FROM portfolio_members m WHERE m.trademark_id = e.trademark_id) ORDER BY seq`,
    [from, to],
  );
  const relevant = held.rows.map(toLedgerEvent).filter((e) => p.relevant(e));
  if (relevant.length > 0) {
    const holders = await c.query<Holding>(
      'SELECT trademark_id, org_id, portfolio_id, external_ref FROM portfolio_holdings WHERE trademark_id = ANY($1) ORDER BY org_id, portfolio_id',
      [[...new Set(relevant.map((e) => e.trademark_id))]],
    );
    const record = pgRecorder(c);
    for (const e of p.project(relevant, holders.rows)) await record(e);
  }
  await c.query('INSERT INTO ledger_cursor (name, seq) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET seq = excluded.seq', [p.cursor, to]);
};

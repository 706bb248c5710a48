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

const LEDGER_COLUMNS = ['id', 'org_id', 'type', 'payload_version', 'trademark_id', 'portfolio_ids', 'twin_key', 'twin_date', 'data', 'created_at'] as const;
const DELIVERY_COLUMNS = ['id', 'endpoint_id', 'org_id', 'event_id', 'event_seq', 'next_attempt_at'] as const;

/**
 * Records events in order on the caller's client, returning each row (null for a twin). An
 * organization's payload version and its subscribed endpoints cannot change inside the
 * transaction (every ledger writer holds the store's write lock), so each is read once per
 * (organization, type, frozen portfolios). Events go in as one INSERT per run between twins (a
 * twin is checked against everything recorded before it), and their outbox rows as one more:
 * a projection of thousands of status changes is a few round trips, not two per event.
 */
export const recordEvents = async (c: PgClient, events: readonly NewLedgerEvent[]): Promise<(LedgerRow | null)[]> => {
  const versions = new Map<string, number>();
  const endpoints = new Map<string, string[]>();
  const out: (LedgerRow | null)[] = [];
  let run: { row: LedgerRow; twin: Record<'twin_key' | 'twin_date', string | null> }[] = [];
  let outbox: unknown[][] = [];
  const flush = async (): Promise<void> => {
    if (run.length === 0) return;
    const seqs = new Map((await c.query<{ id: string; seq: number }>(
      `INSERT INTO ledger_events (${LEDGER_COLUMNS.join(', ')})
       SELECT ${LEDGER_COLUMNS.join(', ')} FROM unnest(${LEDGER_COLUMNS.map((col, i) => `$${i + 1}::${col === 'payload_version' ? 'int[]' : 'text[]'}`).join(', ')})
       WITH ORDINALITY AS u (${LEDGER_COLUMNS.join(', ')}, n) ORDER BY n RETURNING id, seq`,
      LEDGER_COLUMNS.map((col) => run.map(({ row, twin }) => (col === 'twin_key' || col === 'twin_date' ? twin[col] : row[col]))),
    )).rows.map((r) => [r.id, Number(r.seq)]));
    for (const { row } of run) row.seq = seqs.get(row.id)!;
    for (const d of outbox) d[4] = seqs.get(d[3] as string);
    if (outbox.length > 0) {
      await c.query(
        `INSERT INTO webhook_deliveries (${DELIVERY_COLUMNS.join(', ')}, test, state, created_at, updated_at)
         SELECT ${DELIVERY_COLUMNS.join(', ')}, 0, 'pending', next_attempt_at, next_attempt_at
         FROM unnest(${DELIVERY_COLUMNS.map((col, i) => `$${i + 1}::${col === 'event_seq' ? 'bigint[]' : 'text[]'}`).join(', ')})
         WITH ORDINALITY AS u (${DELIVERY_COLUMNS.join(', ')}, n) ORDER BY n`,
        DELIVERY_COLUMNS.map((_, i) => outbox.map((d) => d[i])),
      );
    }
    run = [];
    outbox = [];
  };
  for (const e of events) {
    if (e.twin) {
      await flush();
      const twin = await c.query('SELECT 1 FROM ledger_events WHERE org_id = $1 AND twin_key = $2 AND twin_date BETWEEN $3 AND $4 LIMIT 1', [e.orgId, e.twin.key, e.twin.from, e.twin.to]);
      if (twin.rowCount) {
        out.push(null);
        continue;
      }
    }
    let version = versions.get(e.orgId);
    if (version === undefined) {
      const row = (await c.query<{ payload_version: number }>('SELECT payload_version FROM ledger_settings WHERE org_id = $1', [e.orgId])).rows[0];
      versions.set(e.orgId, (version = row?.payload_version ?? DEFAULT_PAYLOAD_VERSION));
    }
    const portfolios = JSON.stringify(e.portfolioIds);
    // The seq is the database's: set when the run is written.
    const row: LedgerRow = {
      seq: 0, id: randomId('evt_'), org_id: e.orgId, type: e.type, payload_version: version, trademark_id: e.trademarkId, portfolio_ids: portfolios,
      data: JSON.stringify(e.data(version)), created_at: e.createdAt,
    };
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
    for (const endpointId of subscribed) outbox.push([randomId('dlv_'), endpointId, e.orgId, row.id, 0, e.createdAt]);
    run.push({ row, twin: { twin_key: e.twin?.key ?? null, twin_date: e.twin?.date ?? null } });
    out.push(row);
  }
  await flush();
  return out;
};

/** Writes an alert page's ledger events and its monitor events (each only while its endpoint is enabled). */
export const writeSideWrites = async (c: PgClient, w: AlertSideWrites): Promise<void> => {
  await recordEvents(c, w.events);
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
    await recordEvents(c, p.project(relevant, holders.rows));
  }
  await c.query('INSERT INTO ledger_cursor (name, seq) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET seq = excluded.seq', [p.cursor, to]);
};

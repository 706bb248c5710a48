// The per-organization event ledger (spec §6) on PostgreSQL: events recorded with their outbox
// rows (ledger-writer.ts, which upserts and alert pages also call inside their own transactions),
// the events feed with its filters, and each organization's payload version.
import type { LedgerFilter, LedgerRepo, LedgerRow, NewLedgerEvent } from '../ledger-repo.js';
import { DEFAULT_PAYLOAD_VERSION, recordEvents } from './ledger-writer.js';
import type { PgDb } from './pg.js';

export const createPgLedgerRepo = (db: PgDb): LedgerRepo => ({
  async record(events: readonly NewLedgerEvent[]): Promise<(LedgerRow | null)[]> {
    return db.tx((c) => recordEvents(c, events));
  },
  async list(f: LedgerFilter, limit: number): Promise<LedgerRow[]> {
    const params: unknown[] = [f.orgId, f.afterSeq, f.notBefore];
    const where = ['org_id = $1', 'seq > $2', 'created_at >= $3'];
    const add = (clause: (n: string) => string, value: unknown): void => {
      params.push(value);
      where.push(clause(`$${params.length}`));
    };
    if (f.types?.length) add((n) => `type = ANY(${n})`, [...f.types]);
    if (f.portfolioId) add((n) => `portfolio_ids::jsonb ? ${n}`, f.portfolioId);
    if (f.trademarkId !== undefined) add((n) => `trademark_id = ${n}`, f.trademarkId);
    if (f.createdGte !== undefined) add((n) => `created_at >= ${n}`, f.createdGte);
    if (f.createdLt !== undefined) add((n) => `created_at < ${n}`, f.createdLt);
    params.push(limit);
    return (await db.query<LedgerRow>(`SELECT * FROM ledger_events WHERE ${where.join(' AND ')} ORDER BY seq LIMIT $${params.length}`, params));
  },
  async get(orgId: string, id: string): Promise<LedgerRow | null> {
    return (await db.query<LedgerRow>('SELECT * FROM ledger_events WHERE org_id = $1 AND id = $2', [orgId, id]))[0] ?? null;
  },
  async range(orgId: string, fromSeq: number, toSeq: number): Promise<LedgerRow[]> {
    return db.query<LedgerRow>('SELECT * FROM ledger_events WHERE org_id = $1 AND seq BETWEEN $2 AND $3 ORDER BY seq', [orgId, fromSeq, toSeq]);
  },
  async payloadVersion(orgId: string): Promise<number> {
    return (await db.query<{ payload_version: number }>('SELECT payload_version FROM ledger_settings WHERE org_id = $1', [orgId]))[0]?.payload_version ?? DEFAULT_PAYLOAD_VERSION;
  },
  async setPayloadVersion(orgId: string, version: number): Promise<void> {
    await db.tx(async (c) => {
      await c.query(
        'INSERT INTO ledger_settings (org_id, payload_version) VALUES ($1, $2) ON CONFLICT (org_id) DO UPDATE SET payload_version = excluded.payload_version',
        [orgId, version],
      );
    });
  },
});

// Earlier-shape monitors on PostgreSQL, scoped by organization. A monitor, its item watches and
// its hidden webhook endpoint row are written in one transaction; deleting a monitor deletes its
// watches (ON DELETE CASCADE) and its endpoint and fails the deliveries still queued, while the
// alerts stay. Each transaction that touches both locks the endpoint row before the monitor row,
// the order a delivery's outcome (webhook-repo.ts) takes them in, so the two never deadlock.
import { randomId } from '../../core/ids.js';
import type { MonitorRepo, MonitorRow, MonitorTarget } from '../monitor-repo.js';
import type { EndpointRow } from '../webhook-repo.js';
import type { PgClient, PgDb } from './pg.js';
import { insertWatches } from './watch-repo.js';

const COLUMNS = ['id', 'org_id', 'name', 'description', 'offices', 'webhook_url', 'webhook_secret', 'webhook_events', 'items', 'status', 'created_at', 'updated_at'] as const;

const lockEndpoint = (c: PgClient, monitorId: string) => c.query('SELECT 1 FROM webhook_endpoints WHERE monitor_id = $1 FOR UPDATE', [monitorId]);

const writeEndpoint = (c: PgClient, row: MonitorRow, secret: string) =>
  c.query(
    `INSERT INTO webhook_endpoints (id, org_id, url, enabled_events, secret, enabled, consecutive_failures, created_at, updated_at, monitor_id)
     VALUES ($1, $2, $3, '[]', $4, 1, 0, $5, $5, $6)
     ON CONFLICT (monitor_id) WHERE monitor_id IS NOT NULL DO UPDATE SET url = excluded.url, secret = excluded.secret, updated_at = excluded.updated_at`,
    [randomId('wh_'), row.org_id, row.webhook_url, secret, row.updated_at, row.id],
  );

export const createPgMonitorRepo = (db: PgDb): MonitorRepo => ({
  async get(orgId, id) {
    return (await db.query<MonitorRow>('SELECT * FROM monitors WHERE id = $1 AND org_id = $2', [id, orgId]))[0] ?? null;
  },
  async list(orgId, status, offset, limit) {
    return status
      ? db.query<MonitorRow>('SELECT * FROM monitors WHERE org_id = $1 AND status = $2 ORDER BY created_at, id LIMIT $3 OFFSET $4', [orgId, status, limit, offset])
      : db.query<MonitorRow>('SELECT * FROM monitors WHERE org_id = $1 ORDER BY created_at, id LIMIT $2 OFFSET $3', [orgId, limit, offset]);
  },
  async save(row, replace, secret, watches) {
    await db.tx(async (c) => {
      await lockEndpoint(c, row.id);
      if (replace) {
        await c.query('DELETE FROM watches WHERE monitor_id = $1', [row.id]);
        await c.query('DELETE FROM monitors WHERE id = $1 AND org_id = $2', [row.id, row.org_id]);
      }
      await c.query(`INSERT INTO monitors (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})`, COLUMNS.map((k) => row[k]));
      await writeEndpoint(c, row, secret);
      await insertWatches(c, watches);
    });
  },
  async update(row, secret) {
    await db.tx(async (c) => {
      await lockEndpoint(c, row.id);
      await c.query(
        `UPDATE monitors SET ${COLUMNS.map((k, i) => `${k} = $${i + 1}`).join(', ')} WHERE id = $${COLUMNS.length + 1} AND org_id = $${COLUMNS.length + 2}`,
        [...COLUMNS.map((k) => row[k]), row.id, row.org_id],
      );
      await writeEndpoint(c, row, secret);
    });
  },
  async endpoint(row, secret): Promise<EndpointRow> {
    return db.tx(async (c) => {
      const of = () => c.query<EndpointRow>('SELECT * FROM webhook_endpoints WHERE monitor_id = $1', [row.id]);
      const found = (await of()).rows[0];
      if (found) return found;
      await writeEndpoint(c, row, secret);
      return (await of()).rows[0]!;
    });
  },
  async targets(): Promise<Map<string, MonitorTarget>> {
    const rows = await db.query<{ monitor_id: string; endpoint_id: string; webhook_events: string }>(
      'SELECT m.id AS monitor_id, e.id AS endpoint_id, m.webhook_events FROM monitors m JOIN webhook_endpoints e ON e.monitor_id = m.id',
    );
    return new Map(rows.map((t) => [t.monitor_id, { ...t, webhook_events: JSON.parse(t.webhook_events) as string[] }]));
  },
  async setStatus(orgId, id, status, at) {
    await db.tx(async (c) => {
      await lockEndpoint(c, id);
      const mine = await c.query('UPDATE monitors SET status = $1, updated_at = $2 WHERE id = $3 AND org_id = $4', [status, at, id, orgId]);
      if (!mine.rowCount) return;
      if (status !== 'error') await c.query('UPDATE watches SET status = $1 WHERE monitor_id = $2', [status, id]);
      if (status === 'active') {
        await c.query(
          'UPDATE webhook_endpoints SET enabled = 1, disabled_reason = NULL, consecutive_failures = 0, failing_since = NULL, updated_at = $1 WHERE monitor_id = $2',
          [at, id],
        );
      }
    });
  },
  async delete(orgId, id, at) {
    return db.tx(async (c) => {
      await lockEndpoint(c, id);
      if (!(await c.query('DELETE FROM monitors WHERE id = $1 AND org_id = $2', [id, orgId])).rowCount) return false;
      await c.query(
        "UPDATE webhook_deliveries SET state = 'failed', last_error = 'monitor deleted', updated_at = $1 WHERE endpoint_id IN (SELECT id FROM webhook_endpoints WHERE monitor_id = $2) AND state IN ('pending', 'in_flight')",
        [at, id],
      );
      await c.query('DELETE FROM webhook_endpoints WHERE monitor_id = $1', [id]);
      return true;
    });
  },
});

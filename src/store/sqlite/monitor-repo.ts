// Earlier-shape monitors, scoped by organization. A monitor, its item watches and its webhook
// endpoint row (hidden from /v1/webhooks; the delivery worker posts its events) are written in one
// transaction; deleting a monitor deletes its watches (ON DELETE CASCADE) and its endpoint, and
// fails the deliveries still queued, while the alerts stay.
import { randomId } from '../../core/ids.js';
import { writeTransaction, type Db } from './sqlite.js';
import type { EndpointRow } from '../webhook-repo.js';
import type { MonitorRepo, MonitorRow, MonitorTarget } from '../monitor-repo.js';
import type { NewWatch } from '../watch-repo.js';
import { watchInserter } from './watch-repo.js';

const COLUMNS = ['id', 'org_id', 'name', 'description', 'offices', 'webhook_url', 'webhook_secret', 'webhook_events', 'items', 'status', 'created_at', 'updated_at'] as const;

export const createMonitorRepo = (db: Db): MonitorRepo => {
  const getOne = db.prepare<[string, string], MonitorRow>('SELECT * FROM monitors WHERE id = ? AND org_id = ?');
  const insert = db.prepare(`INSERT INTO monitors (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})`);
  const remove = db.prepare('DELETE FROM monitors WHERE id = ? AND org_id = ?');
  const dropWatches = db.prepare('DELETE FROM watches WHERE monitor_id = ?');
  const insertWatches = watchInserter(db);
  const upsertEndpoint = db.prepare(
    `INSERT INTO webhook_endpoints (id, org_id, url, enabled_events, secret, enabled, consecutive_failures, created_at, updated_at, monitor_id)
     VALUES (?, ?, ?, '[]', ?, 1, 0, ?, ?, ?)
     ON CONFLICT (monitor_id) WHERE monitor_id IS NOT NULL DO UPDATE SET url = excluded.url, secret = excluded.secret, updated_at = excluded.updated_at`,
  );
  const endpointOf = db.prepare<[string], EndpointRow>('SELECT * FROM webhook_endpoints WHERE monitor_id = ?');
  const failQueued = db.prepare(
    "UPDATE webhook_deliveries SET state = 'failed', last_error = 'monitor deleted', updated_at = ? WHERE endpoint_id IN (SELECT id FROM webhook_endpoints WHERE monitor_id = ?) AND state IN ('pending', 'in_flight')",
  );
  const dropEndpoint = db.prepare('DELETE FROM webhook_endpoints WHERE monitor_id = ?');
  const resumeEndpoint = db.prepare(
    'UPDATE webhook_endpoints SET enabled = 1, disabled_reason = NULL, consecutive_failures = 0, failing_since = NULL, updated_at = ? WHERE monitor_id = ?',
  );
  const targets = db.prepare<[], { monitor_id: string; endpoint_id: string; webhook_events: string }>(
    'SELECT m.id AS monitor_id, e.id AS endpoint_id, m.webhook_events FROM monitors m JOIN webhook_endpoints e ON e.monitor_id = m.id',
  );
  const writeEndpoint = (row: MonitorRow, secret: string): void =>
    void upsertEndpoint.run(randomId('wh_'), row.org_id, row.webhook_url, secret, row.updated_at, row.updated_at, row.id);
  return {
    async get(orgId: string, id: string): Promise<MonitorRow | null> {
      return getOne.get(id, orgId) ?? null;
    },
    async list(orgId: string, status: string | undefined, offset: number, limit: number): Promise<MonitorRow[]> {
      return (status
        ? db.prepare('SELECT * FROM monitors WHERE org_id = ? AND status = ? ORDER BY created_at, id LIMIT ? OFFSET ?').all(orgId, status, limit, offset)
        : db.prepare('SELECT * FROM monitors WHERE org_id = ? ORDER BY created_at, id LIMIT ? OFFSET ?').all(orgId, limit, offset)) as MonitorRow[];
    },
    /**
     * Writes the monitor (new or replaced), its endpoint row (URL and the signing `secret`, kept
     * with its health) and its item watches, in one transaction.
     */
    async save(row: MonitorRow, replace: boolean, secret: string, watches: readonly NewWatch[]): Promise<void> {
      writeTransaction(db, () => {
        if (replace) {
          dropWatches.run(row.id);
          remove.run(row.id, row.org_id);
        }
        insert.run(...COLUMNS.map((c) => row[c]));
        writeEndpoint(row, secret);
        insertWatches(watches);
      })();
    },
    /** Rewrites the monitor's own fields and its endpoint row, leaving its watches as they are. */
    async update(row: MonitorRow, secret: string): Promise<void> {
      writeTransaction(db, () => {
        db.prepare(`UPDATE monitors SET ${COLUMNS.map((c) => `${c} = ?`).join(', ')} WHERE id = ? AND org_id = ?`).run(...COLUMNS.map((c) => row[c]), row.id, row.org_id);
        writeEndpoint(row, secret);
      })();
    },
    /** The monitor's endpoint row; one made before migration 17 gets its row now. */
    async endpoint(row: MonitorRow, secret: string): Promise<EndpointRow> {
      return writeTransaction(db, () => {
        if (!endpointOf.get(row.id)) writeEndpoint(row, secret);
        return endpointOf.get(row.id)!;
      })();
    },
    /** Every monitor with its endpoint, for evaluation to route alerts of monitor watches. */
    async targets(): Promise<Map<string, MonitorTarget>> {
      return new Map(targets.all().map((t) => [t.monitor_id, { ...t, webhook_events: JSON.parse(t.webhook_events) as string[] }]));
    },
    /** `active` also resumes the watches and re-enables a disabled endpoint; `paused` pauses the watches. */
    async setStatus(orgId: string, id: string, status: MonitorRow['status'], at: string): Promise<void> {
      writeTransaction(db, () => {
        // Another organization's id changes nothing, neither the monitor nor its watches and endpoint.
        if (db.prepare('UPDATE monitors SET status = ?, updated_at = ? WHERE id = ? AND org_id = ?').run(status, at, id, orgId).changes === 0) return;
        if (status !== 'error') db.prepare('UPDATE watches SET status = ? WHERE monitor_id = ?').run(status, id);
        if (status === 'active') resumeEndpoint.run(at, id);
      })();
    },
    async delete(orgId: string, id: string, at: string): Promise<boolean> {
      return writeTransaction(db, () => {
        if (remove.run(id, orgId).changes === 0) return false;
        failQueued.run(at, id);
        dropEndpoint.run(id);
        return true;
      })();
    },
  };
};


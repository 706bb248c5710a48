// Webhook endpoints, the delivery outbox and its attempt log (spec §6). Deliveries are claimed
// with a lease (owner and expiry) and an `in_flight` attempt row, both committed before the POST,
// so a crashed worker's rows are found, its attempts marked `interrupted` (uncounted), and the
// deliveries re-posted with the same event id and attempt number.
import { randomId } from '../../core/ids.js';
import { writeTransaction, writeWhenFree, type Db } from './sqlite.js';
import type { AttemptOutcome, AttemptRow, DeliveryRow, EndpointRow, QueuedEvent, WebhookRepo } from '../webhook-repo.js';

const ENDPOINT_COLUMNS = 'id, org_id, url, description, enabled_events, portfolio_id, secret, previous_secret, previous_secret_expires_at, enabled, disabled_reason, consecutive_failures, failing_since, last_success_at, last_failure_at, created_at, updated_at';

export const createWebhookRepo = (db: Db): WebhookRepo => {
  const insertEndpoint = db.prepare(`INSERT INTO webhook_endpoints (${ENDPOINT_COLUMNS}) VALUES (${ENDPOINT_COLUMNS.split(',').map(() => '?').join(',')})`);
  const updateEndpoint = db.prepare(
    `UPDATE webhook_endpoints SET url = ?, description = ?, enabled_events = ?, portfolio_id = ?, secret = ?, previous_secret = ?,
       previous_secret_expires_at = ?, enabled = ?, disabled_reason = ?, consecutive_failures = ?, failing_since = ?, updated_at = ?
     WHERE id = ? AND org_id = ?`,
  );
  const endpointById = db.prepare<[string], EndpointRow>('SELECT * FROM webhook_endpoints WHERE id = ?');
  const endpointsOf = db.prepare<[string], EndpointRow>('SELECT * FROM webhook_endpoints WHERE org_id = ? AND monitor_id IS NULL ORDER BY created_at, id');
  const deleteEndpoint = db.prepare('DELETE FROM webhook_endpoints WHERE id = ? AND org_id = ?');
  const dropPending = db.prepare("UPDATE webhook_deliveries SET state = 'failed', last_error = 'endpoint deleted', updated_at = ? WHERE endpoint_id = ? AND state IN ('pending', 'in_flight')");
  const insertDelivery = db.prepare(
    `INSERT INTO webhook_deliveries (id, endpoint_id, org_id, event_id, event_seq, test, state, next_attempt_at, created_at, updated_at, payload)
     VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?)`,
  );
  // Claiming is bounded by what it takes, not by the backlog or the history: the endpoints with a
  // due delivery, the one with the oldest due first (one probe each, migration 19), each one's
  // in-flight count, then its first due rows in event order (migration 18).
  const dueEndpoints = db.prepare<[string], string>(
    `SELECT id FROM (
       SELECT e.id, (SELECT MIN(d.next_attempt_at) FROM webhook_deliveries d WHERE d.endpoint_id = e.id AND d.state = 'pending') AS first_due
       FROM webhook_endpoints e)
     WHERE first_due <= ? ORDER BY first_due`,
  ).pluck();
  const inFlightOf = db.prepare<[string, string], number>(
    "SELECT COUNT(*) FROM webhook_deliveries WHERE state = 'in_flight' AND endpoint_id = ? AND lease_until > ?",
  ).pluck();
  const firstDue = db.prepare<[string, string, number], string>(
    `SELECT d.id FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
     WHERE d.endpoint_id = ? AND d.state = 'pending' AND d.next_attempt_at <= ? AND (e.enabled = 1 OR d.test = 1)
     ORDER BY d.event_seq, d.seq LIMIT ?`,
  ).pluck();
  const lease = db.prepare<[string, string, string, string], DeliveryRow>(
    "UPDATE webhook_deliveries SET state = 'in_flight', lease_owner = ?, lease_until = ?, attempts = attempts + 1, updated_at = ? WHERE id = ? AND state = 'pending' RETURNING *",
  );
  const insertAttempt = db.prepare(
    'INSERT INTO webhook_attempts (delivery_id, endpoint_id, event_id, attempt, status, response_code, response_time_ms, error, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  /** Leases one due delivery and records its attempt as begun; null when it was no longer pending. */
  const leaseAndRecord = (owner: string, leaseUntil: string, now: string, id: string): DeliveryRow | null => {
    const d = lease.get(owner, leaseUntil, now, id);
    if (d) insertAttempt.run(d.id, d.endpoint_id, d.event_id, d.attempts, 'in_flight', null, null, null, now);
    return d ?? null;
  };
  const due = db.prepare<[string], number>("SELECT 1 FROM webhook_deliveries WHERE state = 'pending' AND next_attempt_at <= ? LIMIT 1").pluck();
  const owners = db.prepare<[], string>("SELECT DISTINCT lease_owner FROM webhook_deliveries WHERE state = 'in_flight'").pluck();
  // An interrupted attempt is recorded and then uncounted: the re-post carries the same number and
  // waits the same step of the schedule as the attempt that never finished.
  const interrupt = db.prepare(
    `UPDATE webhook_attempts SET status = 'interrupted', error = ?, at = ?
     WHERE status = 'in_flight' AND delivery_id IN (SELECT id FROM webhook_deliveries WHERE state = 'in_flight' AND (lease_owner = ? OR lease_until <= ?))`,
  );
  const release = db.prepare(
    "UPDATE webhook_deliveries SET state = 'pending', attempts = MAX(attempts - 1, 0), lease_owner = NULL, lease_until = NULL, updated_at = ? WHERE state = 'in_flight' AND (lease_owner = ? OR lease_until <= ?)",
  );
  const settle = db.prepare(
    "UPDATE webhook_attempts SET status = ?, response_code = ?, response_time_ms = ?, error = ?, at = ? WHERE delivery_id = ? AND status = 'in_flight'",
  );
  const finish = db.prepare(
    `UPDATE webhook_deliveries SET state = ?, next_attempt_at = COALESCE(?, next_attempt_at), lease_owner = NULL, lease_until = NULL, last_error = ?, updated_at = ?
     WHERE id = ? AND lease_owner = ? AND state = 'in_flight'`,
  );
  const endpointSucceeded = db.prepare('UPDATE webhook_endpoints SET consecutive_failures = 0, failing_since = NULL, last_success_at = ? WHERE id = ?');
  const endpointFailed = db.prepare(
    'UPDATE webhook_endpoints SET consecutive_failures = consecutive_failures + 1, failing_since = COALESCE(failing_since, ?), last_failure_at = ? WHERE id = ? RETURNING consecutive_failures, failing_since',
  );
  const disable = db.prepare('UPDATE webhook_endpoints SET enabled = 0, disabled_reason = ?, updated_at = ? WHERE id = ?');
  // A monitor whose endpoint was disabled shows `error` until it is resumed (docs/monitoring.md).
  const monitorInError = db.prepare(
    "UPDATE monitors SET status = 'error', updated_at = ? WHERE id = (SELECT monitor_id FROM webhook_endpoints WHERE id = ?) AND status = 'active'",
  );
  const attemptsOf = db.prepare<[string, number, number], AttemptRow>('SELECT * FROM webhook_attempts WHERE endpoint_id = ? AND seq > ? ORDER BY seq LIMIT ?');
  const deliveriesOf = db.prepare<[string, string], DeliveryRow>('SELECT * FROM webhook_deliveries WHERE endpoint_id = ? AND event_id = ? ORDER BY seq');
  const counts = db.prepare<[string], { state: string; n: number }>('SELECT state, COUNT(*) AS n FROM webhook_deliveries WHERE endpoint_id = ? GROUP BY state');

  const endpointValues = (r: EndpointRow) => ENDPOINT_COLUMNS.split(', ').map((c) => r[c as keyof EndpointRow]);

  return {
    async createEndpoint(row: EndpointRow): Promise<void> {
      insertEndpoint.run(...endpointValues(row));
    },
    async getEndpoint(orgId: string, id: string): Promise<EndpointRow | null> {
      const row = endpointById.get(id);
      return row && row.org_id === orgId && row.monitor_id === null ? row : null;
    },
    /** For the delivery worker, which serves every organization. */
    async endpointById(id: string): Promise<EndpointRow | null> {
      return endpointById.get(id) ?? null;
    },
    async listEndpoints(orgId: string): Promise<EndpointRow[]> {
      return endpointsOf.all(orgId);
    },
    async updateEndpoint(r: EndpointRow): Promise<void> {
      updateEndpoint.run(r.url, r.description, r.enabled_events, r.portfolio_id, r.secret, r.previous_secret, r.previous_secret_expires_at,
        r.enabled, r.disabled_reason, r.consecutive_failures, r.failing_since, r.updated_at, r.id, r.org_id);
    },
    async deleteEndpoint(orgId: string, id: string, at: string): Promise<void> {
      writeTransaction(db, () => {
        // Another organization's id deletes nothing and fails none of its deliveries.
        if (deleteEndpoint.run(id, orgId).changes > 0) dropPending.run(at, id);
      })();
    },
    /** Queues deliveries of existing events (test, redelivery): each a new delivery, the same event id. */
    async enqueue(endpoint: EndpointRow, events: readonly QueuedEvent[], test: boolean, at: string): Promise<string[]> {
      return writeTransaction(db, () => events.map((e) => {
        const id = randomId('dlv_');
        insertDelivery.run(id, endpoint.id, endpoint.org_id, e.id, e.seq, test ? 1 : 0, at, at, at, e.payload ?? null);
        return id;
      }))();
    },
    /** Leases up to `limit` due deliveries, at most `perEndpoint` in flight per endpoint, in event order. */
    async claim(owner: string, now: string, leaseUntil: string, perEndpoint: number, limit: number): Promise<DeliveryRow[]> {
      const rows = await writeWhenFree(db, writeTransaction(db, () => {
        const out: DeliveryRow[] = [];
        for (const endpointId of dueEndpoints.all(now)) {
          const room = Math.min(perEndpoint - inFlightOf.get(endpointId, now)!, limit - out.length);
          if (room <= 0) continue;
          for (const id of firstDue.all(endpointId, now, room)) out.push(leaseAndRecord(owner, leaseUntil, now, id)!);
          if (out.length >= limit) break;
        }
        return out;
      }));
      return rows.sort((a, b) => a.event_seq - b.event_seq || a.seq - b.seq);
    },
    /** A read: whether anything is due, so an idle poll takes no write lock. */
    async hasDue(now: string): Promise<boolean> {
      return due.get(now) !== undefined;
    },
    /** Leases one delivery by id (a test delivery sent while the caller waits). */
    async claimById(id: string, owner: string, now: string, leaseUntil: string): Promise<DeliveryRow | null> {
      return writeWhenFree(db, writeTransaction(db, () => leaseAndRecord(owner, leaseUntil, now, id)));
    },
    async leaseOwners(): Promise<string[]> {
      return owners.all();
    },
    async releaseLeases(owner: string, expiredBy: string, at: string): Promise<number> {
      const why = owner ? `interrupted: the delivering process (${owner}) stopped during the attempt` : 'interrupted: the attempt outlived its lease';
      return writeWhenFree(db, writeTransaction(db, () => {
        interrupt.run(why, at, owner, expiredBy);
        return release.run(at, owner, expiredBy).changes;
      }));
    },
    /** Records one attempt and moves the delivery and its endpoint on; false when the lease was lost. */
    async complete(o: AttemptOutcome, autoDisable: (failures: number, failingSince: string) => boolean): Promise<boolean> {
      return writeWhenFree(db, writeTransaction(db, () => {
        const d = o.delivery;
        const state = o.ok ? 'delivered' : o.retryAt ? 'pending' : 'failed';
        if (finish.run(state, o.retryAt, o.error, o.at, d.id, o.owner).changes === 0) return false;
        const status = o.ok ? 'succeeded' : 'failed';
        // A delivery claimed before migration 56 has no open attempt row: its outcome is a new one.
        if (settle.run(status, o.responseCode, o.responseTimeMs, o.error, o.at, d.id).changes === 0) {
          insertAttempt.run(d.id, d.endpoint_id, d.event_id, d.attempts, status, o.responseCode, o.responseTimeMs, o.error, o.at);
        }
        if (d.test) return true;
        if (o.ok) endpointSucceeded.run(o.at, d.endpoint_id);
        else {
          const run = endpointFailed.get(o.at, o.at, d.endpoint_id) as { consecutive_failures: number; failing_since: string } | undefined;
          const reason = o.disable ?? (run && autoDisable(run.consecutive_failures, run.failing_since) ? 'consecutive_failures' : null);
          if (reason) {
            disable.run(reason, o.at, d.endpoint_id);
            monitorInError.run(o.at, d.endpoint_id);
          }
        }
        return true;
      }));
    },
    async attempts(endpointId: string, afterSeq: number, limit: number): Promise<AttemptRow[]> {
      return attemptsOf.all(endpointId, afterSeq, limit);
    },
    async deliveriesOfEvent(endpointId: string, eventId: string): Promise<DeliveryRow[]> {
      return deliveriesOf.all(endpointId, eventId);
    },
    async deliveryCounts(endpointId: string): Promise<Record<string, number>> {
      return Object.fromEntries(counts.all(endpointId).map((r) => [r.state, r.n]));
    },
  };
};


// Webhook endpoints, the delivery outbox and its attempt log on PostgreSQL (spec §6). Claims take
// no store write lock: a claimer locks each due endpoint's row and its due deliveries with
// `FOR UPDATE SKIP LOCKED`, so several workers (several nodes, issue 25) claim side by side and
// never the same row, and one endpoint is claimed by one worker at a time, in event order, within
// its in-flight limit. A lease (owner, expiry) and an `in_flight` attempt row commit before the
// POST, so a dead worker's rows are released, its attempts marked `interrupted`, and re-posted.
import { randomId } from '../../core/ids.js';
import type { AttemptOutcome, AttemptRow, DeliveryRow, EndpointRow, QueuedEvent, WebhookRepo } from '../webhook-repo.js';
import type { PgClient, PgDb } from './pg.js';

const ENDPOINT_COLUMNS = [
  'id', 'org_id', 'url', 'description', 'enabled_events', 'portfolio_id', 'secret', 'previous_secret', 'previous_secret_expires_at', 'enabled',
  'disabled_reason', 'consecutive_failures', 'failing_since', 'last_success_at', 'last_failure_at', 'created_at', 'updated_at',
] as const;
const NO_LOCK = { write: false };

/** Leases one pending delivery and records its attempt as begun; null when it was no longer pending. */
const leaseAndRecord = async (c: PgClient, owner: string, leaseUntil: string, now: string, id: string): Promise<DeliveryRow | null> => {
  const d = (await c.query<DeliveryRow>(
    "UPDATE webhook_deliveries SET state = 'in_flight', lease_owner = $1, lease_until = $2, attempts = attempts + 1, updated_at = $3 WHERE id = $4 AND state = 'pending' RETURNING *",
    [owner, leaseUntil, now, id],
  )).rows[0];
  if (!d) return null;
  await c.query(
    "INSERT INTO webhook_attempts (delivery_id, endpoint_id, event_id, attempt, status, at) VALUES ($1, $2, $3, $4, 'in_flight', $5)",
    [d.id, d.endpoint_id, d.event_id, d.attempts, now],
  );
  return d;
};

export const createPgWebhookRepo = (db: PgDb): WebhookRepo => ({
  async createEndpoint(row) {
    await db.tx(async (c) => {
      await c.query(`INSERT INTO webhook_endpoints (${ENDPOINT_COLUMNS.join(', ')}) VALUES (${ENDPOINT_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})`, ENDPOINT_COLUMNS.map((k) => row[k]));
    });
  },
  async getEndpoint(orgId, id) {
    return (await db.query<EndpointRow>('SELECT * FROM webhook_endpoints WHERE id = $1 AND org_id = $2 AND monitor_id IS NULL', [id, orgId]))[0] ?? null;
  },
  async endpointById(id) {
    return (await db.query<EndpointRow>('SELECT * FROM webhook_endpoints WHERE id = $1', [id]))[0] ?? null;
  },
  async listEndpoints(orgId) {
    return db.query<EndpointRow>('SELECT * FROM webhook_endpoints WHERE org_id = $1 AND monitor_id IS NULL ORDER BY created_at, id', [orgId]);
  },
  async updateEndpoint(r) {
    await db.tx(async (c) => {
      await c.query(
        `UPDATE webhook_endpoints SET url = $1, description = $2, enabled_events = $3, portfolio_id = $4, secret = $5, previous_secret = $6,
           previous_secret_expires_at = $7, enabled = $8, disabled_reason = $9, consecutive_failures = $10, failing_since = $11, updated_at = $12
         WHERE id = $13 AND org_id = $14`,
        [r.url, r.description, r.enabled_events, r.portfolio_id, r.secret, r.previous_secret, r.previous_secret_expires_at,
          r.enabled, r.disabled_reason, r.consecutive_failures, r.failing_since, r.updated_at, r.id, r.org_id],
      );
    });
  },
  async deleteEndpoint(orgId, id, at) {
    await db.tx(async (c) => {
      const owned = await c.query('DELETE FROM webhook_endpoints WHERE id = $1 AND org_id = $2', [id, orgId]);
      if (owned.rowCount) {
        await c.query("UPDATE webhook_deliveries SET state = 'failed', last_error = 'endpoint deleted', updated_at = $1 WHERE endpoint_id = $2 AND state IN ('pending', 'in_flight')", [at, id]);
      }
    });
  },
  async enqueue(endpoint: EndpointRow, events: readonly QueuedEvent[], test: boolean, at: string) {
    const ids = events.map(() => randomId('dlv_'));
    await db.tx(async (c) => {
      await c.query(
        `INSERT INTO webhook_deliveries (id, endpoint_id, org_id, event_id, event_seq, test, state, next_attempt_at, created_at, updated_at, payload)
         SELECT d, $4, $5, e, s, $6, 'pending', $7, $7, $7, p FROM unnest($1::text[], $2::text[], $3::bigint[], $8::text[]) WITH ORDINALITY AS u (d, e, s, p, n) ORDER BY n`,
        [ids, events.map((e) => e.id), events.map((e) => e.seq), endpoint.id, endpoint.org_id, test ? 1 : 0, at, events.map((e) => e.payload ?? null)],
      );
    });
    return ids;
  },
  async claim(owner, now, leaseUntil, perEndpoint, limit) {
    const rows = await db.tx(async (c) => {
      const out: DeliveryRow[] = [];
      // Endpoints with a due delivery, the oldest due first (one index probe each, as on SQLite).
      const due = await c.query<{ id: string }>(
        `SELECT e.id FROM webhook_endpoints e
         CROSS JOIN LATERAL (SELECT MIN(d.next_attempt_at) AS first_due FROM webhook_deliveries d WHERE d.endpoint_id = e.id AND d.state = 'pending') f
         WHERE f.first_due <= $1 ORDER BY f.first_due`,
        [now],
      );
      for (const { id: endpointId } of due.rows) {
        // Another claimer holds this endpoint: its order and in-flight limit are that claimer's to keep.
        const locked = await c.query('SELECT 1 FROM webhook_endpoints WHERE id = $1 FOR UPDATE SKIP LOCKED', [endpointId]);
        if (!locked.rowCount) continue;
        const inFlight = Number((await c.query<{ n: number }>(
          "SELECT COUNT(*) AS n FROM webhook_deliveries WHERE state = 'in_flight' AND endpoint_id = $1 AND lease_until > $2",
          [endpointId, now],
        )).rows[0]!.n);
        const room = Math.min(perEndpoint - inFlight, limit - out.length);
        if (room <= 0) continue;
        const ids = await c.query<{ id: string }>(
          `SELECT d.id FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
           WHERE d.endpoint_id = $1 AND d.state = 'pending' AND d.next_attempt_at <= $2 AND (e.enabled = 1 OR d.test = 1)
           ORDER BY d.event_seq, d.seq LIMIT $3 FOR UPDATE OF d SKIP LOCKED`,
          [endpointId, now, room],
        );
        for (const { id } of ids.rows) {
          const d = await leaseAndRecord(c, owner, leaseUntil, now, id);
          if (d) out.push(d);
        }
        if (out.length >= limit) break;
      }
      return out;
    }, NO_LOCK);
    return rows.sort((a, b) => a.event_seq - b.event_seq || a.seq - b.seq);
  },
  async hasDue(now) {
    return (await db.query("SELECT 1 FROM webhook_deliveries WHERE state = 'pending' AND next_attempt_at <= $1 LIMIT 1", [now])).length > 0;
  },
  async claimById(id, owner, now, leaseUntil) {
    return db.tx(async (c) => {
      const row = await c.query("SELECT 1 FROM webhook_deliveries WHERE id = $1 AND state = 'pending' FOR UPDATE SKIP LOCKED", [id]);
      return row.rowCount ? leaseAndRecord(c, owner, leaseUntil, now, id) : null;
    }, NO_LOCK);
  },
  async leaseOwners() {
    return (await db.query<{ lease_owner: string }>("SELECT DISTINCT lease_owner FROM webhook_deliveries WHERE state = 'in_flight'")).map((r) => r.lease_owner);
  },
  async releaseLeases(owner, expiredBy, at) {
    const why = owner ? `interrupted: the delivering process (${owner}) stopped during the attempt` : 'interrupted: the attempt outlived its lease';
    return db.tx(async (c) => {
      // Row locks make two releasers (two nodes) release each lease once.
      const released = await c.query<{ id: string }>(
        `UPDATE webhook_deliveries SET state = 'pending', attempts = GREATEST(attempts - 1, 0), lease_owner = NULL, lease_until = NULL, updated_at = $1
         WHERE state = 'in_flight' AND (lease_owner = $2 OR lease_until <= $3) RETURNING id`,
        [at, owner, expiredBy],
      );
      if (released.rowCount) {
        await c.query("UPDATE webhook_attempts SET status = 'interrupted', error = $1, at = $2 WHERE status = 'in_flight' AND delivery_id = ANY($3)", [why, at, released.rows.map((r) => r.id)]);
      }
      return released.rowCount ?? 0;
    }, NO_LOCK);
  },
  async complete(o: AttemptOutcome, autoDisable) {
    return db.tx(async (c) => {
      const d = o.delivery;
      const state = o.ok ? 'delivered' : o.retryAt ? 'pending' : 'failed';
      const finished = await c.query(
        `UPDATE webhook_deliveries SET state = $1, next_attempt_at = COALESCE($2, next_attempt_at), lease_owner = NULL, lease_until = NULL, last_error = $3, updated_at = $4
         WHERE id = $5 AND lease_owner = $6 AND state = 'in_flight'`,
        [state, o.retryAt, o.error, o.at, d.id, o.owner],
      );
      if (!finished.rowCount) return false;
      const status = o.ok ? 'succeeded' : 'failed';
      await c.query(
        "UPDATE webhook_attempts SET status = $1, response_code = $2, response_time_ms = $3, error = $4, at = $5 WHERE delivery_id = $6 AND status = 'in_flight'",
        [status, o.responseCode, o.responseTimeMs, o.error, o.at, d.id],
      );
      if (d.test) return true;
      if (o.ok) {
        await c.query('UPDATE webhook_endpoints SET consecutive_failures = 0, failing_since = NULL, last_success_at = $1 WHERE id = $2', [o.at, d.endpoint_id]);
        return true;
      }
      const run = (await c.query<{ consecutive_failures: number; failing_since: string }>(
        'UPDATE webhook_endpoints SET consecutive_failures = consecutive_failures + 1, failing_since = COALESCE(failing_since, $1), last_failure_at = $1 WHERE id = $2 RETURNING consecutive_failures, failing_since',
        [o.at, d.endpoint_id],
      )).rows[0];
      const reason = o.disable ?? (run && autoDisable(run.consecutive_failures, run.failing_since) ? 'consecutive_failures' : null);
      if (reason) {
        await c.query('UPDATE webhook_endpoints SET enabled = 0, disabled_reason = $1, updated_at = $2 WHERE id = $3', [reason, o.at, d.endpoint_id]);
        // A monitor whose endpoint was disabled shows `error` until it is resumed (docs/monitoring.md).
        await c.query("UPDATE monitors SET status = 'error', updated_at = $1 WHERE id = (SELECT monitor_id FROM webhook_endpoints WHERE id = $2) AND status = 'active'", [o.at, d.endpoint_id]);
      }
      return true;
    }, NO_LOCK);
  },
  async attempts(endpointId, afterSeq, limit) {
    return db.query<AttemptRow>('SELECT * FROM webhook_attempts WHERE endpoint_id = $1 AND seq > $2 ORDER BY seq LIMIT $3', [endpointId, afterSeq, limit]);
  },
  async deliveriesOfEvent(endpointId, eventId) {
    return db.query<DeliveryRow>('SELECT * FROM webhook_deliveries WHERE endpoint_id = $1 AND event_id = $2 ORDER BY seq', [endpointId, eventId]);
  },
  async deliveryCounts(endpointId) {
    const rows = await db.query<{ state: string; n: number }>('SELECT state, COUNT(*) AS n FROM webhook_deliveries WHERE endpoint_id = $1 GROUP BY state', [endpointId]);
    return Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
  },
});

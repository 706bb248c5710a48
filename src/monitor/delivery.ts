// The webhook delivery worker (spec §6.3, docs/webhooks.md): claims due outbox rows with a lease,
// signs each body per Standard Webhooks, POSTs it with undici (connect and response timeouts,
// bounded concurrency overall and per endpoint), records the attempt and schedules the retry.
// A lease of a dead process is released on start-up and while serving (a dead process on this
// host at once, any other node's when its lease runs out), so a SIGKILL mid-delivery means a
// re-post with the same webhook-id, never a lost event.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Agent } from 'undici';
import type { Clock } from '../core/clock.js';
import { processAlive } from '../store/lease.js';
import type { Store } from '../store/store.js';
import type { DeliveryRow, EndpointRow } from '../store/webhook-repo.js';
import { nextAttemptAt, shouldAutoDisable } from './schedule.js';
import { signatureHeader } from './signing.js';
import { guardedConnector, guardedLookup, type Lookup, urlRefusal } from './ssrf.js';

export interface DeliveryOptions {
  allowPrivate: boolean;
  /** Deliveries in flight at once, over all endpoints. */
  concurrency?: number;
  /** Deliveries in flight at once to one endpoint; they start in event order. */
  perEndpoint?: number;
  connectTimeoutMs?: number;
  responseTimeoutMs?: number;
  pollMs?: number;
  /** How long a claim is leased; see Config.webhookLeaseMs. */
  leaseMs?: number;
  /** The resolver behind the SSRF guard; the system's by default (tests stand in a rebinding DNS). */
  resolve?: Lookup;
}

export interface AttemptResult {
  ok: boolean;
  responseCode: number | null;
  responseTimeMs: number;
  error: string | null;
}

const DEFAULTS = { concurrency: 64, perEndpoint: 8, connectTimeoutMs: 5_000, responseTimeoutMs: 15_000, pollMs: 100 };
/** A lease outlives the slowest attempt; a dead owner's lease is released sooner (recoverLeases). */
const leaseMs = (o: typeof DEFAULTS & { leaseMs?: number }): number => o.leaseMs ?? o.connectTimeoutMs + o.responseTimeoutMs + 30_000;
/**
 * How often a running worker looks for leases to take over: those of a node that died (another
 * machine's show only by running out) are re-posted within this much after their end.
 */
const recoverEveryMs = (o: typeof DEFAULTS & { leaseMs?: number }): number => Math.max(o.pollMs, Math.min(5_000, Math.floor(leaseMs(o) / 2)));

/**
 * The body of a delivery: the stored event's envelope, timestamped now; a test ping has no
 * payload_version; an earlier-shape monitor event carries its own body (`payload`, spec §6.4).
 */
const bodyOf = async (store: Store, d: DeliveryRow, timestamp: string): Promise<string | null> => {
  if (d.payload !== null) return JSON.stringify({ id: d.event_id, timestamp, ...(JSON.parse(d.payload) as object) });
  if (d.test) return JSON.stringify({ id: d.event_id, type: 'webhook.test', timestamp, data: { type: 'webhook.test' } });
  const event = await store.ledger.get(d.org_id, d.event_id);
  if (!event) return null;
  return `{"id":${JSON.stringify(event.id)},"type":${JSON.stringify(event.type)},"timestamp":"${timestamp}","payload_version":${event.payload_version},"data":${event.data}}`;
};

export const testEventId = (): string => `test_${randomBytes(12).toString('hex')}`;

export const createDeliveryWorker = (store: Store, clock: Clock, options: DeliveryOptions) => {
  const o = { ...DEFAULTS, ...options };
  const owner = `${process.pid}@${hostname()}#${randomBytes(4).toString('hex')}`;
  // undici is loaded at the first delivery: it is a third of the start-up of every CLI command
  // (tm search, tm show…) that never sends a webhook.
  let http: Promise<{ agent: Agent; request: typeof import('undici').request }> | undefined;
  const client = () =>
    (http ??= import('undici').then(({ Agent, buildConnector, request }) => ({
      agent: new Agent({
        connect: guardedConnector(buildConnector({ timeout: o.connectTimeoutMs, lookup: guardedLookup(o.allowPrivate, o.resolve) }), o.allowPrivate),
        headersTimeout: o.responseTimeoutMs,
        bodyTimeout: o.responseTimeoutMs,
        connections: o.perEndpoint,
      }),
      request,
    })));
  const inFlight = new Set<Promise<void>>();
  /** Deliveries finished since the last claim: a claim is a write transaction, so it waits for several. */
  let finishedSinceClaim = 0;
  let running = false;
  let timer: NodeJS.Timeout | null = null;
  let wake: (() => void) | null = null;
  let loop: Promise<void> | null = null;

  const post = async (endpoint: EndpointRow, d: DeliveryRow, now: Date): Promise<AttemptResult & { gone: boolean }> => {
    const started = performance.now();
    const elapsed = (): number => Math.round(performance.now() - started);
    // The URL as saved is checked again: the setting or the table may have changed since.
    const refused = urlRefusal(endpoint.url, o.allowPrivate);
    if (refused) return { ok: false, gone: false, responseCode: null, responseTimeMs: 0, error: `refused: ${refused}` };
    const timestamp = Math.floor(now.getTime() / 1000);
    const body = await bodyOf(store, d, new Date(timestamp * 1000).toISOString());
    if (body === null) return { ok: false, gone: true, responseCode: null, responseTimeMs: 0, error: 'the event is no longer in the ledger' };
    // A monitor without a webhook_secret has an empty one: its deliveries go unsigned (spec §6.4).
    const live = (endpoint.previous_secret && endpoint.previous_secret_expires_at! > now.toISOString() ? [endpoint.secret, endpoint.previous_secret] : [endpoint.secret]).filter(Boolean);
    try {
      const { agent, request } = await client();
      const res = await request(endpoint.url, {
        method: 'POST',
        dispatcher: agent,
        body,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'tm-webhooks/1',
          'webhook-id': d.event_id,
          'webhook-timestamp': String(timestamp),
          ...(live.length ? { 'webhook-signature': signatureHeader(live, d.event_id, timestamp, body) } : {}),
          'webhook-attempt': String(d.attempts),
        },
      });
      await res.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
      const ok = res.statusCode >= 200 && res.statusCode < 300;
      return { ok, gone: res.statusCode === 410, responseCode: res.statusCode, responseTimeMs: elapsed(), error: ok ? null : `HTTP ${res.statusCode}` };
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      return { ok: false, gone: false, responseCode: null, responseTimeMs: elapsed(), error: `${e.code ? `${e.code}: ` : ''}${e.message}` };
    }
  };

  /** One attempt of a leased delivery, recorded; returns what happened. */
  const attempt = async (d: DeliveryRow): Promise<AttemptResult> => {
    const endpoint = await store.webhooks.endpointById(d.endpoint_id);
    const now = clock.now();
    const result = endpoint
      ? await post(endpoint, d, now)
      : { ok: false, gone: true, responseCode: null, responseTimeMs: 0, error: 'the endpoint was deleted' };
    const at = clock.now();
    const retryAt = result.ok || result.gone || d.test ? null : nextAttemptAt(d.attempts, at);
    const disable = result.responseCode === 410 && !d.test ? 'gone' : null;
    await store.webhooks.complete(
      { delivery: d, owner, ok: result.ok, responseCode: result.responseCode, responseTimeMs: result.responseTimeMs, error: result.error, at: at.toISOString(), retryAt, disable },
      (failures, since) => shouldAutoDisable(failures, since, at),
    );
    return result;
  };

  /**
   * Releases leases whose owner process on this host is gone, and leases that ran out. Their
   * attempts are marked `interrupted` and not counted: the re-post is the same attempt again.
   */
  const recoverLeases = async (): Promise<number> => {
    const host = hostname();
    const now = clock.now().toISOString();
    let released = 0;
    for (const other of await store.webhooks.leaseOwners()) {
      const m = /^(\d+)@(.*)#/.exec(other);
      if (other !== owner && m && m[2] === host && !processAlive(Number(m[1]))) released += await store.webhooks.releaseLeases(other, '', now);
    }
    return released + (await store.webhooks.releaseLeases('', now, now));
  };

  const launch = (d: DeliveryRow): void => {
    const p: Promise<void> = attempt(d).then(
      () => undefined,
      () => undefined, // a store error leaves the lease to run out; the row is re-posted then
    );
    inFlight.add(p);
    void p.finally(() => {
      inFlight.delete(p);
      finishedSinceClaim++;
      if (refillDue()) wake?.();
    });
  };

  /**
   * Whether to claim again: once half of what was in flight has finished, or nothing is left.
   * Claiming after every single completion made each claim lease one row, and two workers'
   * claims and completions then queued behind each other's write locks.
   */
  const refillDue = (): boolean => inFlight.size === 0 || finishedSinceClaim >= inFlight.size;

  /** Claims and launches what is due, up to the free slots; returns how many were launched. */
  const fill = async (): Promise<number> => {
    const free = o.concurrency - inFlight.size;
    const now = clock.now();
    finishedSinceClaim = 0;
    if (free <= 0 || !(await store.webhooks.hasDue(now.toISOString()))) return 0;
    const leaseUntil = new Date(now.getTime() + leaseMs(o)).toISOString();
    const claimed = await store.webhooks.claim(owner, now.toISOString(), leaseUntil, o.perEndpoint, free);
    claimed.forEach(launch);
    return claimed.length;
  };

  /** Resolves when the next claim is due (see refillDue). */
  const waitForRefill = async (): Promise<void> => {
    while (!refillDue()) await Promise.race(inFlight);
  };

  return {
    owner,
    recoverLeases,
    /** `tm deliver --once`: deliver everything due now (retries scheduled later stay queued). */
    async runOnce(): Promise<{ attempted: number }> {
      await recoverLeases();
      let attempted = 0;
      for (;;) {
        const launched = await fill();
        attempted += launched;
        if (launched === 0 && inFlight.size === 0) break;
        await (launched === 0 ? Promise.race(inFlight) : waitForRefill());
      }
      return { attempted };
    },
    /** Sends one queued delivery now and waits for its outcome (the test operation). */
    async sendNow(deliveryId: string): Promise<AttemptResult | null> {
      const now = clock.now();
      const d = await store.webhooks.claimById(deliveryId, owner, now.toISOString(), new Date(now.getTime() + leaseMs(o)).toISOString());
      return d ? attempt(d) : null;
    },
    /** The loop inside `tm serve`: poll and deliver; wakes early when a delivery finishes. */
    start(): void {
      if (running) return;
      running = true;
      loop = (async () => {
        let recoveredAt = 0;
        while (running) {
          try {
            // Also while running: a node that shares the store may die holding leases.
            if (Date.now() - recoveredAt >= recoverEveryMs(o)) {
              recoveredAt = Date.now();
              await recoverLeases();
            }
            await fill();
          } catch {
            // a busy store: the next tick tries again
          }
          if (!running) break;
          await new Promise<void>((resolve) => {
            wake = resolve;
            timer = setTimeout(resolve, o.pollMs);
          });
          if (timer) clearTimeout(timer);
        }
      })();
    },
    /** Stops claiming and waits for the deliveries in flight. */
    async stop(): Promise<void> {
      running = false;
      wake?.();
      await loop;
      await Promise.allSettled([...inFlight]);
      if (http) await (await http).agent.close();
    },
  };
};

export type DeliveryWorker = ReturnType<typeof createDeliveryWorker>;

// Webhook endpoints, deliveries and attempts: the store interface every backend implements.
export interface EndpointRow {
  id: string;
  org_id: string;
  url: string;
  description: string | null;
  enabled_events: string;
  portfolio_id: string | null;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
  enabled: number;
  disabled_reason: string | null;
  consecutive_failures: number;
  failing_since: string | null;
  last_success_at: string | null;
  last_failure_at: string | null;
  created_at: string;
  updated_at: string;
  /** Set on the hidden endpoint of an earlier-shape monitor (never listed under /v1/webhooks). */
  monitor_id: string | null;
}

export interface DeliveryRow {
  seq: number;
  id: string;
  endpoint_id: string;
  org_id: string;
  event_id: string;
  event_seq: number;
  test: number;
  state: 'pending' | 'in_flight' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: string;
  lease_owner: string | null;
  lease_until: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  /** An earlier-shape monitor event's body without its timestamp (its events are not in the ledger). */
  payload: string | null;
}

/** A delivery to queue: an event id and its order key, and for monitor events their body. */
export interface QueuedEvent {
  id: string;
  seq: number;
  payload?: string;
}

export interface AttemptRow {
  seq: number;
  delivery_id: string;
  endpoint_id: string;
  event_id: string;
  attempt: number;
  /** `in_flight` from the claim until the outcome; `interrupted` when the process died meanwhile (not counted). */
  status: 'in_flight' | 'succeeded' | 'failed' | 'interrupted';
  response_code: number | null;
  response_time_ms: number | null;
  error: string | null;
  at: string;
}

export interface AttemptOutcome {
  delivery: DeliveryRow;
  owner: string;
  ok: boolean;
  responseCode: number | null;
  responseTimeMs: number;
  error: string | null;
  at: string;
  /** When to try again; null gives up (schedule exhausted, 410, or a test delivery). */
  retryAt: string | null;
  /** Disable the endpoint with this reason (410 or auto-disable). */
  disable: string | null;
}

export interface WebhookRepo {
  createEndpoint(row: EndpointRow): Promise<void>;
  getEndpoint(orgId: string, id: string): Promise<EndpointRow | null>;
  /** For the delivery worker, which serves every organization. */
  endpointById(id: string): Promise<EndpointRow | null>;
  listEndpoints(orgId: string): Promise<EndpointRow[]>;
  updateEndpoint(r: EndpointRow): Promise<void>;
  deleteEndpoint(orgId: string, id: string, at: string): Promise<void>;
  /** Queues deliveries of existing events (test, redelivery): each a new delivery, the same event id. */
  enqueue(endpoint: EndpointRow, events: readonly QueuedEvent[], test: boolean, at: string): Promise<string[]>;
  /**
   * Leases up to `limit` due deliveries, at most `perEndpoint` in flight per endpoint, in event
   * order; each claimed attempt is written to the log as `in_flight` in the same transaction.
   */
  claim(owner: string, now: string, leaseUntil: string, perEndpoint: number, limit: number): Promise<DeliveryRow[]>;
  /** A read: whether anything is due, so an idle poll takes no write lock. */
  hasDue(now: string): Promise<boolean>;
  /** Leases one delivery by id (a test delivery sent while the caller waits). */
  claimById(id: string, owner: string, now: string, leaseUntil: string): Promise<DeliveryRow | null>;
  leaseOwners(): Promise<string[]>;
  /**
   * Puts back the rows of a dead owner (`owner`), or those whose lease ran out before `expiredBy`;
   * their open attempts become `interrupted` at `at`, and do not count toward the schedule or the cap.
   */
  releaseLeases(owner: string, expiredBy: string, at: string): Promise<number>;
  /** Records one attempt and moves the delivery and its endpoint on; false when the lease was lost. */
  complete(o: AttemptOutcome, autoDisable: (failures: number, failingSince: string) => boolean): Promise<boolean>;
  attempts(endpointId: string, afterSeq: number, limit: number): Promise<AttemptRow[]>;
  deliveriesOfEvent(endpointId: string, eventId: string): Promise<DeliveryRow[]>;
  deliveryCounts(endpointId: string): Promise<Record<string, number>>;
}

// The organizations' event ledger (the webhook and events feed): the store interface every backend implements.
// Ledger events written with a change or an alert are handed to the writing repository as data
// (a pure projection, or side writes), so each backend writes them inside its own transaction.
import type { LedgerEvent } from './trademark-repo.js';
import type { QueuedEvent } from './webhook-repo.js';

export interface LedgerRow {
  seq: number;
  id: string;
  org_id: string;
  type: string;
  payload_version: number;
  trademark_id: string | null;
  portfolio_ids: string;
  data: string;
  created_at: string;
}

export interface NewLedgerEvent {
  orgId: string;
  type: string;
  trademarkId: string | null;
  /** Portfolios holding the mark when the event is recorded (frozen). */
  portfolioIds: readonly string[];
  /** Builds `data` for the organization's payload version. */
  data: (payloadVersion: number) => unknown;
  createdAt: string;
  /** Office actions: rows of one class and designation within `twinDays` of `twinDate` are one event. */
  twin?: {
    key: string;
    date: string;
    from: string;
    to: string;
  };
}

export interface LedgerFilter {
  orgId: string;
  types?: readonly string[];
  portfolioId?: string;
  trademarkId?: string;
  createdGte?: string;
  createdLt?: string;
  afterSeq: number;
  /** Events older than this are outside the replay window. */
  notBefore: string;
}

/** Holders of marks: the view `portfolio_holdings` (trademark_id, org_id, portfolio_id, external_ref). */
export interface Holding {
  trademark_id: string;
  org_id: string;
  portfolio_id: string;
  external_ref: string | null;
}

/**
 * The ledger projection (src/monitor/projector.ts) that every change-writing transaction runs:
 * the backend reads the held changes past the cursor and their holders, asks `project` for the
 * events, records them with their outbox rows and moves the cursor, all in that transaction.
 */
export interface LedgerProjection {
  /** The projector's cursor in `ledger_cursor`. */
  cursor: string;
  /** Whether a change of a held mark can project anything (only those have their holders read). */
  relevant(e: LedgerEvent): boolean;
  /** The events of the relevant changes, in the order to record them; pure. */
  project(changes: readonly LedgerEvent[], holdings: readonly Holding[]): NewLedgerEvent[];
}

/** What an alert page's transaction writes beside the alerts: their ledger events and monitor events. */
export interface AlertSideWrites {
  /** Recorded in order, each with its outbox rows. */
  events: NewLedgerEvent[];
  /** Earlier-shape monitor events, each queued only while its endpoint is enabled. */
  monitorEvents: { endpointId: string; event: QueuedEvent; at: string }[];
}

export interface LedgerRepo {
  /** Records events (null for a twin) with their outbox rows, in one transaction. */
  record(events: readonly NewLedgerEvent[]): Promise<(LedgerRow | null)[]>;
  list(f: LedgerFilter, limit: number): Promise<LedgerRow[]>;
  get(orgId: string, id: string): Promise<LedgerRow | null>;
  range(orgId: string, fromSeq: number, toSeq: number): Promise<LedgerRow[]>;
  payloadVersion(orgId: string): Promise<number>;
  setPayloadVersion(orgId: string, version: number): Promise<void>;
}

// Watches, their evaluation cursors and alerts: the store interface every backend implements.
import type { AlertSideWrites } from './ledger-repo.js';

export interface WatchRow {
  id: string;
  org_id: string;
  name: string;
  watch_type: string;
  query: string;
  matching: string;
  trigger_events: string;
  delivery_mode: string;
  customer_reference: string | null;
  metadata: string;
  status: 'active' | 'paused';
  monitor_id: string | null;
  cursor: number;
  evaluated_count: number;
  alert_count: number;
  last_evaluated_seq: number | null;
  last_evaluated_at: string | null;
  last_error: string | null;
  last_error_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ChangeEvent {
  seq: number;
  id: string;
  trademark_id: string;
  type: string;
  payload: string;
  occurred_at: string;
  source_date: string | null;
}

export interface AlertRow {
  seq: number;
  id: string;
  org_id: string;
  watch_id: string;
  event_id: string;
  event_seq: number;
  trademark_id: string;
  event_type: string;
  body: string;
  created_at: string;
  acknowledged_at: string | null;
}

export type NewWatch = Omit<WatchRow, 'evaluated_count' | 'alert_count' | 'last_evaluated_seq' | 'last_evaluated_at' | 'last_error' | 'last_error_at'>;

export type NewAlert = Omit<AlertRow, 'seq' | 'acknowledged_at'>;

export interface AlertFilter {
  watchId?: string;
  eventTypes?: string[];
  createdGte?: string;
  createdLte?: string;
  acknowledged?: boolean;
  afterSeq?: number;
}

export interface WatchRepo {
  get(orgId: string, id: string): Promise<WatchRow | null>;
  list(orgId: string, offset: number, limit: number): Promise<WatchRow[]>;
  count(orgId: string): Promise<number>;
  /** Inserts watches in one transaction: all or none. */
  create(rows: NewWatch[]): Promise<void>;
  update(orgId: string, id: string, fields: Partial<Pick<WatchRow, 'name' | 'watch_type' | 'query' | 'matching' | 'trigger_events' | 'delivery_mode' | 'customer_reference' | 'metadata' | 'status' | 'cursor' | 'updated_at'>>): Promise<void>;
  delete(orgId: string, id: string): Promise<boolean>;
  /** The newest change sequence number: a new watch starts after it. */
  headSeq(): Promise<number>;
  /** The last change sequence number recorded before an instant (where a watch created then started). */
  seqAt(at: string): Promise<number>;
  active(): Promise<WatchRow[]>;
  /** Eligible change events in (after, upTo], oldest first. */
  eventsAfter(after: number, upTo: number, limit: number): Promise<ChangeEvent[]>;
  /**
   * Writes one page of evaluation in one transaction: each watch's new alerts (a (watch, event)
   * pair already alerted is skipped) and its cursor moved to `upTo`. `sideWrites` gets the alerts
   * actually inserted and says what to write with them in the same transaction (their ledger
   * events and monitor events).
   */
  commitPage(entries: {
    watchId: string;
    alerts: NewAlert[];
    evaluated: number;
  }[], upTo: number, at: string, sideWrites?: (inserted: NewAlert[]) => AlertSideWrites): Promise<NewAlert[]>;
  recordError(watchId: string, message: string, at: string): Promise<void>;
  alert(orgId: string, id: string): Promise<AlertRow | null>;
  lastAlert(watchId: string): Promise<AlertRow | null>;
  alertFor(watchId: string, trademarkId: string): Promise<AlertRow | null>;
  alerts(orgId: string, f: AlertFilter, limit: number): Promise<AlertRow[]>;
  acknowledge(orgId: string, id: string, at: string | null): Promise<void>;
}

// Earlier-shape monitors and their endpoints: the store interface every backend implements.
import type { NewWatch } from './watch-repo.js';
import type { EndpointRow } from './webhook-repo.js';

export interface MonitorRow {
  id: string;
  org_id: string;
  name: string;
  description: string | null;
  offices: string;
  webhook_url: string;
  webhook_secret: string | null;
  webhook_events: string;
  items: string;
  status: 'active' | 'paused' | 'error';
  created_at: string;
  updated_at: string;
}

/** Where an alert of a monitor's watch is delivered, and which earlier events the monitor wants. */
export interface MonitorTarget {
  monitor_id: string;
  endpoint_id: string;
  webhook_events: string[];
}

export interface MonitorRepo {
  get(orgId: string, id: string): Promise<MonitorRow | null>;
  list(orgId: string, status: string | undefined, offset: number, limit: number): Promise<MonitorRow[]>;
  /**
   * Writes the monitor (new or replaced), its endpoint row (URL and the signing `secret`, kept
   * with its health) and its item watches, in one transaction (a replaced monitor's old watches go).
   */
  save(row: MonitorRow, replace: boolean, secret: string, watches: readonly NewWatch[]): Promise<void>;
  /** Rewrites the monitor's own fields and its endpoint row, leaving its watches as they are. */
  update(row: MonitorRow, secret: string): Promise<void>;
  /** The monitor's endpoint row; one made before migration 17 gets its row now. */
  endpoint(row: MonitorRow, secret: string): Promise<EndpointRow>;
  /** Every monitor with its endpoint, for evaluation to route alerts of monitor watches. */
  targets(): Promise<Map<string, MonitorTarget>>;
  /** `active` also resumes the watches and re-enables a disabled endpoint; `paused` pauses the watches. */
  setStatus(orgId: string, id: string, status: MonitorRow['status'], at: string): Promise<void>;
  delete(orgId: string, id: string, at: string): Promise<boolean>;
}

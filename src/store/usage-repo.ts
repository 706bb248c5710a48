// Usage counters and the request log, buffered in memory and flushed in batches: the store interface.
export interface RequestLogRow {
  id: string;
  org_id: string;
  livemode: number;
  key_id: string | null;
  method: string;
  path: string;
  operation: string | null;
  status: number;
  error_type: string | null;
  duration_ms: number;
  at: string;
}

export interface UsageCountRow {
  day: string;
  tier: string;
  meter: string;
  count: number;
}

export interface UsageRepo {
  /** Adds `n` units (default 1) to a day's counter; buffered, written with the next flush. */
  count(orgId: string, livemode: boolean, day: string, tier: string, meter: string, n?: number): void;
  log(row: RequestLogRow): void;
  /** Records a key's use (`last_used_at`), written with the next flush. */
  touch(keyId: string, at: string): void;
  /** Tries to write the buffer now without waiting (before a read that should see it). */
  tryFlush: () => void;
  /** Writes everything buffered, waiting for another writer if need be (at shutdown). */
  flush: () => Promise<void>;
  /** Today's stored calls of an organization in a daily tier, live and test together (the cap is shared). */
  dayTotal(orgId: string, day: string, tier: string): Promise<number>;
  countsSince(orgId: string, livemode: boolean, day: string): Promise<UsageCountRow[]>;
  /** Newest first, strictly before `beforeSeq`. */
  logs(orgId: string, livemode: boolean, beforeSeq: number, limit: number): Promise<(RequestLogRow & {
    seq: number;
  })[]>;
  /** Deletes request-log entries written before `before`; returns how many. */
  pruneLogs(before: string): Promise<number>;
  logById(orgId: string, livemode: boolean, id: string): Promise<(RequestLogRow & {
    seq: number;
  }) | null>;
}

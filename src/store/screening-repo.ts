// Saved screenings and their decisions: the store interface every backend implements.
export interface ScreeningRow {
  id: string;
  input: string;
  result: string;
  run_count: number;
  created_at: string;
  updated_at: string;
}

export interface Decision {
  trademark_id: string;
  decision: string;
  note: string | null;
  decided_at: string;
}

export interface LiveMark {
  id: string;
  office_code: string;
  mark_text: string;
  status: string;
  /** Comma-separated Nice classes, or null. */
  classes: string | null;
}

export interface Scope {
  orgId: string | null;
  livemode: boolean;
}

export interface ScreeningRepo {
  create(row: {
    id: string;
    input: string;
    result: string;
    at: string;
  }, scope: Scope): Promise<void>;
  saveRun(id: string, result: string, at: string): Promise<void>;
  get(id: string, scope: Scope): Promise<ScreeningRow | undefined>;
  /** Newest first, after the (created_at, id) of the previous page's last row. */
  list(scope: Scope, after: {
    createdAt: string;
    id: string;
  } | null, limit: number): Promise<ScreeningRow[]>;
  decide(screeningId: string, d: Decision): Promise<void>;
  decisions(screeningId: string): Promise<Decision[]>;
  /**
   * Every live (active or pending) mark with a word element, handed to `visit` one at a time from
   * one snapshot of the store: the listing check's patterns. A visitor, not an iterator, so that no
   * read stays open between two awaits (SQLite's one connection would be busy for other requests).
   */
  liveMarks(visit: (mark: LiveMark) => void): Promise<void>;
  /** The store's change sequence: a cached matcher is stale once it moves. */
  lastSeq(): Promise<number>;
}

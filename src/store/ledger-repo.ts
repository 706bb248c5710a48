// The organizations' event ledger (the webhook and events feed): the store interface every backend implements.
// The *Sync methods join the caller's SQLite transaction (the projector runs inside an upsert).
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

export interface LedgerRepo {
  /** Synchronous, so that it joins the caller's better-sqlite3 transaction. */
  recordSync: (e: NewLedgerEvent) => LedgerRow | null;
  /** A recorder whose reads are shared by the events of one transaction; call it only inside that transaction. */
  batchRecorderSync: () => (e: NewLedgerEvent) => LedgerRow | null;
  holdingsSync: (trademarkIds: readonly string[]) => Holding[];
  cursorSync: (name: string) => number;
  setCursorSync: (name: string, seq: number) => void;
  list(f: LedgerFilter, limit: number): Promise<LedgerRow[]>;
  get(orgId: string, id: string): Promise<LedgerRow | null>;
  range(orgId: string, fromSeq: number, toSeq: number): Promise<LedgerRow[]>;
  payloadVersion(orgId: string): Promise<number>;
  setPayloadVersion(orgId: string, version: number): Promise<void>;
}

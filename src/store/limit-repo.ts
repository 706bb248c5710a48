// Rate-limit windows and failed-authentication counters kept in the store, for backends that several
// `tm serve` nodes share (PostgreSQL): the interface. A backend without one (SQLite, one machine)
// leaves `auth.limits` null and the counters stay in process memory (src/auth/limit-counters.ts).
import type { IdempotencyClaimResult } from './idempotency-repo.js';

/** One call against a window and, optionally, a daily cap, keyed by organization (or client address). */
export interface TakeRequest {
  key: string;
  tier: string;
  /** Start and end of the current window (ms since the epoch). */
  start: number;
  end: number;
  limit: number;
  daily: { day: string; tier: string; cap: number } | null;
  /** False: report the counts without counting or refusing (MCP account tools, `/v1/usage`). */
  counted: boolean;
  /**
   * Reservations, for a count decided only after the call (failed authentications):
   * `reserve` takes a place as pending; `release` gives a pending place back (the call did not
   * count); `settle` keeps it as counted. A reservation refused while places are pending is
   * `busy`: those may yet be given back, so the caller may try again shortly.
   */
  reservation?: 'reserve' | 'release' | 'settle';
}

export type TakeResult = { ok: true; used: number; dayUsed: number } | { ok: false; over: 'window' | 'day' | 'busy' };

/** An Idempotency-Key claim: IdempotencyRepo.claim's arguments. */
export interface ClaimRequest {
  orgId: string;
  livemode: boolean;
  key: string;
  fingerprint: string;
  at: string;
  expiredBefore: string;
  abandonedBefore: string;
}

/** A take made with a claim: the claim's outcome when the take admitted the call, else null (no claim was made). */
export interface TakenAndClaimed {
  taken: TakeResult;
  claim: IdempotencyClaimResult | null;
}

export interface LimitRepo {
  /**
   * One atomic check-and-count against the window (and the day's total, seeded from the stored
   * usage counters the first time a day is seen), exact across every process on the store.
   */
  take(request: TakeRequest): Promise<TakeResult>;
  /**
   * A counted take and, only if it admits the call, an idempotency claim, as one atomic step (one
   * round trip on PostgreSQL). Optional: without it a write takes, then claims.
   */
  takeAndClaim?(request: TakeRequest, claim: ClaimRequest): Promise<TakenAndClaimed>;
}

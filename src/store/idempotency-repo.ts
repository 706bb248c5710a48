// Idempotency keys of write requests and their stored responses: the store interface every backend implements.
export interface IdempotencyRow {
  fingerprint: string;
  state: 'processing' | 'done';
  status: number | null;
  body: string | null;
  created_at: string;
}

/** A claim's outcome: won, or the live entry that holds the key (null when it changed meanwhile: treat as in flight). */
export type IdempotencyClaimResult = { won: true } | { won: false; held: IdempotencyRow | null };

export interface IdempotencyRepo {
  /**
   * Claims a key in one step (one round trip on PostgreSQL): won when no live entry holds it, when
   * the entry expired (created at or before `expiredBefore`), or when it is a `processing` claim
   * created at or before `abandonedBefore` (its request will never finish); otherwise the entry
   * that holds it, for the caller to replay or refuse.
   */
  claim(orgId: string, livemode: boolean, key: string, fingerprint: string, at: string, expiredBefore: string, abandonedBefore: string): Promise<IdempotencyClaimResult>;
  complete(orgId: string, livemode: boolean, key: string, status: number, body: string): Promise<void>;
  /** Drops a claim, so a retry after a server failure runs again. */
  release(orgId: string, livemode: boolean, key: string): Promise<void>;
  purge(expiredBefore: string): Promise<number>;
  /** A real write, for the readiness probe of the response cache. */
  probe(at: string): Promise<void>;
}

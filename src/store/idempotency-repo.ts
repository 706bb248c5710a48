// Idempotency keys of write requests and their stored responses: the store interface every backend implements.
export interface IdempotencyRow {
  fingerprint: string;
  state: 'processing' | 'done';
  status: number | null;
  body: string | null;
  created_at: string;
}

export interface IdempotencyRepo {
  /** The live (unexpired) entry for a key; entries created at or before `expiredBefore` are ignored. */
  find(orgId: string, livemode: boolean, key: string, expiredBefore: string): Promise<IdempotencyRow | null>;
  /** Claims a key; false when an unexpired entry already holds it. */
  claim(orgId: string, livemode: boolean, key: string, fingerprint: string, at: string, expiredBefore: string): Promise<boolean>;
  complete(orgId: string, livemode: boolean, key: string, status: number, body: string): Promise<void>;
  /** Drops a claim, so a retry after a server failure runs again. */
  release(orgId: string, livemode: boolean, key: string): Promise<void>;
  purge(expiredBefore: string): Promise<number>;
  /** A real write, for the readiness probe of the response cache. */
  probe(at: string): Promise<void>;
}

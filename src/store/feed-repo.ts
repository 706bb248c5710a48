// Calendar feed tokens (docs/http.md "Calendar subscriptions"): read-only credentials, each for
// one ICS feed, stored as the SHA-256 of the token; the interface every backend implements.

export interface FeedRow {
  id: string;
  org_id: string;
  livemode: number;
  name: string | null;
  /** SHA-256 (hex) of the token; the token itself is shown once, at creation. */
  hash: string;
  hint: string;
  /** The feed's path, e.g. `/v1/deadlines.ics` or `/v1/portfolios/ptf_…/deadlines.ics`. */
  path: string;
  /** JSON of the feed's filters, fixed at creation. */
  input: string;
  created_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
}

export interface FeedRepo {
  create(row: FeedRow): Promise<void>;
  /** The feed a token hash names, with its organization's name and limits (null when the organization row is absent). */
  byHash(hash: string): Promise<(FeedRow & { org_name: string | null; org_limits: string | null }) | null>;
  get(orgId: string, livemode: boolean, id: string): Promise<FeedRow | null>;
  list(orgId: string, livemode: boolean): Promise<FeedRow[]>;
  revoke(id: string, at: string): Promise<void>;
  touch(id: string, at: string): Promise<void>;
}

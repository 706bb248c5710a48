// Organizations, API keys and feedback, with the usage and idempotency stores: the interface every backend implements.
import type { IdempotencyRepo } from './idempotency-repo.js';
import type { LimitRepo } from './limit-repo.js';
import type { UsageRepo } from './usage-repo.js';

export interface OrgRow {
  id: string;
  name: string;
  /** JSON of per-organization limit overrides. */
  limits: string;
  created_at: string;
  /** JSON of its plan (src/auth/plans.ts); null for the default plan. */
  plan?: string | null;
}

export interface ApiKeyRow {
  id: string;
  org_id: string;
  name: string | null;
  hash: string;
  hint: string;
  livemode: number;
  /** JSON array of scope strings. */
  scopes: string;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
}

export interface FeedbackRow {
  id: string;
  org_id: string;
  livemode: number;
  request_id: string | null;
  category: string;
  message: string;
  created_at: string;
}

export interface AuthRepo {
  createOrg(row: OrgRow): Promise<void>;
  getOrg(id: string): Promise<OrgRow | null>;
  listOrgs(): Promise<OrgRow[]>;
  setOrgLimits(id: string, limits: string): Promise<void>;
  setOrgPlan(id: string, plan: string): Promise<void>;
  keyCount(): Promise<number>;
  createKey(row: Omit<ApiKeyRow, 'revoked_at' | 'last_used_at'>): Promise<void>;
  /** The key with this hash and its organization's name and limits, for authentication. */
  keyByHash(hash: string): Promise<(ApiKeyRow & {
    org_name: string;
    org_limits: string;
    org_plan: string | null;
  }) | null>;
  getKey(id: string): Promise<ApiKeyRow | null>;
  listKeys(orgId: string, livemode: boolean): Promise<ApiKeyRow[]>;
  updateKey(row: Pick<ApiKeyRow, 'id' | 'name' | 'scopes' | 'expires_at' | 'revoked_at'>): Promise<void>;
  /** Buffered with the usage counters: authenticating a read never writes on its path. */
  touchKey(id: string, at: string): Promise<void>;
  addFeedback(row: FeedbackRow): Promise<void>;
  /** Request counters, the request log and key use, buffered and flushed in batches. */
  usage: UsageRepo;
  idempotency: IdempotencyRepo;
  /** Rate-limit windows and failed-authentication counters shared by every node; null: kept in process memory. */
  limits: LimitRepo | null;
}

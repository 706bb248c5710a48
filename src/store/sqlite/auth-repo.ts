// Organizations, hashed API keys and feedback reports; also composes the usage, request-log and
// idempotency repos so the store exposes all account data as one `auth` member.
import type { Db } from './sqlite.js';
import { createIdempotencyRepo } from './idempotency-repo.js';
import { createUsageRepo } from './usage-repo.js';
import type { ApiKeyRow, AuthRepo, FeedbackRow, OrgRow } from '../auth-repo.js';

export const createAuthRepo = (db: Db): AuthRepo => {
  const insertOrg = db.prepare('INSERT INTO orgs (id, name, limits, created_at) VALUES (@id, @name, @limits, @created_at)');
  const orgById = db.prepare<[string], OrgRow>('SELECT * FROM orgs WHERE id = ?');
  const allOrgs = db.prepare<[], OrgRow>('SELECT * FROM orgs ORDER BY created_at, id');
  const setLimits = db.prepare('UPDATE orgs SET limits = ? WHERE id = ?');
  const setPlan = db.prepare('UPDATE orgs SET plan = ? WHERE id = ?');
  const countKeys = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM api_keys');
  const insertKey = db.prepare(
    `INSERT INTO api_keys (id, org_id, name, hash, hint, livemode, scopes, created_at, expires_at, revoked_at, last_used_at)
     VALUES (@id, @org_id, @name, @hash, @hint, @livemode, @scopes, @created_at, @expires_at, NULL, NULL)`,
  );
  const keyByHash = db.prepare<[string], ApiKeyRow & { org_name: string; org_limits: string; org_plan: string | null }>(
    `SELECT k.*, o.name AS org_name, o.limits AS org_limits, o.plan AS org_plan FROM api_keys k JOIN orgs o ON o.id = k.org_id WHERE k.hash = ?`,
  );
  const keyById = db.prepare<[string], ApiKeyRow>('SELECT * FROM api_keys WHERE id = ?');
  const keysOfOrg = db.prepare<[string, number], ApiKeyRow>(
    'SELECT * FROM api_keys WHERE org_id = ? AND livemode = ? ORDER BY created_at, id',
  );
  const updateKey = db.prepare(
    'UPDATE api_keys SET name = @name, scopes = @scopes, expires_at = @expires_at, revoked_at = @revoked_at WHERE id = @id',
  );
  const insertFeedback = db.prepare(
    `INSERT INTO feedback (id, org_id, livemode, request_id, category, message, created_at)
     VALUES (@id, @org_id, @livemode, @request_id, @category, @message, @created_at)`,
  );

  const usage = createUsageRepo(db);

  return {
    async createOrg(row: OrgRow): Promise<void> {
      insertOrg.run(row);
    },
    async getOrg(id: string): Promise<OrgRow | null> {
      return orgById.get(id) ?? null;
    },
    async listOrgs(): Promise<OrgRow[]> {
      return allOrgs.all();
    },
    async setOrgLimits(id: string, limits: string): Promise<void> {
      setLimits.run(limits, id);
    },
    async setOrgPlan(id: string, plan: string): Promise<void> {
      setPlan.run(plan, id);
    },
    async keyCount(): Promise<number> {
      return countKeys.get()!.n;
    },
    async createKey(row: Omit<ApiKeyRow, 'revoked_at' | 'last_used_at'>): Promise<void> {
      insertKey.run(row);
    },
    /** The key with this hash and its organization's name and limits, for authentication. */
    async keyByHash(hash: string): Promise<(ApiKeyRow & { org_name: string; org_limits: string; org_plan: string | null }) | null> {
      return keyByHash.get(hash) ?? null;
    },
    async getKey(id: string): Promise<ApiKeyRow | null> {
      usage.tryFlush();
      return keyById.get(id) ?? null;
    },
    async listKeys(orgId: string, livemode: boolean): Promise<ApiKeyRow[]> {
      usage.tryFlush();
      return keysOfOrg.all(orgId, livemode ? 1 : 0);
    },
    async updateKey(row: Pick<ApiKeyRow, 'id' | 'name' | 'scopes' | 'expires_at' | 'revoked_at'>): Promise<void> {
      updateKey.run(row);
    },
    /** Buffered with the usage counters: authenticating a read never writes on its path. */
    async touchKey(id: string, at: string): Promise<void> {
      usage.touch(id, at);
    },
    async addFeedback(row: FeedbackRow): Promise<void> {
      insertFeedback.run(row);
    },
    usage,
    idempotency: createIdempotencyRepo(db),
    // One machine: the counters stay in memory, shared by a cluster's workers through the primary.
    limits: null,
  };
};


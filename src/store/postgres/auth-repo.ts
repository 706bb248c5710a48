// Organizations, hashed API keys and feedback reports on PostgreSQL (the same rows as SQLite's),
// composed with the usage and idempotency repos as the store's one `auth` member.
import type { ApiKeyRow, AuthRepo, OrgRow } from '../auth-repo.js';
import { createPgIdempotencyRepo } from './idempotency-repo.js';
import { createPgLimitRepo } from './limit-repo.js';
import type { PgDb } from './pg.js';
import { createPgUsageRepo } from './usage-repo.js';

type KeyWithOrg = ApiKeyRow & { org_name: string; org_limits: string; org_plan: string | null };

export const createPgAuthRepo = (db: PgDb): AuthRepo => {
  const usage = createPgUsageRepo(db);
  return {
    async createOrg(row) {
      await db.query('INSERT INTO orgs (id, name, limits, created_at) VALUES ($1, $2, $3, $4)', [row.id, row.name, row.limits, row.created_at]);
    },
    async getOrg(id) {
      return (await db.query<OrgRow>('SELECT * FROM orgs WHERE id = $1', [id]))[0] ?? null;
    },
    async listOrgs() {
      return db.query<OrgRow>('SELECT * FROM orgs ORDER BY created_at, id');
    },
    async setOrgLimits(id, limits) {
      await db.query('UPDATE orgs SET limits = $1 WHERE id = $2', [limits, id]);
    },
    async setOrgPlan(id, plan) {
      await db.query('UPDATE orgs SET plan = $1 WHERE id = $2', [plan, id]);
    },
    async keyCount() {
      return Number((await db.query<{ n: number }>('SELECT COUNT(*) AS n FROM api_keys'))[0]!.n);
    },
    async createKey(row) {
      await db.query(
        `INSERT INTO api_keys (id, org_id, name, hash, hint, livemode, scopes, created_at, expires_at, revoked_at, last_used_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, NULL, NULL)`,
        [row.id, row.org_id, row.name, row.hash, row.hint, row.livemode, row.scopes, row.created_at, row.expires_at],
      );
    },
    async keyByHash(hash) {
      const rows = await db.query<KeyWithOrg>('SELECT k.*, o.name AS org_name, o.limits AS org_limits, o.plan AS org_plan FROM api_keys k JOIN orgs o ON o.id = k.org_id WHERE k.hash = $1', [hash]);
      return rows[0] ?? null;
    },
    async getKey(id) {
      // Waits for buffered key use, so last_used_at is current.
      await usage.flush().catch(() => {});
      return (await db.query<ApiKeyRow>('SELECT * FROM api_keys WHERE id = $1', [id]))[0] ?? null;
    },
    async listKeys(orgId, livemode) {
      await usage.flush().catch(() => {});
      return db.query<ApiKeyRow>('SELECT * FROM api_keys WHERE org_id = $1 AND livemode = $2 ORDER BY created_at, id', [orgId, livemode ? 1 : 0]);
    },
    async updateKey(row) {
      await db.query('UPDATE api_keys SET name = $1, scopes = $2, expires_at = $3, revoked_at = $4 WHERE id = $5', [row.name, row.scopes, row.expires_at, row.revoked_at, row.id]);
    },
    async touchKey(id, at) {
      usage.touch(id, at);
    },
    async addFeedback(row) {
      await db.query(
        'INSERT INTO feedback (id, org_id, livemode, request_id, category, message, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
        [row.id, row.org_id, row.livemode, row.request_id, row.category, row.message, row.created_at],
      );
    },
    usage,
    idempotency: createPgIdempotencyRepo(db),
    limits: createPgLimitRepo(db),
  };
};

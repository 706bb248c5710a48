// Organizations, hashed API keys and feedback reports on PostgreSQL (the same rows as SQLite's),
// composed with the usage and idempotency repos as the store's one `auth` member. A key and its
// organization, read on every request, are kept per process while the change listener listens,
// and dropped at any change to either on any node (changes.ts), so a revoked key or a new limit
// applies on every node as soon as its notice arrives.
import type { ApiKeyRow, AuthRepo, OrgRow } from '../auth-repo.js';
import type { PgChanges } from './changes.js';
import { createPgIdempotencyRepo } from './idempotency-repo.js';
import { createPgLimitRepo } from './limit-repo.js';
import type { RequestTrip } from './request-trip.js';
import type { PgDb } from './pg.js';
import { createPgUsageRepo } from './usage-repo.js';

type KeyWithOrg = ApiKeyRow & { org_name: string; org_limits: string; org_plan: string | null };

/** Keys kept at most; past it the cache starts again (a key is one small row). */
const CACHED_KEYS = 10_000;

export const createPgAuthRepo = (db: PgDb, changes: PgChanges, trip: RequestTrip): AuthRepo => {
  const usage = createPgUsageRepo(db);
  const keys = new Map<string, KeyWithOrg>();
  /** Moves at every drop, so a read that raced a change is not kept. */
  let generation = 0;
  const drop = (): void => {
    keys.clear();
    generation++;
  };
  changes.subscribe('auth', drop);
  /** A write of this process: dropped now, without waiting for its own notice. */
  const write = async (sql: string, params: readonly unknown[]): Promise<void> => {
    await db.query(sql, params);
    drop();
  };
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
      await write('UPDATE orgs SET limits = $1 WHERE id = $2', [limits, id]);
    },
    async setOrgPlan(id, plan) {
      await write('UPDATE orgs SET plan = $1 WHERE id = $2', [plan, id]);
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
      const live = changes.listening();
      const hit = live ? keys.get(hash) : undefined;
      if (hit) return { ...hit };
      const seen = generation;
      const rows = await db.query<KeyWithOrg>('SELECT k.*, o.name AS org_name, o.limits AS org_limits, o.plan AS org_plan FROM api_keys k JOIN orgs o ON o.id = k.org_id WHERE k.hash = $1', [hash]);
      const row = rows[0];
      if (!row) return null;
      // Kept only when no change was announced (or could have been missed) while it was read.
      if (live && seen === generation && changes.listening()) {
        if (keys.size >= CACHED_KEYS) keys.clear();
        keys.set(hash, { ...row });
      }
      return row;
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
      await write('UPDATE api_keys SET name = $1, scopes = $2, expires_at = $3, revoked_at = $4 WHERE id = $5', [row.name, row.scopes, row.expires_at, row.revoked_at, row.id]);
    },
    async touchKey(id, at) {
      usage.touch(id, at);
      // The cached copy follows, so the key is not touched again on every request.
      for (const k of keys.values()) if (k.id === id) k.last_used_at = at;
    },
    async addFeedback(row) {
      await db.query(
        'INSERT INTO feedback (id, org_id, livemode, request_id, category, message, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
        [row.id, row.org_id, row.livemode, row.request_id, row.category, row.message, row.created_at],
      );
    },
    usage,
    idempotency: createPgIdempotencyRepo(db),
    limits: createPgLimitRepo(db, trip),
  };
};

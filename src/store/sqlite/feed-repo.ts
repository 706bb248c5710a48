// Calendar feed tokens in SQLite (interface: src/store/feed-repo.ts).
import type { FeedRepo, FeedRow } from '../feed-repo.js';
import type { Db } from './sqlite.js';

export const createFeedRepo = (db: Db): FeedRepo => {
  const insert = db.prepare(
    `INSERT INTO feed_tokens (id, org_id, livemode, name, hash, hint, path, input, created_at, revoked_at, last_used_at)
     VALUES (@id, @org_id, @livemode, @name, @hash, @hint, @path, @input, @created_at, @revoked_at, @last_used_at)`,
  );
  const byHash = db.prepare<[string], FeedRow & { org_name: string | null; org_limits: string | null }>(
    'SELECT f.*, o.name AS org_name, o.limits AS org_limits FROM feed_tokens f LEFT JOIN orgs o ON o.id = f.org_id WHERE f.hash = ?',
  );
  const one = db.prepare<[string, number, string], FeedRow>('SELECT * FROM feed_tokens WHERE org_id = ? AND livemode = ? AND id = ?');
  const all = db.prepare<[string, number], FeedRow>('SELECT * FROM feed_tokens WHERE org_id = ? AND livemode = ? ORDER BY created_at, id');
  const revoke = db.prepare('UPDATE feed_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL');
  const touch = db.prepare('UPDATE feed_tokens SET last_used_at = ? WHERE id = ?');
  return {
    async create(row) {
      insert.run(row);
    },
    async byHash(hash) {
      return byHash.get(hash) ?? null;
    },
    async get(orgId, livemode, id) {
      return one.get(orgId, livemode ? 1 : 0, id) ?? null;
    },
    async list(orgId, livemode) {
      return all.all(orgId, livemode ? 1 : 0);
    },
    async revoke(id, at) {
      revoke.run(at, id);
    },
    async touch(id, at) {
      touch.run(at, id);
    },
  };
};

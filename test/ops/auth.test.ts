// The account domain: key issue and authentication (401 cases), scopes (403) and rate limits (429).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authenticateApiKey, createOrganization, issueApiKey, RateLimiter, requireScope } from '../../src/auth/index.js';
import { fixedClock } from '../../src/core/clock.js';
import { closeContext, createContext, type Context } from '../../src/context.js';
import { TmError } from '../../src/errors.js';
import { releaseLocation, storeLocation } from '../helpers/test-backend.js';

let dir: string;
let ctx: Context;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tm-auth-'));
  ctx = createContext({ db: storeLocation(dir), now: '2026-11-22T10:00:00Z' });
});
afterEach(async () => {
  await closeContext(ctx);
  await releaseLocation(ctx.config.dbPath);
  rmSync(dir, { recursive: true, force: true });
});

const failure = async (p: Promise<unknown>): Promise<TmError> => {
  try {
    await p;
  } catch (err) {
    if (err instanceof TmError) return err;
    throw err;
  }
  throw new Error('expected a TmError');
};

describe('API keys', () => {
  it('authenticates a fresh key, stores only its hash, and rejects bad credentials with 401', async () => {
    const org = await createOrganization(ctx, 'Acme Legal');
    const { secret, key } = await issueApiKey(ctx, { orgId: org.id, scopes: ['trademarks:read'], livemode: true });
    expect(secret).toMatch(/^tmk_live_[A-Za-z0-9_-]{32}$/);
    expect(key.hint.startsWith('tmk_live_')).toBe(true);
    expect(key.hint).not.toContain(secret.slice(9, 28));
    const p = await authenticateApiKey(ctx, `Bearer ${secret}`);
    expect(p.org).toEqual({ id: org.id, name: 'Acme Legal', livemode: true, features: ['portfolios', 'watches', 'alerts', 'events', 'saved_searches'] });
    expect(p.scopes).toEqual(['trademarks:read']);
    expect(p.keyId).toBe(key.id);

    expect((await failure(authenticateApiKey(ctx, undefined))).message).toMatch(/Missing/);
    expect((await failure(authenticateApiKey(ctx, `Basic ${secret}`))).type).toBe('unauthorized');
    expect((await failure(authenticateApiKey(ctx, 'Bearer nope'))).message).toMatch(/Malformed/);
    const forged = `tmk_live_${'A'.repeat(32)}`;
    expect((await failure(authenticateApiKey(ctx, `Bearer ${forged}`))).message).toMatch(/Invalid/);
  });

  it('marks test keys as test mode, and refuses revoked and expired keys', async () => {
    const org = await createOrganization(ctx, 'Acme');
    const test = await issueApiKey(ctx, { orgId: org.id, scopes: ['trademarks:read'], livemode: false });
    expect(test.secret.startsWith('tmk_test_')).toBe(true);
    expect((await authenticateApiKey(ctx, test.secret)).livemode).toBe(false);

    const row = (await ctx.store.auth.getKey(test.key.id))!;
    await ctx.store.auth.updateKey({ ...row, revoked_at: '2026-11-22T09:00:00Z' });
    expect((await failure(authenticateApiKey(ctx, test.secret))).message).toMatch(/revoked/);

    const soon = await issueApiKey(ctx, { orgId: org.id, scopes: [], livemode: true, expiresAt: '2026-11-22T11:00:00Z' });
    expect((await authenticateApiKey(ctx, soon.secret)).keyId).toBe(soon.key.id);
    const later = { ...ctx, clock: fixedClock('2026-11-22T11:00:01Z') };
    const err = await failure(authenticateApiKey(later, soon.secret));
    expect(err.type).toBe('unauthorized');
    expect(err.message).toMatch(/expired/);
  });

  it('names the missing scope in a 403', async () => {
    const org = await createOrganization(ctx, 'Acme');
    const { secret } = await issueApiKey(ctx, { orgId: org.id, scopes: ['trademarks:read'], livemode: true });
    const p = await authenticateApiKey(ctx, secret);
    expect(() => requireScope(p, 'trademarks:read')).not.toThrow();
    try {
      requireScope(p, 'api-keys:manage');
      expect.unreachable();
    } catch (err) {
      expect((err as TmError).status).toBe(403);
      expect((err as TmError).message).toContain('api-keys:manage');
    }
  });
});

describe('rate limiter', () => {
  it('admits up to the per-organization limit, then throws 429 with retry_after; organizations do not share windows', async () => {
    const a = await createOrganization(ctx, 'A', { reads: { limit: 3 } });
    const b = await createOrganization(ctx, 'B');
    const pa = await authenticateApiKey(ctx, (await issueApiKey(ctx, { orgId: a.id, scopes: [], livemode: true })).secret);
    const pb = await authenticateApiKey(ctx, (await issueApiKey(ctx, { orgId: b.id, scopes: [], livemode: true })).secret);
    const limiter = new RateLimiter();
    const opts = { tier: 'reads', daily: 'reads', meter: 'read' } as const;
    for (let i = 3; i > 0; i--) {
      const adm = await limiter.admit(ctx, pa, opts);
      expect(adm.policies[0]).toMatchObject({ limit: 3, window: 60, remaining: i - 1 });
    }
    const err = await failure(limiter.admit(ctx, pa, opts));
    expect(err.type).toBe('rate_limited');
    expect(err.retryAfter).toBeGreaterThan(0);
    expect(err.retryAfter).toBeLessThanOrEqual(60);
    expect((await limiter.admit(ctx, pb, opts)).policies[0]!.remaining).toBe(9_999);
    const used = await ctx.store.auth.usage.countsSince(a.id, true, '2026-11-22');
    expect(used).toEqual([{ day: '2026-11-22', tier: 'reads', meter: 'read', count: 3 }]);
  });
});

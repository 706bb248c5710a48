// Limits, idempotency and caching (spec §8, §7): RateLimit headers in the spec's syntax on every
// authenticated response, per-organization windows and daily caps, a batch counted once, ETags
// with 304 still counted, request ids, and Idempotency-Key replay with one side effect.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresDb } from '../../src/store/postgres/store.js';
import { TEST_BACKEND } from '../helpers/test-backend.js';
import { startHttp, type HttpFixture } from './http-fixture.js';

const itOnPostgres = it.skipIf(TEST_BACKEND !== 'postgres');

let f: HttpFixture;
beforeAll(async () => {
  f = await startHttp([], { limitsA: { reads: { limit: 50 }, writes: { limit: 20 }, daily: { writes: 1000 } } });
});
afterAll(async () => f.close());

const remaining = (res: Response): number => Number(/remaining=(\d+)/.exec(res.headers.get('ratelimit') ?? '')?.[1]);

describe('rate-limit headers', () => {
  it('carries RateLimit-Policy and RateLimit in the spec syntax on successes and errors', async () => {
    for (const res of [await f.call('/v1/trademarks/US:87310367'), await f.call('/v1/trademarks/US:99999999'), await f.call('/v1/trademarks?colour=red')]) {
      expect(res.headers.get('ratelimit-policy')).toBe('50;w=60, 1000000;w=86400');
      expect(res.headers.get('ratelimit')).toMatch(/^remaining=\d+, reset=\d+$/);
      expect(res.headers.get('request-id')).toMatch(/^req_[0-9a-f]{24}$/);
    }
    const write = await f.call('/v1/feedback', { method: 'POST', body: JSON.stringify({ message: 'x' }) });
    expect(write.headers.get('ratelimit-policy')).toBe('20;w=60, 1000;w=86400');
  });

  it('counts every request of the organization across its keys; a batch of 100 counts once', async () => {
    const a = await f.call('/v1/organization', { key: f.orgA.all });
    const b = await f.call('/v1/trademarks/US:87310367', { key: f.orgA.read });
    expect(remaining(b)).toBe(remaining(a) - 1);
    const w1 = await f.call('/v1/trademarks/batch', { method: 'POST', body: JSON.stringify({ items: Array.from({ length: 100 }, () => 'US:87310367') }) });
    expect(w1.status).toBe(200);
    expect((await w1.json()).data).toHaveLength(100);
    const w2 = await f.call('/v1/trademarks/batch', { method: 'POST', body: JSON.stringify({ items: ['US:87310367'] }) });
    expect(remaining(w2)).toBe(remaining(w1) - 1);
  });

  it('puts suggest in the search tier, other GETs in reads', async () => {
    const g = await startHttp([], { limitsA: { search: { limit: 7 }, reads: { limit: 9 } } });
    try {
      const suggest = await g.call('/v1/trademarks/suggest?q=tu');
      expect(suggest.status).toBe(200);
      expect(suggest.headers.get('ratelimit-policy')).toBe('7;w=60, 1000000;w=86400');
      expect(remaining(suggest)).toBe(6);
      const read = await g.call('/v1/trademarks?q=tusimple');
      expect(read.headers.get('ratelimit-policy')).toBe('9;w=60, 1000000;w=86400');
      const usage = (await (await g.call('/v1/usage')).json()) as { current_period: Record<'reads' | 'search', { used: number }> };
      expect(usage.current_period.search.used).toBe(1);
      expect(usage.current_period.reads.used).toBe(2);
    } finally {
      await g.close();
    }
  });

  it('reports daily caps in /v1/usage and enforces them with 429', async () => {
    const g = await startHttp([], { limitsA: { daily: { reads: 3 } } });
    try {
      const usage = await g.call('/v1/usage');
      expect((await usage.json()).current_period.reads).toMatchObject({ used: 1, limit: 3, resets_at: '2026-11-23T00:00:00.000Z' });
      expect(usage.headers.get('ratelimit-policy')).toBe('10000;w=60, 3;w=86400');
      expect(usage.headers.get('ratelimit')).toBe('remaining=2, reset=43200');
      await g.call('/v1/organization');
      expect((await g.call('/v1/organization')).status).toBe(200);
      const over = await g.call('/v1/organization');
      expect(over.status).toBe(429);
      expect(over.headers.get('retry-after')).toBe('43200');
      expect(((await over.json()) as { error: { detail: string } }).error.detail).toContain('reads daily');
    } finally {
      await g.close();
    }
  });
});

describe('failed authentication', () => {
  it('is limited per client address and credential: 401s carry the policy, past it that credential gets 429, other keys still work', async () => {
    const g = await startHttp();
    const bad = `tmk_live_${'y'.repeat(32)}`;
    try {
      const first = await g.call('/v1/usage', { key: bad });
      expect(first.status).toBe(401);
      expect(first.headers.get('ratelimit-policy')).toBe('100;w=60');
      expect(first.headers.get('ratelimit')).toMatch(/^remaining=99, reset=\d+$/);
      for (let i = 0; i < 99; i++) await (await g.call('/v1/usage', { key: bad })).arrayBuffer();
      const blocked = await g.call('/v1/usage', { key: bad });
      expect(blocked.status).toBe(429);
      expect(((await blocked.json()) as { error: { detail: string } }).error.detail).toContain('failed authentication');
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      // A successful authentication is not counted, and a valid key from the same address is served.
      const valid = await g.call('/v1/usage', { key: g.orgA.all });
      expect(valid.status).toBe(200);
      expect((await g.call('/v1/usage', { key: null })).headers.get('ratelimit')).toMatch(/^remaining=99, /);
    } finally {
      await g.close();
    }
  });
});

describe('ETag', () => {
  it('If-None-Match gives 304 with no body, and the 304 still counts', async () => {
    const first = await f.call('/v1/trademarks/US:87310367');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    const again = await f.call('/v1/trademarks/US:87310367', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(remaining(again)).toBe(remaining(first) - 1);
    const other = await f.call('/v1/trademarks/US:87703889', { headers: { 'If-None-Match': etag } });
    expect(other.status).toBe(200);
  });

  it('a list ETag ignores the per-request request_id', async () => {
    const one = await f.call('/v1/trademarks/US:87310367/events');
    const two = await f.call('/v1/trademarks/US:87310367/events', { headers: { 'If-None-Match': one.headers.get('etag')! } });
    expect(two.status).toBe(304);
  });
});

describe('Idempotency-Key', () => {
  it('replays the stored response for the same key and body, with one side effect', async () => {
    const body = JSON.stringify({ name: 'replayed', scopes: ['trademarks:read'] });
    const first = await f.call('/v1/organization/api-keys', { method: 'POST', idem: '"8e03978e-40d5-43e8-bc93-6894a57f9324"', body });
    const second = await f.call('/v1/organization/api-keys', { method: 'POST', idem: '"8e03978e-40d5-43e8-bc93-6894a57f9324"', body });
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await second.text()).toBe(await first.text());
    const keys = (await (await f.call('/v1/organization/api-keys')).json()) as { data: { name: string }[] };
    expect(keys.data.filter((k) => k.name === 'replayed')).toHaveLength(1);
  });

  it('keys are per organization: another organization may use the same key', async () => {
    const body = JSON.stringify({ message: 'same key, other org' });
    expect((await f.call('/v1/feedback', { method: 'POST', idem: 'shared-key', body })).status).toBe(201);
    const b = await f.call('/v1/feedback', { method: 'POST', idem: 'shared-key', key: f.orgB.all, body });
    expect(b.status).toBe(201);
    expect(b.headers.get('idempotent-replayed')).toBe(null);
  });

  it('a client error is stored too; the key then holds that answer', async () => {
    const body = JSON.stringify({ message: 'x', request_id: 'req_unknown' });
    const first = await f.call('/v1/feedback', { method: 'POST', idem: 'err-1', body });
    expect(first.status).toBe(404);
    const again = await f.call('/v1/feedback', { method: 'POST', idem: 'err-1', body });
    expect(again.status).toBe(404);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it('over the writes limit a write answers 429 whatever else is wrong with it, and claims no key', async () => {
    const g = await startHttp([], { limitsA: { writes: { limit: 2 } } });
    try {
      const post = (idem: string, body: string, key?: string) => g.call('/v1/feedback', { method: 'POST', idem, body, key });
      expect((await post('w1', JSON.stringify({ message: 'one' }))).status).toBe(201);
      expect((await post('w2', JSON.stringify({ message: 'two' }))).status).toBe(201);
      expect((await post('refused', '{"message":')).status).toBe(429);
      expect((await post('', JSON.stringify({ message: 'no key' }))).status).toBe(429);
      expect((await post('refused', JSON.stringify({ message: 'read-only key' }), g.orgA.read)).status).toBe(429);
      expect((await post('refused', JSON.stringify({ message: 'three' }))).status).toBe(429);
      // In the next window the key runs: the refused calls left no claim (it would be 409 processing).
      const { fixedClock } = await import('../../src/core/clock.js');
      g.tmp.ctx.clock = fixedClock(new Date(g.tmp.ctx.clock.now().getTime() + 61_000).toISOString());
      const next = await post('refused', JSON.stringify({ message: 'three' }));
      expect(next.status).toBe(201);
      expect(next.headers.get('idempotent-replayed')).toBe(null);
    } finally {
      await g.close();
    }
  });

  it('a write refused for its scope or its input claims no key, and is still counted', async () => {
    const forbidden = await f.call('/v1/feedback', { method: 'POST', idem: 'checked-first', body: JSON.stringify({ message: 'x' }), key: f.orgA.noScopes });
    expect(forbidden.status).toBe(403);
    const invalid = await f.call('/v1/feedback', { method: 'POST', idem: 'checked-first', body: JSON.stringify({ message: 7 }) });
    expect(invalid.status).toBe(400);
    expect(remaining(invalid)).toBe(remaining(forbidden) - 1);
    const ok = await f.call('/v1/feedback', { method: 'POST', idem: 'checked-first', body: JSON.stringify({ message: 'x' }) });
    expect(ok.status).toBe(201);
    expect(ok.headers.get('idempotent-replayed')).toBe(null);
  });

  itOnPostgres('costs two statements on PostgreSQL: the take with the claim, then the stored answer', async () => {
    const db = postgresDb(f.tmp.ctx.store);
    const sent: string[] = [];
    const { query, relaxed } = db;
    db.query = (sql, ...rest) => (sent.push(sql), query(sql, ...rest)) as never;
    db.relaxed = (sql, ...rest) => (sent.push(sql), relaxed(sql, ...rest)) as never;
    try {
      const first = await f.call('/v1/feedback', { method: 'POST', idem: 'two-trips', body: JSON.stringify({ message: 'x' }) });
      expect(first.status).toBe(201);
    } finally {
      Object.assign(db, { query, relaxed });
    }
    const limitOrKey = sent.filter((sql) => /tm_limit_take|idempotency/.test(sql));
    expect(limitOrKey).toHaveLength(2);
    expect(limitOrKey[0]).toMatch(/tm_limit_take[\s\S]*INSERT INTO idempotency/);
    expect(limitOrKey[1]).toMatch(/^UPDATE idempotency SET state = 'done'/);
  });

  it('expires after 24 hours', async () => {
    const g = await startHttp();
    try {
      const body = JSON.stringify({ message: 'day one' });
      expect((await g.call('/v1/feedback', { method: 'POST', idem: 'day', body })).status).toBe(201);
      const { fixedClock } = await import('../../src/core/clock.js');
      g.tmp.ctx.clock = fixedClock('2026-11-23T12:00:01Z');
      const later = await g.call('/v1/feedback', { method: 'POST', idem: 'day', body: JSON.stringify({ message: 'day two' }) });
      expect(later.status).toBe(201);
      expect(later.headers.get('idempotent-replayed')).toBe(null);
    } finally {
      await g.close();
    }
  });
});

describe('access log', () => {
  it('writes one line per request in the configured format, with org and request id', async () => {
    const res = await f.call('/v1/trademarks/US:87310367');
    const id = res.headers.get('request-id');
    const line = f.log.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.request_id === id);
    expect(line).toMatchObject({ method: 'GET', path: '/v1/trademarks/US:87310367', status: 200, org: f.orgA.id, remote: '127.0.0.1' });
    expect(line!.bytes).toBeGreaterThan(100);
  });
});

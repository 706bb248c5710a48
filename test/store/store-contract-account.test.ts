// The account part of the store contract (organizations, API keys, feedback, usage counters, the
// request log, idempotency keys), run on every backend: the same calls give the same answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestLogRow } from '../../src/store/usage-repo.js';
import type { Store } from '../../src/store/store.js';
import { BACKENDS } from '../helpers/store-backends.js';

const AT = '2026-11-22T12:00:00.000Z';
const LATER = '2026-11-23T12:00:00.000Z';
const key = (id: string, orgId: string, livemode: number, createdAt = AT) => ({
  id, org_id: orgId, name: `key ${id}`, hash: `hash_${id}`, hint: id.slice(-4), livemode, scopes: '["read"]', created_at: createdAt, expires_at: null,
});
const logRow = (id: string, at: string, status = 200): RequestLogRow => ({
  id, org_id: 'org_a', livemode: 1, key_id: 'key_1', method: 'GET', path: '/v1/trademarks', operation: 'listTrademarks', status, error_type: null, duration_ms: 3, at,
});

for (const backend of BACKENDS) {
  describe(`store account contract on ${backend.name}`, () => {
    let store: Store;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ store, close } = await backend.open());
    });
    afterAll(async () => close());

    it('organizations: create, read, list in creation order, set limits; a duplicate id is refused', async () => {
      await store.auth.createOrg({ id: 'org_b', name: 'Beta', limits: '{}', created_at: LATER });
      await store.auth.createOrg({ id: 'org_a', name: 'Alpha', limits: '{}', created_at: AT });
      await expect(store.auth.createOrg({ id: 'org_a', name: 'Again', limits: '{}', created_at: AT })).rejects.toThrow();
      await store.auth.setOrgLimits('org_a', '{"daily":5}');
      expect(await store.auth.getOrg('org_a')).toEqual({ id: 'org_a', name: 'Alpha', limits: '{"daily":5}', created_at: AT, plan: null });
      await store.auth.setOrgPlan('org_a', '{"name":"search","features":[]}');
      expect((await store.auth.getOrg('org_a'))?.plan).toBe('{"name":"search","features":[]}');
      expect(await store.auth.getOrg('org_missing')).toBeNull();
      expect((await store.auth.listOrgs()).map((o) => o.id)).toEqual(['org_a', 'org_b']);
    });

    it('API keys: by hash with the organization, by id, per mode, updated, and touched through the usage buffer', async () => {
      expect(await store.auth.keyCount()).toBe(0);
      await store.auth.createKey(key('key_2', 'org_a', 1, LATER));
      await store.auth.createKey(key('key_1', 'org_a', 1));
      await store.auth.createKey(key('key_3', 'org_a', 0));
      await expect(store.auth.createKey(key('key_4', 'org_missing', 1))).rejects.toThrow();
      expect(await store.auth.keyCount()).toBe(3);
      expect(await store.auth.keyByHash('hash_key_1')).toMatchObject({ id: 'key_1', org_name: 'Alpha', org_limits: '{"daily":5}', revoked_at: null, last_used_at: null });
      expect(await store.auth.keyByHash('hash_nope')).toBeNull();
      expect((await store.auth.listKeys('org_a', true)).map((k) => k.id)).toEqual(['key_1', 'key_2']);
      expect((await store.auth.listKeys('org_a', false)).map((k) => k.id)).toEqual(['key_3']);
      await store.auth.updateKey({ id: 'key_2', name: 'renamed', scopes: '["write"]', expires_at: LATER, revoked_at: LATER });
      expect(await store.auth.getKey('key_2')).toMatchObject({ name: 'renamed', scopes: '["write"]', expires_at: LATER, revoked_at: LATER });
      await store.auth.touchKey('key_1', LATER);
      // Reading a key writes the buffered use first.
      expect((await store.auth.getKey('key_1'))?.last_used_at).toBe(LATER);
      expect(await store.auth.getKey('key_missing')).toBeNull();
      await store.auth.addFeedback({ id: 'fb_1', org_id: 'org_a', livemode: 1, request_id: null, category: 'bug', message: 'hello', created_at: AT });
      await expect(store.auth.addFeedback({ id: 'fb_1', org_id: 'org_a', livemode: 1, request_id: null, category: 'bug', message: 'again', created_at: AT })).rejects.toThrow();
    });

    it('usage: buffered counts add up per day, tier and meter; the daily cap counts both modes', async () => {
      const u = store.auth.usage;
      for (let i = 0; i < 3; i++) u.count('org_a', true, '2026-11-22', 'search', 'search');
      u.count('org_a', false, '2026-11-22', 'search', 'search');
      u.count('org_a', true, '2026-11-22', 'read', 'get');
      u.count('org_a', true, '2026-11-23', 'read', 'get');
      u.count('org_b', true, '2026-11-22', 'search', 'search');
      expect(await u.countsSince('org_a', true, '2026-11-22')).toEqual([
        { day: '2026-11-22', tier: 'read', meter: 'get', count: 1 },
        { day: '2026-11-22', tier: 'search', meter: 'search', count: 3 },
        { day: '2026-11-23', tier: 'read', meter: 'get', count: 1 },
      ]);
      expect(await u.countsSince('org_a', true, '2026-11-23')).toEqual([{ day: '2026-11-23', tier: 'read', meter: 'get', count: 1 }]);
      expect(await u.dayTotal('org_a', '2026-11-22', 'search')).toBe(4);
      u.count('org_a', true, '2026-11-22', 'search', 'search');
      expect(await u.dayTotal('org_a', '2026-11-22', 'search')).toBe(5);
      expect(await u.dayTotal('org_c', '2026-11-22', 'search')).toBe(0);
    });

    it('request log: newest first before a sequence, by id, pruned by time; flush writes the buffer', async () => {
      const u = store.auth.usage;
      u.log(logRow('req_1', AT));
      u.log(logRow('req_2', AT, 404));
      u.log(logRow('req_3', LATER));
      await u.flush();
      const page = await u.logs('org_a', true, Number.MAX_SAFE_INTEGER, 2);
      expect(page.map((r) => r.id)).toEqual(['req_3', 'req_2']);
      expect(page[1]).toMatchObject({ status: 404, method: 'GET', key_id: 'key_1', duration_ms: 3 });
      expect((await u.logs('org_a', true, page[1]!.seq, 10)).map((r) => r.id)).toEqual(['req_1']);
      expect(await u.logs('org_a', false, Number.MAX_SAFE_INTEGER, 10)).toEqual([]);
      expect((await u.logById('org_a', true, 'req_2'))?.status).toBe(404);
      expect(await u.logById('org_b', true, 'req_2')).toBeNull();
      expect(await u.pruneLogs(LATER)).toBe(2);
      expect((await u.logs('org_a', true, Number.MAX_SAFE_INTEGER, 10)).map((r) => r.id)).toEqual(['req_3']);
    });

    it('idempotency: one claim wins, completes, expires, is taken over when abandoned, and can be released or purged', async () => {
      const i = store.auth.idempotency;
      const EXP = '2026-11-21T00:00:00.000Z';
      expect(await i.claim('org_a', true, 'idem_1', 'fp1', AT, EXP, EXP)).toEqual({ won: true });
      // The loser learns who holds the key, in the same step.
      expect(await i.claim('org_a', true, 'idem_1', 'fp2', AT, EXP, EXP)).toEqual({ won: false, held: { fingerprint: 'fp1', state: 'processing', status: null, body: null, created_at: AT } });
      // The same key in the other mode is another key.
      expect(await i.claim('org_a', false, 'idem_1', 'fp3', AT, EXP, EXP)).toEqual({ won: true });
      await i.complete('org_a', true, 'idem_1', 201, '{"ok":true}');
      expect(await i.claim('org_a', true, 'idem_1', 'fp1', AT, EXP, EXP)).toEqual({ won: false, held: { fingerprint: 'fp1', state: 'done', status: 201, body: '{"ok":true}', created_at: AT } });
      // A done entry past the abandonment cut-off still holds its key; only an expired one is taken over.
      expect(await i.claim('org_a', true, 'idem_1', 'fp4', LATER, EXP, LATER)).toMatchObject({ won: false, held: { state: 'done' } });
      expect(await i.claim('org_a', true, 'idem_1', 'fp4', LATER, AT, EXP)).toEqual({ won: true });
      expect(await i.claim('org_a', true, 'idem_1', 'fp5', LATER, AT, EXP)).toMatchObject({ won: false, held: { fingerprint: 'fp4', state: 'processing', created_at: LATER } });
      // A processing claim created at or before the abandonment cut-off is taken over.
      expect(await i.claim('org_a', true, 'idem_1', 'fp5', LATER, AT, LATER)).toEqual({ won: true });
      expect(await i.claim('org_a', true, 'idem_1', 'fp6', LATER, AT, AT)).toMatchObject({ won: false, held: { fingerprint: 'fp5' } });
      await i.release('org_a', true, 'idem_1');
      expect(await i.claim('org_a', true, 'idem_1', 'fp7', AT, EXP, EXP)).toEqual({ won: true });
      expect(await i.purge(AT)).toBe(2);
      expect(await i.claim('org_a', false, 'idem_1', 'fp8', LATER, EXP, EXP)).toEqual({ won: true });
      await i.probe(LATER);
    });
  });
}

// Rate-limit and failed-authentication counters through countersFor on every backend (memory on
// SQLite, the store's limit windows on PostgreSQL): the same takes give the same answers. On
// PostgreSQL, two stores opened on one database (two nodes) share the windows exactly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countersFor, type TakeRequest } from '../../src/auth/limit-counters.js';
import { openPostgresStore } from '../../src/store/postgres/store.js';
import type { Store } from '../../src/store/store.js';
import { BACKENDS } from '../helpers/store-backends.js';
import { createTestDatabase, PG_ENABLED, type TestDatabase } from '../helpers/pg.js';

const req = (key: string, start: number, extra: Partial<TakeRequest> = {}): TakeRequest => ({
  key, tier: 'auth', start, end: start + 60_000, limit: 3, daily: null, counted: true, ...extra,
});

for (const backend of BACKENDS) {
  describe(`limit counters on ${backend.name}`, () => {
    let store: Store;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ store, close } = await backend.open());
    });
    afterAll(async () => close());

    it('keeps them where the backend says: in the store on PostgreSQL, in memory on SQLite', () => {
      expect(store.auth.limits === null).toBe(backend.name === 'sqlite');
    });

    it('admit exactly the limit; reservations: busy while pending, released is a place again, settled stays', async () => {
      const c = countersFor(store);
      const reserve = async (start = 0) => c.take(req('a', start, { reservation: 'reserve' }));
      expect((await Promise.all([reserve(), reserve(), reserve()])).map((r) => r.ok)).toEqual([true, true, true]);
      expect(await reserve()).toEqual({ ok: false, over: 'busy' });
      expect(await c.take(req('a', 0, { reservation: 'release' }))).toEqual({ ok: true, used: 2, dayUsed: 0 });
      expect((await reserve()).ok).toBe(true);
      for (let i = 0; i < 3; i++) await c.take(req('a', 0, { reservation: 'settle' }));
      expect(await reserve()).toEqual({ ok: false, over: 'window' });
      expect(await c.take(req('a', 0, { reservation: 'release' }))).toMatchObject({ used: 3 });
      // A new window starts empty; a release arriving from the ended one gives nothing back in it.
      expect(await reserve(60_000)).toMatchObject({ ok: true, used: 1 });
      await c.take(req('a', 0, { reservation: 'release' }));
      expect(await c.take(req('a', 60_000, { counted: false }))).toMatchObject({ used: 1 });
      expect(await c.take(req('b', 0, { reservation: 'release' }))).toMatchObject({ used: 0 });
      expect(await c.take(req('b', 0, { counted: false }))).toMatchObject({ used: 0 });
    });

    it('daily caps are seeded from the stored usage and refuse without counting in the window', async () => {
      await store.auth.createOrg({ id: 'org_d', name: 'D', limits: '{}', created_at: '2026-11-27T00:00:00.000Z' });
      store.auth.usage.count('org_d', true, '2026-11-27', 'search', 'search');
      store.auth.usage.count('org_d', false, '2026-11-27', 'search', 'search');
      await store.auth.usage.flush();
      const c = countersFor(store);
      const daily = (extra: Partial<TakeRequest> = {}) => req('org_d', 0, { tier: 'search', limit: 10, daily: { day: '2026-11-27', tier: 'search', cap: 4 }, ...extra });
      expect(await c.take(daily({ counted: false }))).toEqual({ ok: true, used: 0, dayUsed: 2 });
      expect(await c.take(daily())).toEqual({ ok: true, used: 1, dayUsed: 3 });
      expect(await c.take(daily())).toEqual({ ok: true, used: 2, dayUsed: 4 });
      expect(await c.take(daily())).toEqual({ ok: false, over: 'day' });
      // The refused call took no place in the window.
      expect(await c.take(daily({ counted: false }))).toEqual({ ok: true, used: 2, dayUsed: 4 });
    });

    it('calls made at once (one batched take on PostgreSQL) get the answers of one take after another', async () => {
      const c = countersFor(store);
      // A window of 5 and a day's cap of 7: 12 at once, then 4 more in the next window.
      const call = (start: number) => c.take(req('org_burst', start, { tier: 'reads', limit: 5, daily: { day: '2026-11-28', tier: 'reads', cap: 7 } }));
      const first = await Promise.all(Array.from({ length: 12 }, () => call(0)));
      expect(first.filter((r) => r.ok).map((r) => r.ok && [r.used, r.dayUsed]).sort()).toEqual([[1, 1], [2, 2], [3, 3], [4, 4], [5, 5]]);
      expect(first.filter((r) => !r.ok)).toEqual(Array(7).fill({ ok: false, over: 'window' }));
      const next = await Promise.all(Array.from({ length: 4 }, () => call(60_000)));
      expect(next.filter((r) => r.ok).map((r) => r.ok && [r.used, r.dayUsed]).sort()).toEqual([[1, 6], [2, 7]]);
      expect(next.filter((r) => !r.ok)).toEqual([{ ok: false, over: 'day' }, { ok: false, over: 'day' }]);
    });
  });
}

describe.skipIf(!PG_ENABLED)('limit windows shared by two nodes on one PostgreSQL', () => {
  let db: TestDatabase;
  let nodes: Store[];
  beforeAll(async () => {
    db = await createTestDatabase();
    nodes = [openPostgresStore(db.url), openPostgresStore(db.url)];
  });
  afterAll(async () => {
    for (const s of nodes) await s.close();
    await db.drop();
  });

  it('exactly N of 3N concurrent calls pass a limit of N, whichever node counts them', async () => {
    const N = 20;
    const calls = Array.from({ length: 3 * N }, (_, i) => countersFor(nodes[i % 2]!).take(req('org_x', 0, { tier: 'search', limit: N })));
    const results = await Promise.all(calls);
    expect(results.filter((r) => r.ok)).toHaveLength(N);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.over === 'window')).toBe(true);
    expect(new Set(results.flatMap((r) => (r.ok ? [r.used] : []))).size).toBe(N);
    expect(await countersFor(nodes[1]!).take(req('org_x', 0, { tier: 'search', limit: N, counted: false }))).toMatchObject({ used: N });
  });

  it('leaves the live counters out of the tables `tm copy` moves', async () => {
    const names = (await nodes[0]!.tables().list()).map((t) => t.name);
    expect(names).toContain('usage_daily');
    expect(names).not.toContain('limit_windows');
    expect(names).not.toContain('limit_days');
  });

  it('a reservation taken on one node is released on the other', async () => {
    const [a, b] = nodes.map((s) => countersFor(s));
    for (let i = 0; i < 3; i++) expect((await a!.take(req('ip:1', 0, { reservation: 'reserve' }))).ok).toBe(true);
    expect(await b!.take(req('ip:1', 0, { reservation: 'reserve' }))).toEqual({ ok: false, over: 'busy' });
    await a!.take(req('ip:1', 0, { reservation: 'release' }));
    expect((await b!.take(req('ip:1', 0, { reservation: 'reserve' }))).ok).toBe(true);
  });
});

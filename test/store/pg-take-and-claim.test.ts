// A write's rate-limit take and its Idempotency-Key claim as one statement on PostgreSQL
// (LimitRepo.takeAndClaim): a refused take claims nothing, an admitted one always holds its
// claim, and the limit and the one-winner rule stay exact across two nodes on one database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClaimRequest, LimitRepo, TakeRequest } from '../../src/store/limit-repo.js';
import { openPostgresStore, postgresDb } from '../../src/store/postgres/store.js';
import type { Store } from '../../src/store/store.js';
import { createTestDatabase, PG_ENABLED, type TestDatabase } from '../helpers/pg.js';

const take = (limit: number, extra: Partial<TakeRequest> = {}): TakeRequest => ({
  key: 'org_w', tier: 'writes', start: 0, end: 60_000, limit, daily: null, counted: true, ...extra,
});
const claim = (key: string, fingerprint = 'fp'): ClaimRequest => ({
  orgId: 'org_w', livemode: true, key, fingerprint, at: '2026-11-28T10:00:00.000Z', expiredBefore: '2026-11-27T10:00:00.000Z', abandonedBefore: '2026-11-28T09:55:00.000Z',
});

describe.skipIf(!PG_ENABLED)('take and claim in one statement on PostgreSQL', () => {
  let db: TestDatabase;
  let nodes: Store[];
  let limits: LimitRepo[];
  const held = async (key: string) => (await postgresDb(nodes[0]!).query<{ state: string }>('SELECT state FROM idempotency WHERE key = $1', [key])).map((r) => r.state);
  beforeAll(async () => {
    db = await createTestDatabase();
    nodes = [openPostgresStore(db.url), openPostgresStore(db.url)];
    limits = nodes.map((n) => n.auth.limits!);
  });
  afterAll(async () => {
    for (const s of nodes) await s.close();
    await db.drop();
  });

  it('exactly N of 3N concurrent writes across two nodes are admitted, and exactly those hold their keys', async () => {
    const N = 10;
    const results = await Promise.all(Array.from({ length: 3 * N }, (_, i) => limits[i % 2]!.takeAndClaim!(take(N), claim(`k${i}`))));
    const admitted = results.flatMap((r, i) => (r.taken.ok ? [i] : []));
    expect(admitted).toHaveLength(N);
    expect(results.filter((r) => r.taken.ok).every((r) => r.claim?.won === true)).toBe(true);
    expect(results.filter((r) => !r.taken.ok).every((r) => r.claim === null && !r.taken.ok && r.taken.over === 'window')).toBe(true);
    expect(new Set(results.flatMap((r) => (r.taken.ok ? [r.taken.used] : []))).size).toBe(N);
    const rows = await postgresDb(nodes[0]!).query<{ key: string; state: string }>("SELECT key, state FROM idempotency WHERE key LIKE 'k%' ORDER BY key");
    expect(rows.map((r) => r.key).sort()).toEqual(admitted.map((i) => `k${i}`).sort());
    expect(rows.every((r) => r.state === 'processing')).toBe(true);
    // The plain take sees the joint takes' counts: one window for both kinds.
    expect(await limits[1]!.take(take(N, { counted: false }))).toMatchObject({ used: N });
  });

  it('a take refused by the daily cap claims nothing', async () => {
    const daily = take(100, { tier: 'writes-day', daily: { day: '2026-11-28', tier: 'writes', cap: 0 } });
    expect(await limits[0]!.takeAndClaim!(daily, claim('capped'))).toEqual({ taken: { ok: false, over: 'day' }, claim: null });
    expect(await held('capped')).toEqual([]);
  });

  it('one of two concurrent writes with one key wins it; a later one reads the stored answer, every take counted', async () => {
    const tier = { tier: 'writes-same' };
    const [a, b] = await Promise.all([limits[0]!.takeAndClaim!(take(100, tier), claim('same')), limits[1]!.takeAndClaim!(take(100, tier), claim('same'))]);
    expect([a.claim?.won, b.claim?.won].sort()).toEqual([false, true]);
    const loser = a.claim?.won ? b : a;
    // The loser reads the winner's claim, or nothing when its statement began before that commit (in flight either way).
    const lost = loser.claim as { won: false; held: { state: string } | null };
    expect(lost.held === null || lost.held.state === 'processing').toBe(true);
    await nodes[0]!.auth.idempotency.complete('org_w', true, 'same', 201, '{"ok":true}');
    const later = await limits[1]!.takeAndClaim!(take(100, tier), claim('same', 'other'));
    expect(later.claim).toMatchObject({ won: false, held: { state: 'done', status: 201, body: '{"ok":true}', fingerprint: 'fp' } });
    expect(later.taken).toMatchObject({ ok: true, used: 3 });
  });

  it('carries a claim only on a counted take without a reservation', async () => {
    await expect(limits[0]!.takeAndClaim!(take(5, { counted: false }), claim('peek'))).rejects.toThrow(/counted take/);
    expect(await held('peek')).toEqual([]);
  });
});

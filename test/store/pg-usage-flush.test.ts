// The usage buffer's flush on PostgreSQL is one statement: counts, keys' last use and log rows
// written together (all or nothing), the counts added to what is stored, the log in its order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresStore, postgresDb, type PostgresStore } from '../../src/store/postgres/store.js';
import { createTestDatabase, PG_ENABLED, type TestDatabase } from '../helpers/pg.js';

const logRow = (id: string) => ({ id, org_id: 'org_u', livemode: 1, key_id: 'key_u', method: 'GET', path: `/v1/${id}`, operation: 'get_trademark', status: 200, error_type: null, duration_ms: 3, at: '2026-11-28T10:00:00.000Z' });

describe.skipIf(!PG_ENABLED)('usage flush on PostgreSQL', () => {
  let db: TestDatabase;
  let store: PostgresStore;
  beforeAll(async () => {
    db = await createTestDatabase();
    store = openPostgresStore(db.url);
    await store.auth.createOrg({ id: 'org_u', name: 'U', limits: '{}', created_at: '2026-11-27T00:00:00.000Z' });
    await store.auth.createKey({ id: 'key_u', org_id: 'org_u', name: 'k', hash: 'h', hint: 'x', livemode: 1, scopes: '[]', created_at: '2026-11-27T00:00:00.000Z', expires_at: null });
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  it('writes counts, last use and log rows in one statement, adding to stored counts', async () => {
    const usage = store.auth.usage;
    usage.count('org_u', true, '2026-11-28', 'reads', 'detail', 2);
    await usage.flush();
    const pg = postgresDb(store);
    const sent: string[] = [];
    const { query, relaxed, tx } = pg;
    pg.query = (sql, ...rest) => (sent.push(sql), query(sql, ...rest)) as never;
    pg.relaxed = (sql, ...rest) => (sent.push(sql), relaxed(sql, ...rest)) as never;
    pg.tx = (fn, ...rest) => (sent.push('tx'), tx(fn, ...rest)) as never;
    try {
      usage.count('org_u', true, '2026-11-28', 'reads', 'detail', 3);
      usage.count('org_u', false, '2026-11-28', 'search', 'search');
      for (const id of ['req_1', 'req_2', 'req_3']) usage.log(logRow(id));
      usage.touch('key_u', '2026-11-28T10:00:01.000Z');
      await usage.flush();
    } finally {
      Object.assign(pg, { query, relaxed, tx });
    }
    // One statement, not a transaction of several (BEGIN, one per part, COMMIT).
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/usage_daily[\s\S]*api_keys[\s\S]*request_log/);
    expect(await usage.countsSince('org_u', true, '2026-11-28')).toEqual([{ day: '2026-11-28', tier: 'reads', meter: 'detail', count: 5 }]);
    expect(await usage.countsSince('org_u', false, '2026-11-28')).toEqual([{ day: '2026-11-28', tier: 'search', meter: 'search', count: 1 }]);
    expect((await usage.logs('org_u', true, Number.MAX_SAFE_INTEGER, 10)).map((r) => r.id)).toEqual(['req_3', 'req_2', 'req_1']);
    expect((await pg.query<{ last_used_at: string }>("SELECT last_used_at FROM api_keys WHERE id = 'key_u'"))[0]!.last_used_at).toBe('2026-11-28T10:00:01.000Z');
  });
});

// Watch evaluation claimed once across processes on one PostgreSQL store (issue 25): two
// evaluations started at once after an ingest evaluate each change once (the watch's
// evaluated_count counts every test of a change) and raise one alert; an evaluation waits while
// another node holds the `watch_eval` lease and takes the work over the moment that node's session
// ends (a killed node), from the cursors it left. Skipped without TM_TEST_PG.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContext, createContext, type Context } from '../../src/context.js';
import { ingestFiles } from '../../src/ingest/pipeline.js';
import { evaluateWatches } from '../../src/monitor/evaluate.js';
import { tmWatchesCreate } from '../../src/ops/monitor/watch-crud.js';
import { postgresDb } from '../../src/store/postgres/store.js';
import { createTestDatabase, PG_ENABLED, type TestDatabase } from '../helpers/pg.js';

const DAILY = 'fixtures/uspto/daily-xml/records';
const PAIRS = ['revival-%-98186103', 'publication-%-79366581'];
const files = (side: 'before' | 'after') => PAIRS.map((p) => `${DAILY}/${p.replace('%', side)}.xml`);
const ORG = { id: 'org_eval', name: 'Eval', livemode: true };

describe.skipIf(!PG_ENABLED)('watch evaluation claimed once on PostgreSQL', () => {
  let db: TestDatabase;
  let a: Context;
  let b: Context;
  let watchId: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    a = createContext({ db: db.url });
    b = createContext({ db: db.url });
    await a.store.auth.createOrg({ id: ORG.id, name: ORG.name, limits: '{}', created_at: new Date().toISOString() });
    await ingestFiles(a, files('before'));
    const watch = await tmWatchesCreate.run({ ...a, org: ORG }, tmWatchesCreate.input.parse({ name: 'Everything', watch_type: 'mark', query: { filters: { trademarkIds: ['US:98186103', 'US:79366581'] } } }));
    watchId = watch.id;
  }, 60_000);

  afterAll(async () => {
    for (const c of [a, b]) if (c) await closeContext(c);
    await db?.drop();
  });

  it('evaluates each change once when two processes evaluate at once', async () => {
    await ingestFiles(a, files('after'), { evaluate: false });
    const before = (await a.store.watches.get(ORG.id, watchId))!;
    const [x, y] = await Promise.all([evaluateWatches(a), evaluateWatches(b)]);
    const after = (await a.store.watches.get(ORG.id, watchId))!;
    // The second to hold the lease found the cursor at the head: nothing left to test.
    expect([x.events, y.events].sort((p, q) => p - q)[0]).toBe(0);
    expect(after.evaluated_count - before.evaluated_count).toBe(Math.max(x.events, y.events));
    expect(x.alerts.length + y.alerts.length).toBe(after.alert_count - before.alert_count);
    expect(after.alert_count - before.alert_count).toBeGreaterThan(0);
  });

  it('waits while another node holds the evaluation, and takes it over when that node dies', async () => {
    // A node that claimed the evaluation and then died: its session holds the lease until it ends.
    const { leases } = b.store.searchTables();
    expect(await leases.claim('watch_eval')).toBe(true);
    const pg = postgresDb(a.store);
    const pid = (await pg.query<{ pid: number }>("SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND objid = 7401231 AND granted"))[0]!.pid;
    let done = false;
    const waiting = evaluateWatches(a).then((r) => ((done = true), r));
    await new Promise((r) => setTimeout(r, 300));
    expect(done).toBe(false);
    await pg.query('SELECT pg_terminate_backend($1, 5000)', [pid]);
    const result = await waiting;
    expect(result.watches).toBe(1);
  });
});

// Watches and alerts over a real `tm serve`: create with the §9.6 query shape, every bad-input case
// of the issue (nothing written), legacy keys with deprecations, quota 409, bulk all-or-none,
// pause/resume, preview, diagnostics, alerts with filters and acknowledgement, and isolation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestFiles } from '../../src/ingest/pipeline.js';
import { startHttp, type HttpFixture } from './http-fixture.js';

let f: HttpFixture;
beforeAll(async () => {
  f = await startHttp();
  await ingestFiles(f.tmp.ctx, ['fixtures/uspto/daily-xml/records/revival-before-98186103.xml']);
});
afterAll(async () => f.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are checked by the assertions, not by types
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Record<string, any> });
const post = (path: string, body: unknown, key?: string) => f.call(path, { method: 'POST', body: JSON.stringify(body), key });
const watchCount = async (key?: string) => (await json(await f.call('/v1/watches?limit=100', { key }))).body.data.length as number;

describe('watches over HTTP', () => {
  it('answers each bad body with the spec error naming the problem, and writes nothing', async () => {
    const before = await watchCount();
    const cases: [unknown, number, string, RegExp][] = [
      [{ name: 'x', watch_type: 'brand', query: {} }, 400, 'watch_type', /unknown watch type 'brand'/],
      [{ name: 'x', watch_type: 'portfolio', query: {} }, 400, 'query.filters.portfolioId', /required/],
      [{ name: 'x', watch_type: 'similarity', query: { q: 'ACME', min_tier: 'close' } }, 400, 'query.min_tier', /.+/],
      [{ name: 'x', watch_type: 'class', query: { filters: { nice_classes: [9] } } }, 400, 'query.filters.nice_classes', /camelCase/],
      [{ name: 'x', watch_type: 'similarity', query: { q: 'ACME', mark_text_contains: 'AC' } }, 400, 'query.mark_text_contains', /text filters or exclusions/],
      [{ name: 'x', watch_type: 'similarity', query: { q: 'ACME', filters: { exclude: { offices: ['EM'] } } } }, 400, 'query.filters.exclude', /exclusions/],
      [{ name: 'x', watch_type: 'similarity', query: { q: 'ACME', strategies: ['fuzzy'], similarity: ['fuzzy'] } }, 400, 'query.strategies', /both sent/],
      [{ name: 'x', watch_type: 'similarity', query: { q: 'ACME' }, delivery_mode: 'daily_digest' }, 400, 'delivery_mode', /digest/],
      [{ name: 'x', watch_type: 'mark', query: { filters: { trademarkIds: ['US:11111111'] } } }, 400, 'query.filters.trademarkIds.0', /no trademark/],
      [{ name: 'x', watch_type: 'similarity', query: { q: 'ACME', pad: 'x'.repeat(300 * 1024) } }, 413, 'query', /256 KB/],
    ];
    for (const [body, status, param, detail] of cases) {
      const r = await json(await post('/v1/watches', body));
      expect([r.status, r.body.error?.param], JSON.stringify(body).slice(0, 120)).toEqual([status, param]);
      expect(r.body.error.detail).toMatch(detail);
    }
    const foreign = (await json(await post('/v1/portfolios', { name: 'B only' }, f.orgB.all))).body.id as string;
    const r = await json(await post('/v1/watches', { name: 'x', watch_type: 'portfolio', query: { filters: { portfolioId: foreign } } }));
    expect(r.status).toBe(404);
    expect(await watchCount()).toBe(before);
  });

  it('creates, lists, patches only the fields sent, pauses, resumes and deletes', async () => {
    const ptf = (await json(await post('/v1/portfolios', { name: 'Clients' }))).body.id as string;
    const created = await json(await post('/v1/watches', { name: 'Clients', watch_type: 'portfolio', query: { filters: { portfolioId: ptf } }, customer_reference: 'C-1' }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ object: 'watch', status: 'active', matching: 'v3', trigger_events: ['trademark.created', 'trademark.updated', 'trademark.status_changed'], delivery_mode: 'always_per_alert', deprecations: [] });
    const id = created.body.id as string;
    const patched = await json(await f.call(`/v1/watches/${id}`, { method: 'PATCH', body: JSON.stringify({ name: 'Clients (renamed)' }) }));
    expect(patched.body).toMatchObject({ name: 'Clients (renamed)', customer_reference: 'C-1', query: { filters: { portfolioId: ptf } } });
    expect((await json(await post(`/v1/watches/${id}/pause`, {}))).body.status).toBe('paused');
    expect((await json(await f.call(`/v1/watches/${id}`))).body.status).toBe('paused');
    expect((await json(await post(`/v1/watches/${id}/resume`, {}))).body.status).toBe('active');
    expect((await f.call(`/v1/watches/${id}`, { key: f.orgB.all })).status).toBe(404);
    expect((await f.call(`/v1/watches/${id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await f.call(`/v1/watches/${id}`)).status).toBe(404);
  });

  it('keeps legacy matching for earlier keys with deprecations until re-saved with current keys', async () => {
    const legacy = await json(await post('/v1/watches', { name: 'Old', watch_type: 'similarity', query: { q: 'RACINO', strategies: ['exact', 'phonetic'], min_match_tier: 'related' } }));
    expect(legacy.status).toBe(201);
    expect(legacy.body.matching).toBe('legacy');
    expect(legacy.body.deprecations.map((d: { parameter: string; replacement: string }) => [d.parameter, d.replacement])).toEqual([
      ['query.strategies', 'query.similarity'],
      ['query.min_match_tier', 'query.min_tier'],
    ]);
    const resaved = await json(await f.call(`/v1/watches/${legacy.body.id}`, { method: 'PATCH', body: JSON.stringify({ query: { version: 'v3', q: 'RACINO', min_tier: 'similar' } }) }));
    expect(resaved.body).toMatchObject({ matching: 'v3', deprecations: [] });
    const preview = await json(await post('/v1/watches/preview', { watch_type: 'similarity', query: { q: 'R RASINO', min_match_tier: 'similar' } }));
    expect(preview.status).toBe(200);
    expect(preview.body.deprecations[0].parameter).toBe('query.min_match_tier');
  });

  it('takes a v1 query (q, filters, trigger_events, score_threshold) with legacy matching and deprecations (issue 29.5)', async () => {
    const v1 = { version: 'v1', q: 'RACINO', filters: { niceClasses: [41] }, trigger_events: ['trademark.created'], score_threshold: 0.5 };
    const created = await json(await post('/v1/watches', { name: 'V1', watch_type: 'similarity', query: v1 }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ matching: 'legacy', trigger_events: ['trademark.created'] });
    expect(created.body.deprecations.map((d: { parameter: string }) => d.parameter)).toEqual(['query.version=v1', 'query.score_threshold']);
    const resaved = await json(await f.call(`/v1/watches/${created.body.id}`, { method: 'PATCH', body: JSON.stringify({ query: { version: 'v3', q: 'RACINO', min_tier: 'similar' } }) }));
    expect(resaved.body).toMatchObject({ matching: 'v3', deprecations: [] });
    const low = await json(await post('/v1/watches/preview', { watch_type: 'similarity', query: { version: 'v1', q: 'R RACINOS', score_threshold: 0.1 } }));
    expect(low.status).toBe(200);
    expect(low.body.data.map((d: { mark_text: string }) => d.mark_text)).toContain('R RACINO');
    const high = await json(await post('/v1/watches/preview', { watch_type: 'similarity', query: { version: 'v1', q: 'R RACINOS', score_threshold: 1 } }));
    expect(high.body.data.map((d: { mark_text: string }) => d.mark_text)).not.toContain('R RACINO');
    const stray = await json(await post('/v1/watches', { name: 'x', watch_type: 'similarity', query: { q: 'RACINO', score_threshold: 0.5 } }));
    expect(stray.status).toBe(400);
    const both = await json(await post('/v1/watches', { name: 'x', watch_type: 'similarity', trigger_events: ['trademark.updated'], query: v1 }));
    expect(both.body.error.type).toBe('conflicting_params');
  });

  it('previews the marks a watch would match now, without writing alerts', async () => {
    const r = await json(await post('/v1/watches/preview', { watch_type: 'similarity', query: { version: 'v3', q: 'R RACINOS', min_tier: 'similar' } }));
    expect(r.status).toBe(200);
    expect(r.body.data[0]).toMatchObject({ application_number: '98186103', mark_text: 'R RACINO', match: { tier: 'near_identical', reason: 'a plural of the same word' } });
    expect((await json(await f.call('/v1/alerts'))).body.data).toEqual([]);
  });

  it('creates 1 to 100 in bulk, all or none, and answers 409 past the quota', async () => {
    const good = { name: 'b', watch_type: 'class', query: { filters: { niceClasses: [25] } } };
    const before = await watchCount(f.orgB.all);
    const bad = await json(await post('/v1/watches/bulk', { watches: [good, { ...good, watch_type: 'nope' }] }, f.orgB.all));
    expect(bad.status).toBe(400);
    expect(bad.body.error.param).toBe('watches.1.watch_type');
    expect(await watchCount(f.orgB.all)).toBe(before);
    for (let i = 0; i < 10; i++) {
      expect((await post('/v1/watches/bulk', { watches: Array.from({ length: 100 }, () => good) }, f.orgB.all)).status).toBe(201);
    }
    const over = await json(await post('/v1/watches', good, f.orgB.all));
    expect(over.status).toBe(409);
    expect(over.body.error.detail).toMatch(/quota of 1000/);
  });

  it('raises alerts on the next eligible ingest, filters and acknowledges them, and explains each mark', async () => {
    const w = (await json(await post('/v1/watches', { name: 'Racino', watch_type: 'mark', query: { filters: { trademarkIds: ['US:98186103', 'US:87310367'] } } }))).body;
    const other = (await json(await post('/v1/watches', { name: 'EM only', watch_type: 'similarity', query: { q: 'R RACINO', filters: { offices: ['EM'] } } }))).body;
    await ingestFiles(f.tmp.ctx, ['fixtures/uspto/daily-xml/records/revival-after-98186103.xml']);
    const list = await json(await f.call(`/v1/alerts?watch_id=${w.id}`));
    expect(list.body.data).toHaveLength(1);
    const alert = list.body.data[0];
    expect(alert).toMatchObject({ object: 'alert', watch_name: 'Racino', event: { type: 'trademark.status_changed' }, acknowledged_at: null });
    expect((await json(await f.call(`/v1/watches/${w.id}/alerts`))).body.data[0].id).toBe(alert.id);
    expect((await json(await f.call('/v1/alerts?type=trademark.created'))).body.data).toEqual([]);
    expect((await json(await f.call('/v1/alerts?acknowledged=false'))).body.data.map((a: { id: string }) => a.id)).toContain(alert.id);
    const acked = await json(await f.call(`/v1/alerts/${alert.id}`, { method: 'PATCH', body: JSON.stringify({}) }));
    expect(acked.body.acknowledged_at).toBe('2026-11-22T12:00:00.000Z');
    expect((await json(await f.call(`/v1/alerts/${alert.id}`, { method: 'PATCH', body: JSON.stringify({ watch_name: 'x' }) }))).status).toBe(400);
    expect((await json(await f.call(`/v1/alerts/${alert.id}`))).body).toMatchObject({ watch_name: 'Racino', acknowledged_at: '2026-11-22T12:00:00.000Z' });
    expect((await f.call(`/v1/alerts/${alert.id}`, { key: f.orgB.all })).status).toBe(404);

    const firedRes = await f.call(`/v1/watches/${w.id}/diagnostics?trademark_id=US:98186103`);
    expect(firedRes.headers.get('deprecation')).toBeNull();
    const fired = await json(firedRes);
    expect(fired.body).toMatchObject({ outcome: 'alerted', counts: { alerts: 1 } });
    // The earlier camelCase name still works, and the answer says it is deprecated (docs/http.md).
    const earlier = await f.call(`/v1/watches/${w.id}/diagnostics?trademarkId=US:98186103`);
    expect(earlier.status).toBe(200);
    expect(earlier.headers.get('deprecation')).toBe('@1795737600');
    expect(earlier.headers.get('tm-deprecated-parameters')).toBe('trademarkId=trademark_id');
    expect((await json(earlier)).body).toMatchObject({ outcome: 'alerted', trademark_id: fired.body.trademark_id });
    const both = await json(await f.call(`/v1/watches/${w.id}/diagnostics?trademarkId=US:98186103&trademark_id=US:98186103`));
    expect(both.status).toBe(400);
    expect(both.body.error).toMatchObject({ type: 'conflicting_params', param: 'trademark_id' });
    expect((await json(await f.call(`/v1/watches/${w.id}/diagnostics?trademark_id=US:87310367`))).body.outcome).toBe('no_change');
    const office = await json(await f.call(`/v1/watches/${other.id}/diagnostics?trademark_id=US:98186103`));
    expect(office.body).toMatchObject({ outcome: 'office_excluded' });
    expect(office.body.reason).toMatch(/does not include the office US/);
    const counters = await json(await f.call(`/v1/watches/${w.id}/diagnostics`));
    expect(counters.body).toMatchObject({ trademark_id: null, last_alert: { id: alert.id }, last_error: null });
  });
});

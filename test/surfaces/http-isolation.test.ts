// Issue 30 over the real HTTP API: shared entities are not a customer's to rewrite, a portfolio
// filter must name the caller's own portfolio, resuming the ledger from an unknown event is a 400
// (and from one past the replay window `cursor_expired`), and one parameter has one value.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvent } from '../../src/monitor/ledger.js';
import { OPERATIONS } from '../../src/ops/registry.js';
import { routeTable } from '../../src/http/routes.js';
import { startHttp, type HttpFixture } from './http-fixture.js';

let h: HttpFixture;
const NOW = '2026-11-27T12:00:00.000Z';

beforeAll(async () => {
  h = await startHttp([], { now: NOW });
  h.tmp.ctx.config.allowPrivateWebhooks = true;
}, 60_000);
afterAll(async () => h.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field below
const json = async (r: Response) => ({ status: r.status, body: (await r.json()) as Record<string, any> });
const send = (method: string, path: string, body: unknown, key = h.orgA.all) => h.call(path, { method, key, body: JSON.stringify(body) });

describe('entities are shared, so merges and splits are the operator\'s', () => {
  it('serves no merge or split route to any key, and the entity reads the same for every organization afterwards', async () => {
    const owner = (await json(await h.call('/v1/owners?q=tusimple'))).body.data[0];
    const other = (await json(await h.call('/v1/owners?q=euipo'))).body.data.find((o: { entity_id: string }) => o.entity_id !== owner.entity_id)
      ?? (await json(await h.call('/v1/owners?q=limited'))).body.data.find((o: { entity_id: string }) => o.entity_id !== owner.entity_id);
    expect(owner.entity_id).toMatch(/^ent_/);
    const before = await json(await h.call(`/v1/entities/${owner.entity_id}`, { key: h.orgB.all }));
    expect(before.status).toBe(200);
    const merge = await send('POST', `/v1/entities/${owner.entity_id}/merge`, { into: other?.entity_id ?? 'ent_x' });
    const split = await send('POST', `/v1/entities/${owner.entity_id}/split`, { owner_ids: [owner.id] });
    expect([merge.status, split.status]).toEqual([404, 404]);
    const after = await json(await h.call(`/v1/entities/${owner.entity_id}`, { key: h.orgB.all }));
    expect(after).toEqual({ status: 200, body: { ...before.body, request_id: after.body.request_id } });
    expect(routeTable(OPERATIONS).filter((r) => r.path.startsWith('/v1/entities') && r.method !== 'GET')).toEqual([]);
  });
});

describe('a webhook\'s or the ledger\'s portfolio filter names one of the caller\'s portfolios', () => {
  it('answers 404 for another organization\'s portfolio and for none, on create, update and GET /v1/events', async () => {
    const mine = (await json(await send('POST', '/v1/portfolios', { name: 'Mine' }))).body.id as string;
    const theirs = (await json(await send('POST', '/v1/portfolios', { name: 'Theirs' }, h.orgB.all))).body.id as string;
    const hook = { url: 'http://127.0.0.1:9/hook', enabled_events: ['alert.created'] };
    for (const portfolio_id of [theirs, 'ptf_doesnotexist']) {
      const created = await json(await send('POST', '/v1/webhooks', { ...hook, portfolio_id }));
      expect([created.status, created.body.error.type, created.body.error.param]).toEqual([404, 'not_found', 'portfolio_id']);
    }
    const ok = await json(await send('POST', '/v1/webhooks', { ...hook, portfolio_id: mine }));
    expect([ok.status, ok.body.portfolio_id]).toEqual([201, mine]);
    const moved = await json(await send('PATCH', `/v1/webhooks/${ok.body.id}`, { portfolio_id: theirs }));
    expect([moved.status, moved.body.error.param]).toEqual([404, 'portfolio_id']);
    expect((await json(await h.call(`/v1/webhooks/${ok.body.id}`))).body.portfolio_id).toBe(mine);
    expect((await send('PATCH', `/v1/webhooks/${ok.body.id}`, { portfolio_id: null })).status).toBe(200);
    expect((await h.call(`/v1/events?portfolio_id=${theirs}`)).status).toBe(404);
    expect((await h.call('/v1/events?portfolio_id=ptf_doesnotexist')).status).toBe(404);
    expect((await h.call(`/v1/events?portfolio_id=${mine}`)).status).toBe(200);
  });
});

describe('resuming the ledger after an event', () => {
  it('is a 400 naming created_gte for an id this organization never had, and cursor_expired past the replay window', async () => {
    const record = async (orgId: string, at: string) =>
      (await recordEvent(h.tmp.ctx.store, { orgId, type: 'alert.created', trademarkId: null, portfolios: [], at, data: () => ({ alert_id: 'alr_x' }) }))!;
    const old = await record(h.orgA.id, '2026-09-01T00:00:00.000Z');
    const fresh = await record(h.orgA.id, '2026-11-26T00:00:00.000Z');
    const next = await record(h.orgA.id, '2026-11-27T00:00:00.000Z');
    const foreign = await record(h.orgB.id, '2026-11-26T00:00:00.000Z');
    for (const id of ['evt_unknown', foreign.id]) {
      const r = await json(await h.call(`/v1/events?after=${id}`));
      expect([r.status, r.body.error.type, r.body.error.param]).toEqual([400, 'validation_error', 'after']);
      expect(r.body.error.suggestion).toMatch(/created_gte/);
    }
    const expired = await json(await h.call(`/v1/events?after=${old.id}`));
    expect([expired.status, expired.body.error.type]).toEqual([400, 'cursor_expired']);
    expect(expired.body.error.suggestion).toMatch(/created_gte/);
    const resumed = await json(await h.call(`/v1/events?after=${fresh.id}`));
    expect(resumed.body.data.map((e: { id: string }) => e.id)).toEqual([next.id]);
  });
});

describe('one parameter, one value', () => {
  it('refuses q in both the query string and the body with conflicting_params, and merges parameters given once each', async () => {
    const both = await json(await send('POST', '/v1/trademarks?q=acme', { q: 'tusimple' }));
    expect([both.status, both.body.error.type, both.body.error.param]).toEqual([400, 'conflicting_params', 'q']);
    const split = await json(await send('POST', '/v1/trademarks?limit=1', { q: 'tusimple' }));
    expect(split.status).toBe(200);
    expect(split.body.data).toHaveLength(1);
    expect((await json(await send('POST', '/v1/trademarks?colour=red', { q: 'tusimple' }))).body.error.type).toBe('unknown_parameter');
  });
});

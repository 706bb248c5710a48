// Issue 30: could one organization change what another sees? Every write route is classified (the
// table of docs/http.md "Tenancy"), and every route that takes an organization's id is called by a
// second organization with the first one's ids: each answers 404, and the first organization's
// resources read the same afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestFiles } from '../../src/ingest/pipeline.js';
import { recordEvent } from '../../src/monitor/ledger.js';
import { OPERATIONS } from '../../src/ops/registry.js';
import { routeTable } from '../../src/http/routes.js';
import { startHttp, type HttpFixture } from './http-fixture.js';

/**
 * What a write changes. `own`: only the caller's organization's resources (another's id is a 404).
 * `tally`: a count every organization reads, to which each adds at most one (office votes).
 * `operators`: stored for the service's operators, read by no customer. `none`: writes nothing shared.
 */
const WRITES: Record<string, 'own' | 'tally' | 'operators' | 'none'> = {
  'PATCH /v1/organization': 'own',
  'POST /v1/organization/api-keys': 'own',
  'PATCH /v1/organization/api-keys/{id}': 'own',
  'DELETE /v1/organization/api-keys/{id}': 'own',
  'POST /v1/portfolios': 'own',
  'PATCH /v1/portfolios/{id}': 'own',
  'DELETE /v1/portfolios/{id}': 'own',
  'POST /v1/portfolios/{id}/marks': 'own',
  'POST /v1/portfolios/{id}/marks/remove': 'own',
  'POST /v1/watches': 'own',
  'POST /v1/watches/bulk': 'own',
  'PATCH /v1/watches/{id}': 'own',
  'DELETE /v1/watches/{id}': 'own',
  'POST /v1/watches/{id}/pause': 'own',
  'POST /v1/watches/{id}/resume': 'own',
  'POST /v1/watches/{id}/replay': 'own',
  'PATCH /v1/alerts/{id}': 'own',
  'POST /v1/monitors': 'own',
  'PATCH /v1/monitors/{monitor_id}': 'own',
  'DELETE /v1/monitors/{monitor_id}': 'own',
  'POST /v1/monitors/{monitor_id}/test': 'own',
  'POST /v1/webhooks': 'own',
  'PATCH /v1/webhooks/{id}': 'own',
  'DELETE /v1/webhooks/{id}': 'own',
  'POST /v1/webhooks/{id}/test': 'own',
  'POST /v1/webhooks/{id}/rotate-secret': 'own',
  'POST /v1/webhooks/{id}/redeliver': 'own',
  'POST /v1/screenings': 'own',
  'POST /v1/screenings/{id}/rerun': 'own',
  'POST /v1/screenings/{id}/decisions': 'own',
  'POST /v1/feeds': 'own',
  'DELETE /v1/feeds/{id}': 'own',
  'POST /v1/offices/votes': 'tally',
  'DELETE /v1/offices/votes/{office}': 'tally',
  'POST /v1/feedback': 'operators',
  'POST /v1/trademarks': 'none',
  'POST /v1/trademarks/batch': 'none',
  'POST /v1/search/image': 'none',
  'POST /v1/compare': 'none',
  'POST /v1/analysis/check': 'none',
  'POST /v1/analysis/classify': 'none',
  'POST /v1/classifications/suggest': 'none',
  'POST /v1/classifications/validate': 'none',
  'POST /v1/deadlines/compute': 'none',
  'POST /v1/fees/estimate': 'none',
  'POST /v1/reconcile': 'none',
  'POST /v1/watches/preview': 'none',
};

let h: HttpFixture;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field below
const json = async (r: Response) => ({ status: r.status, body: (await r.json()) as Record<string, any> });
const send = async (method: string, path: string, body: unknown, key = h.orgA.all) => json(await h.call(path, { method, key, body: JSON.stringify(body) }));
const id = async (method: string, path: string, body: unknown): Promise<string> => {
  const r = await send(method, path, body);
  expect(r.status, `${method} ${path} ${JSON.stringify(r.body).slice(0, 200)}`).toBe(201);
  return (r.body.id ?? r.body.data.id) as string;
};

beforeAll(async () => {
  h = await startHttp([], { now: '2026-11-22T12:00:00.000Z' });
  h.tmp.ctx.config.allowPrivateWebhooks = true;
  await ingestFiles(h.tmp.ctx, ['fixtures/uspto/daily-xml/records/revival-before-98186103.xml']);
}, 60_000);
afterAll(async () => h.close());

describe('tenancy of every write', () => {
  it('classifies every write route the server serves', () => {
    const served = routeTable(OPERATIONS).filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);
    expect(Object.keys(WRITES).sort()).toEqual([...new Set(served)].sort());
  });

  it('answers 404 to another organization on every route given the first one\'s ids, and changes nothing of it', async () => {
    const ptf = await id('POST', '/v1/portfolios', { name: 'A clients' });
    expect((await send('POST', `/v1/portfolios/${ptf}/marks`, { trademark_ids: ['US:87310367'] })).status).toBe(201);
    const watch = await id('POST', '/v1/watches', { name: 'Racino', watch_type: 'mark', query: { filters: { trademarkIds: ['US:98186103'] } } });
    const hook = await id('POST', '/v1/webhooks', { url: 'http://127.0.0.1:9/a', enabled_events: ['alert.created'], portfolio_id: ptf });
    const monitor = await id('POST', '/v1/monitors', { name: 'A monitor', watches: [{ type: 'similarity', query: { q: 'APPLE' } }], webhook_url: 'http://127.0.0.1:9/m', offices: ['us'] });
    const screening = await id('POST', '/v1/screenings', { mark: 'KUTEX', classes: [3], offices: ['US', 'EM'] });
    const key = await id('POST', '/v1/organization/api-keys', { name: 'ci', scopes: ['trademarks:read'] });
    const feed = await id('POST', '/v1/feeds', { name: 'A calendar', portfolio_id: ptf });
    expect((await send('POST', '/v1/offices/votes', { office: 'BR' })).status).toBe(201);
    await ingestFiles(h.tmp.ctx, ['fixtures/uspto/daily-xml/records/revival-after-98186103.xml']);
    const alert = (await json(await h.call(`/v1/alerts?watch_id=${watch}`))).body.data[0].id as string;
    const event = (await recordEvent(h.tmp.ctx.store, { orgId: h.orgA.id, type: 'alert.created', trademarkId: null, portfolios: [], at: '2026-11-22T11:00:00.000Z', data: () => ({ alert_id: alert }) }))!.id;
    const requestId = (await json(await h.call('/v1/organization'))).body.request_id as string;
    const hit = (await json(await h.call(`/v1/screenings/${screening}`))).body.hits[0].id as string;
    const views = async () =>
      Promise.all(
        [`/v1/portfolios/${ptf}`, `/v1/watches/${watch}`, `/v1/webhooks/${hook}`, `/v1/monitors/${monitor}`, `/v1/screenings/${screening}`, `/v1/alerts/${alert}`, `/v1/events/${event}`, '/v1/organization/api-keys', '/v1/feeds'].map(
          async (p) => {
            const { body } = await json(await h.call(p));
            const { request_id: _r, ...rest } = body;
            return rest;
          },
        ),
      );
    const before = await views();

    // The second organization's own endpoint, to redeliver the first one's event through.
    const bHook = (await send('POST', '/v1/webhooks', { url: 'http://127.0.0.1:9/b', enabled_events: ['alert.created'] }, h.orgB.all)).body.id as string;
    const calls: [string, string, unknown?][] = [
      ['GET', `/v1/portfolios/${ptf}`], ['PATCH', `/v1/portfolios/${ptf}`, { name: 'B was here' }], ['DELETE', `/v1/portfolios/${ptf}`],
      ['POST', `/v1/portfolios/${ptf}/marks`, { trademark_ids: ['US:71112081'] }], ['POST', `/v1/portfolios/${ptf}/marks/remove`, { trademark_ids: ['US:87310367'] }],
      ['GET', `/v1/portfolios/${ptf}/deadlines`], ['GET', `/v1/portfolios/${ptf}/deadlines.ics`],
      ['GET', `/v1/deadlines?portfolio_id=${ptf}`], ['GET', `/v1/analytics/filings?portfolio_id=${ptf}`],
      ['GET', `/v1/analytics/composition?portfolio_id=${ptf}`], ['GET', `/v1/analytics/renewals?portfolio_id=${ptf}`],
      ['GET', `/v1/events?portfolio_id=${ptf}`], ['POST', '/v1/webhooks', { url: 'http://127.0.0.1:9/b', enabled_events: ['alert.created'], portfolio_id: ptf }],
      ['PATCH', `/v1/webhooks/${bHook}`, { portfolio_id: ptf }],
      ['POST', '/v1/watches', { name: 'x', watch_type: 'portfolio', query: { filters: { portfolioId: ptf } } }],
      ['GET', `/v1/watches/${watch}`], ['PATCH', `/v1/watches/${watch}`, { name: 'B was here' }], ['DELETE', `/v1/watches/${watch}`],
      ['POST', `/v1/watches/${watch}/pause`, {}], ['POST', `/v1/watches/${watch}/resume`, {}], ['POST', `/v1/watches/${watch}/replay`, {}],
      ['GET', `/v1/watches/${watch}/diagnostics`], ['GET', `/v1/watches/${watch}/alerts`], ['GET', `/v1/alerts?watch_id=${watch}`],
      ['GET', `/v1/alerts/${alert}`], ['PATCH', `/v1/alerts/${alert}`, {}],
      ['GET', `/v1/monitors/${monitor}`], ['PATCH', `/v1/monitors/${monitor}`, { name: 'B was here' }], ['DELETE', `/v1/monitors/${monitor}`],
      ['POST', `/v1/monitors/${monitor}/test`, {}],
      ['GET', `/v1/webhooks/${hook}`], ['PATCH', `/v1/webhooks/${hook}`, { enabled: false }], ['DELETE', `/v1/webhooks/${hook}`],
      ['POST', `/v1/webhooks/${hook}/test`, {}], ['POST', `/v1/webhooks/${hook}/rotate-secret`, {}],
      ['POST', `/v1/webhooks/${hook}/redeliver`, { event_ids: [event] }], ['GET', `/v1/webhooks/${hook}/deliveries`],
      ['POST', `/v1/webhooks/${bHook}/redeliver`, { event_ids: [event] }],
      ['GET', `/v1/events/${event}`],
      ['GET', `/v1/screenings/${screening}`], ['GET', `/v1/screenings/${screening}/report`], ['POST', `/v1/screenings/${screening}/rerun`, {}],
      ['POST', `/v1/screenings/${screening}/decisions`, { trademark_id: hit, decision: 'dismiss' }],
      ['PATCH', `/v1/organization/api-keys/${key}`, { name: 'B was here' }], ['DELETE', `/v1/organization/api-keys/${key}`],
      ['POST', '/v1/feedback', { message: 'about their request', request_id: requestId }],
      ['DELETE', '/v1/offices/votes/BR'],
      ['POST', '/v1/feeds', { name: 'B calendar', portfolio_id: ptf }], ['DELETE', `/v1/feeds/${feed}`],
    ];
    const answers = [];
    for (const [method, path, body] of calls) {
      const r = method === 'GET' ? await json(await h.call(path, { key: h.orgB.all })) : await send(method, path, body, h.orgB.all);
      answers.push(`${r.status} ${method} ${path}`);
    }
    expect(answers).toEqual(calls.map(([method, path]) => `404 ${method} ${path}`));
    // Resuming after another organization's event is the unknown-event 400 (it names no one's data).
    expect((await json(await h.call(`/v1/events?after=${event}`, { key: h.orgB.all }))).status).toBe(400);
    expect(await views()).toEqual(before);
    const votes = (await json(await h.call('/v1/offices/votes', { key: h.orgB.all }))).body.data;
    expect(votes.find((v: { office_code: string }) => v.office_code === 'BR')).toMatchObject({ votes: 1, voted: false });
  });
});

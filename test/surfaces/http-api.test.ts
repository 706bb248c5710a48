// The HTTP routes of the trademark-read and administration areas against a real server seeded
// from real USPTO and EUIPO fixtures: batch, history, assignments, party lists, account, usage,
// logs, keys, feedback, the earlier shape, and isolation between two organizations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpDefinition } from '../../src/ops/define-op.js';
import { OPERATIONS } from '../../src/ops/registry.js';
import { searchTrademarks } from '../../src/ops/search-trademarks.js';
import { makeRecord } from '../helpers/factory.js';
import { startHttp, type HttpFixture } from './http-fixture.js';

let f: HttpFixture;
beforeAll(async () => {
  f = await startHttp();
});
afterAll(async () => f.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are checked by the assertions, not by types
const json = async (res: Response): Promise<any> => res.json();
const TUSIMPLE_OWNER = 'own_29d08d73d164a218bad1';

describe('trademark reads', () => {
  it('batch: rows in input order, repeats repeated, unmatched echoed, one request', async () => {
    const items = ['US:87310367', { office_code: 'EM', application_number: '000274019' }, 'US:99999999', 'US:87310367', { office_code: 'US', registration_number: 'nope' }];
    const res = await f.call('/v1/trademarks/batch', { method: 'POST', body: JSON.stringify({ items }) });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.data.map((r: { mark_text: string }) => r.mark_text)).toEqual(['TUSIMPLE', 'IBEX', 'TUSIMPLE']);
    expect(body.not_found).toEqual(['US:99999999', { office_code: 'US', registration_number: 'nope' }]);
    expect(body.data[0].derived).toBeTypeOf('object');
    expect(body.request_id).toBe(res.headers.get('request-id'));
  });

  it('batch: the key office is refused, naming office_code; over 100 items is a 400', async () => {
    const res = await f.call('/v1/trademarks/batch', { method: 'POST', body: JSON.stringify({ items: [{ office: 'US', application_number: '87310367' }] }) });
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body.error.type).toBe('unknown_parameter');
    expect(body.error.param).toBe('items.0.office');
    expect(body.error.suggestion).toContain('office_code');
    const many = await f.call('/v1/trademarks/batch', { method: 'POST', body: JSON.stringify({ items: Array.from({ length: 101 }, () => 'US:87310367') }) });
    expect(many.status).toBe(400);
    expect((await json(many)).error).toMatchObject({ type: 'validation_error', param: 'items' });
  });

  it('history: office entries in date order with verbatim codes, paged by cursor', async () => {
    const first = await json(await f.call('/v1/trademarks/US:87310367/events?limit=5'));
    expect(first.data).toHaveLength(5);
    expect(first.data[0]).toMatchObject({ kind: 'office', office_code: 'US', raw: { code: 'NWAP', label: 'NEW APPLICATION ENTERED IN TRAM' }, description: null });
    const dates = first.data.map((e: { date: string }) => e.date);
    expect([...dates].sort()).toEqual(dates);
    expect(first.has_more).toBe(true);
    const second = await json(await f.call(`/v1/trademarks/US:87310367/events?limit=5&cursor=${encodeURIComponent(first.pagination.cursor)}`));
    expect(second.data[0].date >= dates[4]).toBe(true);
    const all = await json(await f.call('/v1/trademarks/US:87310367/events?limit=100'));
    expect(all.data).toHaveLength(15);
    expect(all.data.slice(5, 10)).toEqual(second.data);
  });

  it('history: description only when it adds office text to raw.label', async () => {
    const events = [
      { date: '2024-01-02', office_code: 'US', raw: { code: 'OPP', label: 'OPPOSITION INSTITUTED' }, description: 'Opposition instituted, no. 91290001' },
      { date: '2024-01-01', office_code: 'US', raw: { code: 'PUB', label: 'PUBLISHED FOR OPPOSITION' }, description: 'published for opposition' },
    ];
    const g = await startHttp([makeRecord({ application_number: '97000001', events })]);
    try {
      const body = await json(await g.call('/v1/trademarks/US:97000001/events'));
      expect(body.data.map((e: { raw: { code: string }; description: string | null }) => [e.raw.code, e.description])).toEqual([
        ['PUB', null],
        ['OPP', 'Opposition instituted, no. 91290001'],
      ]);
    } finally {
      await g.close();
    }
  });

  it('history: a recorded change appears as kind change with its diff', async () => {
    const g = await startHttp();
    try {
      const rec = (await g.tmp.ctx.store.trademarks.get(['tm_392df2803b9f6ed78113'])).get('tm_392df2803b9f6ed78113')!;
      await g.tmp.ctx.store.trademarks.upsert([{ ...rec, mark_text: 'TUSIMPLE AI', source_date: '2026-01-02' }], '2026-11-20T00:00:00.000Z');
      const body = await json(await g.call('/v1/trademarks/tm_392df2803b9f6ed78113/events?kind=change'));
      expect(body.data).toHaveLength(1);
      expect(body.data[0]).toMatchObject({ kind: 'change', type: 'trademark.updated', date: '2026-01-02', changed_fields: ['mark_text'] });
      expect(body.data[0].id).toMatch(/^evt_/);
      expect(body.data[0].diff).toEqual([{ path: 'mark_text', from: 'TUSIMPLE', to: 'TUSIMPLE AI' }]);
    } finally {
      await g.close();
    }
  });

  it('assignments: an honest empty list for a known mark, 404 for an unknown one', async () => {
    const res = await json(await f.call('/v1/trademarks/US:87310367/assignments'));
    expect(res).toMatchObject({ object: 'list', data: [], has_more: false });
    expect((await f.call('/v1/trademarks/US:1/assignments')).status).toBe(404);
  });

  it('owner, attorney and firm lists', async () => {
    const owner = await json(await f.call(`/v1/owners/${TUSIMPLE_OWNER}/trademarks?limit=2&include_total=true&sort=filing_date`));
    expect(owner.data).toHaveLength(2);
    expect(owner.pagination.total_count).toBe(3);
    expect(owner.data[0].filing_date <= owner.data[1].filing_date).toBe(true);
    const rest = await json(await f.call(`/v1/owners/${TUSIMPLE_OWNER}/trademarks?limit=2&sort=filing_date&cursor=${encodeURIComponent(owner.pagination.cursor)}`));
    expect(rest.data).toHaveLength(1);
    expect(rest.has_more).toBe(false);
    const att = await json(await f.call('/v1/attorneys/jim%20h.%20SALTER/trademarks'));
    expect(att.data.map((r: { application_number: string }) => r.application_number).sort()).toEqual(['87310367', '87703889', '87703896']);
    const firm = await json(await f.call('/v1/firms/Marks%20%26%20Clerk%20LLP/trademarks'));
    expect(firm.data.map((r: { mark_text: string }) => r.mark_text).sort()).toEqual(['ARAPHAT', 'THE DARK ALTERNATIVE']);
    expect((await f.call('/v1/entities/ent_nothing/trademarks')).status).toBe(404);
    const mismatch = await json(await f.call('/v1/owners/tm_392df2803b9f6ed78113/trademarks'));
    expect(mismatch.error.type).toBe('id_type_mismatch');
  });
});

describe('method aliases', () => {
  it('serves an operation under a second method: POST /v1/trademarks takes the search as a JSON body', async () => {
    const post = { ...searchTrademarks, http: { ...searchTrademarks.http!, aliases: ['POST /v1/trademarks'] } } as unknown as OpDefinition;
    const g = await startHttp([], { server: { operations: [...OPERATIONS.filter((o) => o !== searchTrademarks), post] } });
    try {
      const viaGet = await json(await g.call('/v1/trademarks?q=tusimple&offices=US&limit=3'));
      const res = await g.call('/v1/trademarks', { method: 'POST', body: JSON.stringify({ q: 'tusimple', filters: { offices: ['US'] }, limit: 3 }) });
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-policy')).toBe('1000;w=60, 100000;w=86400');
      const viaPost = await json(res);
      expect(viaPost.data.map((r: { id: string }) => r.id)).toEqual(viaGet.data.map((r: { id: string }) => r.id));
      expect(viaPost.data.length).toBeGreaterThan(0);
      expect((await g.call('/v1/trademarks', { method: 'POST', idem: '', body: '{"q":"tusimple"}' })).status).toBe(400);
    } finally {
      await g.close();
    }
  });
});

describe('earlier shape', () => {
  it('TM-Shape: earlier selects the earlier trademark object on the same path', async () => {
    const current = await json(await f.call('/v1/trademarks/US:87310367'));
    expect(current).toMatchObject({ object: 'trademark', mark_text: 'TUSIMPLE' });
    const res = await f.call('/v1/trademarks/US:87310367?include=history', { headers: { 'TM-Shape': 'earlier' } });
    const earlier = await json(res);
    expect(earlier.success).toBe(true);
    expect(earlier.data).toMatchObject({
      id: current.id,
      office: { code: 'US', country: 'US' },
      mark: { text: 'TUSIMPLE', type: 'word' },
      status: { unified_status: 'live_pending', office_status_code: '688' },
      office_data: { serial_number: '87310367', application_number: '87310367' },
      classifications: { nice_classes: [9, 12, 39, 42] },
    });
    expect(earlier.data.history).toHaveLength(15);
    expect(res.headers.get('etag')).not.toBe(null);
  });

  it('earlier owner search, detail with statistics, and owner rows', async () => {
    const search = await json(await f.call('/v1/owners/search?q=tusim'));
    expect(search.data.results).toEqual([
      { owner_id: TUSIMPLE_OWNER, name: 'TuSimple', normalized_name: 'tusimple', country: 'US', entity_type: 'corporation', trademark_count: 3, jurisdictions: ['US'] },
    ]);
    const owner = await json(await f.call(`/v1/owners/${TUSIMPLE_OWNER}`, { headers: { 'TM-Shape': 'earlier' } }));
    expect(owner.data.statistics).toEqual({ total_trademarks: 3, by_jurisdiction: { US: 3 }, by_status: { live_pending: 3 }, by_class: { '9': 3, '12': 3, '39': 3, '42': 3 } });
    const rows = await json(await f.call(`/v1/owners/${TUSIMPLE_OWNER}/trademarks?limit=2`, { headers: { 'TM-Shape': 'earlier' } }));
    expect(rows.data.pagination).toEqual({ page: 1, limit: 2, total_results: 3, has_more: true });
    expect(rows.data.trademarks[0]).toMatchObject({ jurisdiction: 'US', owner: { owner_id: TUSIMPLE_OWNER, name: 'TuSimple' } });
  });

  it('GET /v1/search answers earlier objects with similarity_score, and the earlier error body', async () => {
    const res = await json(await f.call('/v1/search?q=tusimple&threshold=0.5'));
    expect(res.success).toBe(true);
    expect(res.data.results[0]).toMatchObject({ mark: { text: 'TUSIMPLE' } });
    expect(res.data.results[0].similarity_score).toBeGreaterThanOrEqual(0.5);
    expect(res.data.search_metadata).toMatchObject({ query: 'tusimple', search_type: 'exact', credits_used: 1, offices_searched: ['EM', 'US'] });
    const bad = await f.call('/v1/search?q=t');
    expect(bad.status).toBe(400);
    const body = await json(bad);
    expect(body).toMatchObject({ success: false, error: { code: 'validation_error' } });
    expect(body.error.request_id).toBe(bad.headers.get('request-id'));
    expect(body.error.documentation_url).toMatch(/^https:/);
  });
});

describe('administration', () => {
  it('organization, usage counting reads, and the request log with request ids', async () => {
    const g = await startHttp();
    try {
      const org = await json(await g.call('/v1/organization'));
      expect(org).toMatchObject({ object: 'organization', id: g.orgA.id, name: 'Acme Legal', livemode: true, limits: { reads: { limit: 10_000, window_seconds: 60 } } });
      const read = await g.call('/v1/trademarks/US:87310367');
      await g.call('/v1/trademarks/US:87310367');
      const usage = await json(await g.call('/v1/usage'));
      expect(usage.current_period.reads).toMatchObject({ used: 4, limit: 1_000_000 });
      expect(usage.rate_limits.reads).toMatchObject({ remaining: 10_000 - 4, limit: 10_000 });
      const logs = await json(await g.call('/v1/logs'));
      expect(logs.data.map((l: { path: string }) => l.path)).toEqual(['/v1/usage', '/v1/trademarks/US:87310367', '/v1/trademarks/US:87310367', '/v1/organization']);
      expect(logs.data[2].id).toBe(read.headers.get('request-id'));
      const one = await json(await g.call(`/v1/logs?request_id=${read.headers.get('request-id')}`));
      expect(one.data).toHaveLength(1);
      const summary = await json(await g.call('/v1/usage/summary?days=1'));
      expect(summary.days[0]).toMatchObject({ reads: 7, by_meter: { read: 2, account: 5 } });
      expect(summary.billed_total).toBe(2);
    } finally {
      await g.close();
    }
  });

  it('the request log records the status and error type of failed requests', async () => {
    const res = await f.call('/v1/trademarks/US:99999999');
    const id = res.headers.get('request-id');
    const logs = await json(await f.call(`/v1/logs?request_id=${id}`));
    expect(logs.data[0]).toMatchObject({ id, status: 404, error_type: 'not_found', operation: 'get_trademark', method: 'GET' });
  });

  it('API keys: create (secret once, scopes no wider than the caller), list, narrow, revoke', async () => {
    const created = await f.call('/v1/organization/api-keys', { method: 'POST', body: JSON.stringify({ name: 'ci', scopes: ['trademarks:read'], expires_at: '30d' }) });
    expect(created.status).toBe(201);
    const key = await json(created);
    expect(key.secret).toMatch(/^tmk_live_/);
    expect(key.expires_at).toBe('2026-12-22T12:00:00.000Z');
    expect((await f.call('/v1/trademarks/US:87310367', { key: key.secret })).status).toBe(200);
    const list = await json(await f.call('/v1/organization/api-keys'));
    const listed = list.data.find((k: { id: string }) => k.id === key.id);
    expect(listed).toMatchObject({ name: 'ci', status: 'active', scopes: ['trademarks:read'] });
    expect(JSON.stringify(list)).not.toContain(key.secret);

    const patched = await json(await f.call(`/v1/organization/api-keys/${key.id}`, { method: 'PATCH', body: JSON.stringify({ scopes: ['billing:read'] }) }));
    expect(patched.scopes).toEqual(['billing:read']);
    expect((await f.call('/v1/trademarks/US:87310367', { key: key.secret })).status).toBe(403);

    const escalate = await f.call('/v1/organization/api-keys', { method: 'POST', key: f.orgA.read, body: JSON.stringify({ scopes: ['trademarks:read'] }) });
    expect(escalate.status).toBe(403);
    const revoked = await f.call(`/v1/organization/api-keys/${key.id}`, { method: 'DELETE' });
    expect((await json(revoked)).status).toBe('revoked');
    const after = await f.call('/v1/usage', { key: key.secret });
    expect(after.status).toBe(401);
    expect((await json(after)).error.detail).toMatch(/revoked/);
  });

  it('a key with api-keys:manage cannot change or revoke a key holding scopes it lacks', async () => {
    const make = async (scopes: string[]) =>
      json(await f.call('/v1/organization/api-keys', { method: 'POST', body: JSON.stringify({ scopes }) })) as Promise<{ id: string; secret: string }>;
    const broad = await make(['trademarks:read', 'api-keys:manage']);
    const manager = await make(['api-keys:manage']);
    const peer = await make(['api-keys:manage']);
    const as = (method: string, id: string, body?: object) =>
      f.call(`/v1/organization/api-keys/${id}`, { method, key: manager.secret, ...(body ? { body: JSON.stringify(body) } : {}) });

    for (const res of [await as('PATCH', broad.id, { expires_at: '2099-01-01' }), await as('PATCH', broad.id, { name: 'mine now' }), await as('PATCH', broad.id, { revoked: true }), await as('DELETE', broad.id)]) {
      expect(res.status).toBe(403);
      expect((await json(res)).error).toMatchObject({ type: 'forbidden', param: 'id' });
    }
    const listed = (await json(await f.call('/v1/organization/api-keys'))).data.find((k: { id: string }) => k.id === broad.id);
    expect(listed).toMatchObject({ expires_at: null, name: null, status: 'active' });

    // A key with no more scopes than the caller's own can be changed, by it or by a broader key.
    expect((await json(await as('PATCH', peer.id, { expires_at: '2099-01-01' }))).expires_at).toBe('2099-01-01T00:00:00.000Z');
    expect((await json(await as('PATCH', manager.id, { name: 'self' }))).name).toBe('self');
    expect((await json(await f.call(`/v1/organization/api-keys/${manager.id}`, { method: 'DELETE', key: broad.secret }))).status).toBe('revoked');
  });

  it('feedback about a logged request is stored; an unknown request id is a 404', async () => {
    const read = await f.call('/v1/trademarks/US:87310367');
    const requestId = read.headers.get('request-id')!;
    await f.call('/v1/organization');
    const res = await f.call('/v1/feedback', { method: 'POST', body: JSON.stringify({ message: 'owner looks wrong', request_id: requestId, category: 'data_quality' }) });
    expect(res.status).toBe(201);
    expect(await json(res)).toMatchObject({ object: 'feedback', about_request_id: requestId, category: 'data_quality' });
    const unknown = await f.call('/v1/feedback', { method: 'POST', body: JSON.stringify({ message: 'x', request_id: 'req_000000' }) });
    expect(unknown.status).toBe(404);
  });
});

describe('isolation between organizations', () => {
  it('no list, read, log or usage of one organization shows the other', async () => {
    const g = await startHttp();
    try {
      const aRead = await g.call('/v1/trademarks/US:87310367', { key: g.orgA.all });
      const aReq = aRead.headers.get('request-id')!;
      await g.call('/v1/organization/api-keys', { method: 'POST', key: g.orgA.all, body: JSON.stringify({ name: 'a-only', scopes: ['trademarks:read'] }) });

      const bLogs = await json(await g.call('/v1/logs', { key: g.orgB.all }));
      expect(bLogs.data).toEqual([]);
      expect((await g.call(`/v1/logs?request_id=${aReq}`, { key: g.orgB.all })).status).toBe(404);
      const bUsage = await json(await g.call('/v1/usage', { key: g.orgB.all }));
      expect(bUsage.current_period.reads.used).toBe(3);
      const bKeys = await json(await g.call('/v1/organization/api-keys', { key: g.orgB.all }));
      expect(bKeys.data).toHaveLength(1);
      expect(JSON.stringify(bKeys)).not.toContain('a-only');
      const bOrg = await json(await g.call('/v1/organization', { key: g.orgB.all }));
      expect(bOrg.id).toBe(g.orgB.id);
      const aKeys = await json(await g.call('/v1/organization/api-keys', { key: g.orgA.all }));
      const aKeyId = aKeys.data[0].id;
      expect((await g.call(`/v1/organization/api-keys/${aKeyId}`, { method: 'DELETE', key: g.orgB.all })).status).toBe(404);
      expect((await g.call(`/v1/organization/api-keys/${aKeyId}`, { method: 'PATCH', key: g.orgB.all, body: JSON.stringify({ name: 'x' }) })).status).toBe(404);
      expect((await g.call('/v1/feedback', { method: 'POST', key: g.orgB.all, body: JSON.stringify({ message: 'x', request_id: aReq }) })).status).toBe(404);

      const aLogs = await json(await g.call('/v1/logs', { key: g.orgA.all }));
      expect(aLogs.data.every((l: { key_id: string }) => aKeys.data.some((k: { id: string }) => k.id === l.key_id))).toBe(true);
      expect(aLogs.data.some((l: { path: string }) => l.path === '/v1/logs' || l.path === '/v1/usage')).toBe(false);
    } finally {
      await g.close();
    }
  });

  it('a test key acts in test mode: livemode false, and it sees only test keys and test logs', async () => {
    const g = await startHttp();
    try {
      await g.call('/v1/trademarks/US:87310367', { key: g.orgA.all });
      const env = await json(await g.call('/v1/trademarks/US:87310367/assignments', { key: g.orgA.test }));
      expect(env.livemode).toBe(false);
      const keys = await json(await g.call('/v1/organization/api-keys', { key: g.orgA.test }));
      expect(keys.data.map((k: { livemode: boolean }) => k.livemode)).toEqual([false]);
      const made = await json(await g.call('/v1/organization/api-keys', { method: 'POST', key: g.orgA.test, body: JSON.stringify({ scopes: ['trademarks:read'] }) }));
      expect(made.secret).toMatch(/^tmk_test_/);
      const logs = await json(await g.call('/v1/logs', { key: g.orgA.test }));
      expect(logs.data.map((l: { path: string }) => l.path)).toEqual(['/v1/organization/api-keys', '/v1/organization/api-keys', '/v1/trademarks/US:87310367/assignments']);
      expect(logs.data.every((l: { livemode: boolean }) => !l.livemode)).toBe(true);
    } finally {
      await g.close();
    }
  });
});

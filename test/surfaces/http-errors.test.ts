// Every row of the spec §7 error table that HTTP can produce, each from a real condition, with the
// full error body (type, title, status, detail, instance, suggestion, retryable, retry_after) and
// request_id; plus malformed JSON, wrong content type and oversized bodies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/core/clock.js';
import { makeRecord } from '../helpers/factory.js';
import { startHttp, type HttpFixture } from './http-fixture.js';
import { closeUnderneath } from '../helpers/raw-sql.js';
import { TEST_BACKEND } from '../helpers/test-backend.js';

let f: HttpFixture;
beforeAll(async () => {
  f = await startHttp([], { server: { bodyLimit: 4096 } });
});
afterAll(async () => f.close());

/** Asserts the §7 body and returns its `error`. */
const expectError = async (res: Response, status: number, type: string): Promise<Record<string, unknown>> => {
  const body = (await res.json()) as { error: Record<string, unknown>; request_id: string };
  expect({ status: res.status, type: body.error.type }).toEqual({ status, type });
  for (const k of ['type', 'title', 'status', 'detail', 'instance', 'suggestion', 'retryable', 'retry_after']) expect(body.error).toHaveProperty(k);
  expect(body.error.status).toBe(status);
  expect(body.request_id).toMatch(/^req_[0-9a-f]+$/);
  expect(res.headers.get('request-id')).toBe(body.request_id);
  expect(JSON.stringify(body)).not.toMatch(/\bat .*\.(ts|js):\d+/);
  return body.error;
};

describe('400 validation_error', () => {
  it('an impossible calendar date, on search and deadlines alike, names its parameter', async () => {
    for (const [path, param] of [
      ['/v1/trademarks?offices=US&filing_date_gte=2027-02-30', 'filing_date_gte'],
      ['/v1/deadlines?as_of_date=2027-02-30', 'as_of_date'],
      ['/v1/deadlines?due_before=2027-13-45', 'due_before'],
    ] as const) {
      const e = await expectError(await f.call(path), 400, 'validation_error');
      expect(e.param).toBe(param);
      expect(e.detail).toMatch(/calendar date/);
    }
  });

  it('a bad date', async () => {
    const e = await expectError(await f.call('/v1/trademarks?offices=US&filing_date_gte=2020-13-45'), 400, 'validation_error');
    expect(e.param).toBe('filing_date_gte');
  });
  it('a boolean other than true/false', async () => {
    const e = await expectError(await f.call('/v1/owners/own_29d08d73d164a218bad1/trademarks?include_total=yes'), 400, 'validation_error');
    expect(e.param).toBe('include_total');
    expect(e.suggestion).toMatch(/true and false/);
  });
  it('a bracketed key', async () => {
    const e = await expectError(await f.call('/v1/trademarks?offices[]=US'), 400, 'validation_error');
    expect(e.param).toBe('offices[]');
    expect(e.suggestion).toContain('offices=a,b');
  });
  it('a missing required filter or parameter', async () => {
    expect((await expectError(await f.call('/v1/trademarks'), 400, 'validation_error')).param).toBe('q');
    const e = await expectError(await f.call('/v1/organization/api-keys', { method: 'POST', body: '{}' }), 400, 'validation_error');
    expect(e).toMatchObject({ param: 'scopes', detail: 'scopes is required.' });
  });
  it('a missing Idempotency-Key on POST, PATCH and DELETE', async () => {
    const e = await expectError(await f.call('/v1/feedback', { method: 'POST', idem: '', body: JSON.stringify({ message: 'x' }) }), 400, 'validation_error');
    expect(e.param).toBe('Idempotency-Key');
    await expectError(await f.call('/v1/organization/api-keys/key_x', { method: 'PATCH', idem: '', body: '{}' }), 400, 'validation_error');
    await expectError(await f.call('/v1/organization/api-keys/key_x', { method: 'DELETE', idem: '' }), 400, 'validation_error');
  });
  it('malformed JSON and a wrong content type', async () => {
    const bad = await expectError(await f.call('/v1/feedback', { method: 'POST', body: '{"message": ' }), 400, 'validation_error');
    expect(bad.detail).toMatch(/Malformed JSON/);
    const form = await f.call('/v1/feedback', { method: 'POST', body: 'message=x', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect((await expectError(form, 400, 'validation_error')).param).toBe('Content-Type');
  });
});

describe('413 payload_too_large', () => {
  it('a body over the limit is refused before it is parsed', async () => {
    const body = JSON.stringify({ message: 'x'.repeat(5000) });
    await expectError(await f.call('/v1/feedback', { method: 'POST', body }), 413, 'payload_too_large');
  });
});

describe('other 400s', () => {
  it('id_type_mismatch', async () => {
    const e = await expectError(await f.call('/v1/trademarks/own_29d08d73d164a218bad1'), 400, 'id_type_mismatch');
    expect(e.param).toBe('id');
  });
  it('unknown_parameter names the parameter and lists the accepted ones', async () => {
    const e = await expectError(await f.call('/v1/trademarks/US:87310367/events?colour=red'), 400, 'unknown_parameter');
    expect(e.param).toBe('colour');
    expect(e.suggestion).toContain('kind');
  });
  it('unknown_parameter for a removed search parameter after its sunset, naming the replacement', async () => {
    const before = await f.call('/v1/trademarks?q=tusimple&strategies=exact');
    expect(before.status).toBe(200);
    const meta = ((await before.json()) as { search_meta: { deprecations: { parameter: string; replacement: string }[] } }).search_meta;
    expect(meta.deprecations.map((d) => [d.parameter, d.replacement])).toEqual([['strategies', 'similarity']]);
    const saved = f.tmp.ctx.clock;
    f.tmp.ctx.clock = fixedClock('2026-12-29T00:00:00Z');
    try {
      const e = await expectError(await f.call('/v1/trademarks?q=tusimple&strategies=exact'), 400, 'unknown_parameter');
      expect(e.param).toBe('strategies');
      expect(e.suggestion).toContain('similarity');
    } finally {
      f.tmp.ctx.clock = saved;
    }
  });
  it('cursor_invalid for a tampered cursor and for a cursor of another query', async () => {
    const page = (await (await f.call('/v1/owners/own_29d08d73d164a218bad1/trademarks?limit=1')).json()) as { pagination: { cursor: string } };
    const cursor = page.pagination.cursor;
    await expectError(await f.call(`/v1/owners/own_29d08d73d164a218bad1/trademarks?limit=1&cursor=${cursor}x`), 400, 'cursor_invalid');
    await expectError(await f.call(`/v1/owners/own_29d08d73d164a218bad1/trademarks?limit=1&sort=mark_text&cursor=${cursor}`), 400, 'cursor_invalid');
  });
  it('cursor_expired for a cursor older than 24 hours', async () => {
    const g = await startHttp();
    try {
      const page = (await (await g.call('/v1/owners/own_29d08d73d164a218bad1/trademarks?limit=1')).json()) as { pagination: { cursor: string } };
      g.tmp.ctx.clock = fixedClock('2026-11-23T12:00:01Z');
      await expectError(await g.call(`/v1/owners/own_29d08d73d164a218bad1/trademarks?limit=1&cursor=${page.pagination.cursor}`), 400, 'cursor_expired');
    } finally {
      await g.close();
    }
  });
  it('too_complex for a query naming more values than one request serves', async () => {
    const offices = Array.from({ length: 201 }, () => 'US').join(',');
    await expectError(await f.call(`/v1/trademarks?offices=${offices}`), 400, 'too_complex');
  });
  it('conflicting_params for an old search parameter sent with its replacement', async () => {
    const e = await expectError(await f.call('/v1/trademarks?q=tusimple&strategies=exact&similarity=fuzzy'), 400, 'conflicting_params');
    expect(e.param).toBe('strategies');
  });
});

describe('401 unauthorized and 403 forbidden', () => {
  it('missing, malformed, unknown, expired and revoked credentials', async () => {
    expect((await expectError(await f.call('/v1/usage', { key: null }), 401, 'unauthorized')).detail).toMatch(/Missing/);
    await expectError(await f.call('/v1/usage', { key: null, headers: { Authorization: 'Basic dXNlcjpwYXNz' } }), 401, 'unauthorized');
    expect((await expectError(await f.call('/v1/usage', { key: 'tm_392df2803b9f6ed78113' }), 401, 'unauthorized')).detail).toMatch(/Malformed/);
    expect((await expectError(await f.call('/v1/usage', { key: `tmk_live_${'x'.repeat(32)}` }), 401, 'unauthorized')).detail).toMatch(/Invalid/);
    const made = (await (await f.call('/v1/organization/api-keys', { method: 'POST', body: JSON.stringify({ scopes: ['billing:read'], expires_at: '2026-11-22T13:00:00Z' }) })).json()) as { id: string; secret: string };
    expect((await f.call('/v1/usage', { key: made.secret })).status).toBe(200);
    const g = f.tmp.ctx.clock;
    f.tmp.ctx.clock = fixedClock('2026-11-22T13:00:01Z');
    try {
      expect((await expectError(await f.call('/v1/usage', { key: made.secret }), 401, 'unauthorized')).detail).toMatch(/expired/);
    } finally {
      f.tmp.ctx.clock = g;
    }
    await f.call(`/v1/organization/api-keys/${made.id}`, { method: 'DELETE' });
    expect((await expectError(await f.call('/v1/usage', { key: made.secret }), 401, 'unauthorized')).detail).toMatch(/revoked/);
  });
  it('every 401 carries a Bearer challenge (RFC 6750 §3): an error code only when a Bearer credential was sent', async () => {
    const challenge = async (init: Parameters<HttpFixture['call']>[1]): Promise<string | null> => {
      const res = await f.call('/v1/usage', init);
      expect(res.status).toBe(401);
      return res.headers.get('www-authenticate');
    };
    expect(await challenge({ key: null })).toBe('Bearer realm="tm"');
    expect(await challenge({ key: null, headers: { Authorization: 'Basic dXNlcjpwYXNz' } })).toBe('Bearer realm="tm"');
    expect(await challenge({ key: `tmk_live_${'x'.repeat(32)}` })).toBe('Bearer realm="tm", error="invalid_token", error_description="Invalid API key."');
    expect(await challenge({ key: 'tm_392df2803b9f6ed78113' })).toMatch(/^Bearer realm="tm", error="invalid_token", error_description="Malformed API key; keys look like tmk_live_/);
    // Not on other errors: a 403 is no challenge.
    expect((await f.call('/v1/usage', { key: f.orgA.read })).headers.get('www-authenticate')).toBeNull();
  });
  it('a valid key without the scope gets 403 naming it', async () => {
    const e = await expectError(await f.call('/v1/trademarks/US:87310367', { key: f.orgA.noScopes }), 403, 'forbidden');
    expect(e.detail).toContain('trademarks:read');
    expect((await expectError(await f.call('/v1/usage', { key: f.orgA.read }), 403, 'forbidden')).detail).toContain('billing:read');
  });
});

describe('404 not_found', () => {
  it('an unknown trademark, and an unknown route', async () => {
    await expectError(await f.call('/v1/trademarks/US:99999999'), 404, 'not_found');
    const e = await expectError(await f.call('/v1/nothing-here'), 404, 'not_found');
    expect(e.instance).toBe('/v1/nothing-here');
    const wrongMethod = await expectError(await f.call('/v1/usage', { method: 'POST', body: '{}' }), 404, 'not_found');
    expect(wrongMethod.suggestion).toContain('GET');
  });
});

describe('409 conflict and idempotency_processing', () => {
  it('the same key with another body is a conflict', async () => {
    const idem = 'conflict-1';
    expect((await f.call('/v1/feedback', { method: 'POST', idem, body: JSON.stringify({ message: 'a' }) })).status).toBe(201);
    const e = await expectError(await f.call('/v1/feedback', { method: 'POST', idem, body: JSON.stringify({ message: 'b' }) }), 409, 'conflict');
    expect(e.retryable).toBe(false);
  });
  it('the same key while the first request is in flight is idempotency_processing, retryable', async () => {
    const g = await startHttp();
    try {
      const repo = g.tmp.ctx.store.trademarks;
      const slowGet = repo.get.bind(repo);
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      // The first request reads past its key's claim; the second is sent only once it is there
      // (a fixed wait let the second claim first on a loaded machine, and then wait at the gate).
      let arrived!: () => void;
      const reached = new Promise<void>((r) => (arrived = r));
      repo.get = async (ids) => {
        arrived();
        await gate;
        return slowGet(ids);
      };
      const body = JSON.stringify({ items: ['US:87310367'] });
      const first = g.call('/v1/trademarks/batch', { method: 'POST', idem: 'slow-1', body });
      await reached;
      const second = await g.call('/v1/trademarks/batch', { method: 'POST', idem: 'slow-1', body });
      const e = await expectError(second, 409, 'idempotency_processing');
      expect(e.retryable).toBe(true);
      release();
      const done = await first;
      expect(done.status).toBe(200);
      const replay = await g.call('/v1/trademarks/batch', { method: 'POST', idem: 'slow-1', body });
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(await replay.text()).toBe(await done.text());
    } finally {
      await g.close();
    }
  });
});

describe('422 entity_too_large', () => {
  it('an entity grouping more than 10,000 owner records', async () => {
    const owner = (i: number) => ({ owner_id: `own_${i.toString(16).padStart(20, '0')}`, entity_id: 'ent_big', name: `Owner ${i}`, entity_type: null, nationality: null, role: null, address: null });
    const records = Array.from({ length: 10_001 }, (_, i) => makeRecord({ application_number: String(80_000_000 + i), owners: [owner(i)] }));
    const small = makeRecord({ application_number: '79999999', owners: [{ ...owner(99_999), entity_id: 'ent_small' }] });
    const g = await startHttp([...records, small]);
    try {
      const e = await expectError(await g.call('/v1/entities/ent_big/trademarks'), 422, 'entity_too_large');
      expect(e.detail).toContain('10001');
      const ok = await g.call('/v1/entities/ent_small/trademarks');
      expect(ok.status).toBe(200);
      // The same entity as a search filter answers as its list does (issue 29.7).
      await expectError(await g.call('/v1/trademarks?entity_id=ent_big'), 422, 'entity_too_large');
      await expectError(await g.call('/v1/trademarks', { method: 'POST', body: JSON.stringify({ q: 'example', exclude: { entity_id: ['ent_big'] } }) }), 422, 'entity_too_large');
      expect((await g.call('/v1/trademarks?entity_id=ent_small')).status).toBe(200);
    } finally {
      await g.close();
    }
  }, 60_000);
});

describe('429 rate_limited', () => {
  it('over the organization limit: 429 with Retry-After and retry_after', async () => {
    const g = await startHttp([], { limitsA: { reads: { limit: 2 } } });
    try {
      expect((await g.call('/v1/trademarks/US:87310367')).status).toBe(200);
      expect((await g.call('/v1/trademarks/US:87310367')).status).toBe(200);
      const res = await g.call('/v1/trademarks/US:87310367');
      const retry = Number(res.headers.get('retry-after'));
      const e = await expectError(res, 429, 'rate_limited');
      expect(e.retryable).toBe(true);
      expect(e.retry_after).toBe(retry);
      expect(retry).toBeGreaterThan(0);
      expect(res.headers.get('ratelimit')).toBe(`remaining=0, reset=${retry}`);
      expect(res.headers.get('ratelimit-policy')).toBe('2;w=60');
      expect((await g.call('/v1/trademarks/US:87310367', { key: g.orgB.all })).status).toBe(200);
    } finally {
      await g.close();
    }
  });
});

describe('500 internal_error', () => {
  it('a server failure answers the §7 body with no stack, and is logged on stderr', async () => {
    const warnings: string[] = [];
    const g = await startHttp();
    g.tmp.ctx.logger = { info: () => {}, warn: (m) => warnings.push(m) };
    try {
      await closeUnderneath(g.tmp.ctx.store);
      const e = await expectError(await g.call('/v1/trademarks/US:87310367'), 500, 'internal_error');
      expect(e.retryable).toBe(true);
      expect(e.detail).toBe('An internal error occurred.');
      expect(warnings.join('\n')).toMatch(TEST_BACKEND === 'postgres' ? /Cannot use a pool after calling end on the pool/ : /database connection is not open/);
    } finally {
      await g.close();
    }
  });
});

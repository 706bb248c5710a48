// Portfolios over a real `tm serve`: CRUD, membership by id and OFFICE:number with external_ref,
// per-item errors, the portfolio docket and its ICS feed (parsed by ical.js, ETag polling),
// `portfolio_id` on /v1/deadlines, scopes, and two-organization isolation (404, never 403).
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttp, type HttpFixture } from './http-fixture.js';

let f: HttpFixture;
beforeAll(async () => {
  f = await startHttp();
});
afterAll(async () => f.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are checked by the assertions, not by types
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Record<string, any> });
const post = (path: string, body: unknown, key?: string) => f.call(path, { method: 'POST', body: JSON.stringify(body), key });

describe('portfolios over HTTP', () => {
  it('creates, adds marks (per-item errors), lists, updates and deletes', async () => {
    const created = await json(await post('/v1/portfolios', { name: 'Acme Corp', metadata: { client: 'acme' } }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ object: 'portfolio', name: 'Acme Corp', mark_count: 0, metadata: { client: 'acme' } });
    const id = created.body.id as string;
    expect(id).toMatch(/^ptf_/);

    const added = await json(
      await post(`/v1/portfolios/${id}/marks`, { trademark_ids: ['US:87310367', { id: 'US:71112081', external_ref: 'ACME-001' }, 'US:99999999', 'tm_nope'] }),
    );
    expect(added.status).toBe(201);
    expect(added.body.changed).toHaveLength(2);
    expect(added.body.mark_count).toBe(2);
    expect(added.body.errors.map((e: { ref: string; type: string }) => [e.ref, e.type])).toEqual([['US:99999999', 'not_found'], ['tm_nope', 'not_found']]);

    const again = await json(await post(`/v1/portfolios/${id}/marks`, { trademark_ids: ['US:87310367'] }));
    expect(again.body).toMatchObject({ changed: [], mark_count: 2 });
    expect(again.body.unchanged).toHaveLength(1);

    const detail = await json(await f.call(`/v1/portfolios/${id}`));
    expect(detail.body.mark_count).toBe(2);
    const refs = Object.fromEntries(detail.body.marks.map((m: { application_number: string; external_ref: string | null }) => [m.application_number, m.external_ref]));
    expect(refs).toEqual({ '87310367': null, '71112081': 'ACME-001' });

    const list = await json(await f.call('/v1/portfolios'));
    expect(list.body.data.map((p: { id: string }) => p.id)).toContain(id);

    const patched = await json(await f.call(`/v1/portfolios/${id}`, { method: 'PATCH', body: JSON.stringify({ description: 'Main client' }) }));
    expect(patched.body).toMatchObject({ name: 'Acme Corp', description: 'Main client' });

    const removed = await json(await post(`/v1/portfolios/${id}/marks/remove`, { trademark_ids: ['US:87310367'] }));
    expect(removed.body).toMatchObject({ mark_count: 1 });
    expect(removed.body.changed).toHaveLength(1);

    expect((await f.call(`/v1/portfolios/${id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await f.call(`/v1/portfolios/${id}`)).status).toBe(404);
  });

  it('serves the portfolio docket, portfolio_id on /v1/deadlines, and an ICS feed with an ETag', async () => {
    const id = (await json(await post('/v1/portfolios', { name: 'Docket' }))).body.id as string;
    await post(`/v1/portfolios/${id}/marks`, { trademark_ids: ['US:71112081', 'US:72029003'] });
    const all = await json(await f.call('/v1/deadlines?limit=100'));
    const mine = await json(await f.call(`/v1/portfolios/${id}/deadlines?limit=100`));
    const filtered = await json(await f.call(`/v1/deadlines?limit=100&portfolio_id=${id}`));
    expect(mine.body.data.length).toBeGreaterThan(0);
    expect(mine.body.data.length).toBeLessThan(all.body.data.length);
    expect(filtered.body.data).toEqual(mine.body.data);
    const members = new Set((await json(await f.call(`/v1/portfolios/${id}`))).body.marks.map((m: { trademark_id: string }) => m.trademark_id));
    for (const row of mine.body.data) expect(members.has(row.trademark_id)).toBe(true);

    const ics = await f.call(`/v1/portfolios/${id}/deadlines.ics`);
    expect(ics.status).toBe(200);
    expect(ics.headers.get('content-type')).toMatch(/^text\/calendar/);
    const etag = ics.headers.get('etag')!;
    const events = new ICAL.Component(ICAL.parse(await ics.text())).getAllSubcomponents('vevent');
    const dated = mine.body.data.filter((r: { due_date: string | null }) => r.due_date);
    expect(events.length).toBe(dated.length);
    expect(events.map((e) => String(e.getFirstPropertyValue('uid')))).toContain(`${dated[0].trademark_id}:${dated[0].occurrence_key}@tm.local`);
    expect((await f.call(`/v1/portfolios/${id}/deadlines.ics`, { headers: { 'If-None-Match': etag } })).status).toBe(304);
  });

  it('keeps organizations apart (404, never 403) and needs portfolios:manage to write', async () => {
    const id = (await json(await post('/v1/portfolios', { name: 'Private' }))).body.id as string;
    expect((await f.call(`/v1/portfolios/${id}`, { key: f.orgB.all })).status).toBe(404);
    expect((await post(`/v1/portfolios/${id}/marks`, { trademark_ids: ['US:71112081'] }, f.orgB.all)).status).toBe(404);
    expect((await f.call(`/v1/deadlines?portfolio_id=${id}`, { key: f.orgB.all })).status).toBe(404);
    expect((await json(await f.call('/v1/portfolios', { key: f.orgB.all }))).body.data).toEqual([]);
    const denied = await json(await post('/v1/portfolios', { name: 'x' }, f.orgA.read));
    expect(denied.status).toBe(403);
    expect((await json(await f.call(`/v1/portfolios/${id}`, { key: f.orgA.read }))).status).toBe(200);
  });

  it('answers bad input with the spec error and writes nothing', async () => {
    const bad = await json(await post('/v1/portfolios', { name: '' }));
    expect(bad.status).toBe(400);
    expect((await json(await f.call('/v1/portfolios/own_123'))).body.error.type).toBe('id_type_mismatch');
    const id = (await json(await post('/v1/portfolios', { name: 'Limits' }))).body.id as string;
    const tooMany = await json(await post(`/v1/portfolios/${id}/marks`, { trademark_ids: Array.from({ length: 101 }, (_, i) => `US:${i}`) }));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.param).toBe('trademark_ids');
    const big = await json(await post('/v1/portfolios', { name: 'Big', metadata: { blob: 'x'.repeat(9000) } }));
    expect(big.status).toBe(400);
    expect(big.body.error.detail).toMatch(/8192/);
    expect((await json(await f.call(`/v1/portfolios/${id}`))).body.mark_count).toBe(0);
  });
});

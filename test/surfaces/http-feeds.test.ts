// Calendar subscriptions over real HTTP (issue 26, point 9): a feed token opens its one ICS feed
// as `?token=`, read-only; it is stored hashed, never logged, refused everywhere else, and revoked.
import { createHash } from 'node:crypto';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '../helpers/raw-sql.js';
import { startHttp, type HttpFixture } from './http-fixture.js';

let f: HttpFixture;
beforeAll(async () => {
  f = await startHttp();
});
afterAll(async () => f.close());

interface Created {
  id: string;
  token: string;
  url: string;
  path: string;
  hint: string;
  status: string;
  filters: Record<string, unknown>;
}

const uids = (text: string): string[] =>
  new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((e) => String(e.getFirstPropertyValue('uid'))).sort();
const errorOf = async (res: Response) => ((await res.json()) as { error: { type: string; detail: string; param?: string } }).error;
const create = async (body: Record<string, unknown>, key?: string): Promise<Response> =>
  f.call('/v1/feeds', { method: 'POST', body: JSON.stringify(body), ...(key ? { key } : {}) });
const noKey = (path: string, init: RequestInit = {}) => f.call(path, { key: null, ...init });

describe('POST /v1/feeds and ?token=', () => {
  let feed: Created;

  beforeAll(async () => {
    const res = await create({ office: ['US'], name: 'Docket calendar' });
    expect(res.status).toBe(201);
    feed = (await res.json()) as Created;
  });

  it('creates a token for one feed, shown once, with its URL', async () => {
    expect(feed).toMatchObject({ path: '/v1/deadlines.ics', status: 'active', filters: { office: ['US'] } });
    expect(feed.token).toMatch(/^tmf_[A-Za-z0-9_-]{32}$/);
    expect(feed.url).toBe(`/v1/deadlines.ics?token=${feed.token}`);
    const list = (await (await f.call('/v1/feeds')).json()) as { data: Record<string, unknown>[] };
    const listed = list.data.find((d) => d.id === feed.id)!;
    expect(listed).toMatchObject({ id: feed.id, hint: feed.hint, status: 'active' });
    expect(JSON.stringify(list)).not.toContain(feed.token);
  });

  it('serves the feed with no Authorization header, the same rows as the keyed feed, with an ETag', async () => {
    const res = await noKey(feed.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const keyed = await f.call('/v1/deadlines.ics?office=US');
    const text = await res.text();
    expect(uids(text)).toEqual(uids(await keyed.text()));
    expect(uids(text).length).toBeGreaterThan(0);
    const again = await noKey(feed.url, { headers: { 'If-None-Match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('stores only the hash of the token', async () => {
    const rows = await sqlRows(f.tmp.ctx.store, 'SELECT * FROM feed_tokens WHERE id = ?', feed.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.hash).toBe(createHash('sha256').update(feed.token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(feed.token);
  });

  it('refuses the token everywhere else', async () => {
    for (const path of [`/v1/trademarks?q=acme&token=${feed.token}`, `/v1/deadlines?token=${feed.token}`, `/v1/feeds?token=${feed.token}`]) {
      const res = await noKey(path);
      expect(res.status, path).toBe(401);
      const err = await errorOf(res);
      expect(err.detail, path).toMatch(/only on the calendar feed it was created for/);
      expect(err.detail).not.toContain(feed.token);
    }
    // As a Bearer credential it is no API key.
    expect((await noKey('/v1/deadlines.ics', { headers: { Authorization: `Bearer ${feed.token}` } })).status).toBe(401);
    // The feed keeps its own filters: the URL takes nothing else.
    const widened = await noKey(`${feed.url}&office=EM`);
    expect(widened.status).toBe(400);
    expect(await errorOf(widened)).toMatchObject({ type: 'validation_error', param: 'office' });
    expect((await noKey('/v1/deadlines.ics?token=tmf_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(401);
  });

  it('scopes a portfolio feed to that portfolio', async () => {
    const p1 = (await (await f.call('/v1/portfolios', { method: 'POST', body: JSON.stringify({ name: 'One' }) })).json()) as { id: string };
    const p2 = (await (await f.call('/v1/portfolios', { method: 'POST', body: JSON.stringify({ name: 'Two' }) })).json()) as { id: string };
    const res = await create({ portfolio_id: p1.id });
    expect(res.status).toBe(201);
    const pf = (await res.json()) as Created;
    expect(pf.url).toBe(`/v1/portfolios/${p1.id}/deadlines.ics?token=${pf.token}`);
    expect((await noKey(pf.url)).status).toBe(200);
    expect((await noKey(`/v1/portfolios/${p2.id}/deadlines.ics?token=${pf.token}`)).status).toBe(401);
    expect((await noKey(`/v1/deadlines.ics?token=${pf.token}`)).status).toBe(401);
  });

  it('writes the token to no log: access log, request log', async () => {
    await noKey(feed.url);
    expect(f.log.length).toBeGreaterThan(0);
    for (const line of f.log) expect(line).not.toContain(feed.token);
    expect(f.log.some((l) => l.includes('/v1/deadlines.ics'))).toBe(true);
    const logs = await (await f.call('/v1/logs?limit=100')).text();
    expect(logs).toContain('/v1/deadlines.ics');
    expect(logs).not.toContain(feed.token);
  });

  it('revokes: the URL answers 401 from then on', async () => {
    const res = await f.call(`/v1/feeds/${feed.id}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: feed.id, status: 'revoked' });
    const after = await noKey(feed.url);
    expect(after.status).toBe(401);
    expect((await errorOf(after)).detail).toMatch(/revoked/);
  });
});

describe('managing feeds', () => {
  it('needs api-keys:manage, and keeps each organization to its own feeds', async () => {
    expect((await create({}, f.orgA.read)).status).toBe(403);
    const mine = (await (await create({})).json()) as Created;
    expect((await f.call(`/v1/feeds/${mine.id}`, { method: 'DELETE', key: f.orgB.all })).status).toBe(404);
    const theirs = (await (await f.call('/v1/feeds', { key: f.orgB.all })).json()) as { data: unknown[] };
    expect(theirs.data).toHaveLength(0);
  });

  it('refuses a bad filter or an unknown portfolio before saving anything', async () => {
    const before = ((await (await f.call('/v1/feeds')).json()) as { data: unknown[] }).data.length;
    const bad = await create({ urgency: ['soonish'] });
    expect(bad.status).toBe(400);
    expect(await errorOf(bad)).toMatchObject({ type: 'validation_error', param: 'urgency' });
    const missing = await create({ portfolio_id: 'ptf_nope' });
    expect(missing.status).toBe(404);
    expect((await errorOf(missing)).param).toBe('portfolio_id');
    expect(((await (await f.call('/v1/feeds')).json()) as { data: unknown[] }).data).toHaveLength(before);
  });
});

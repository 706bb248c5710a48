// GET /v1/deadlines as an iCalendar feed (issue 14, point 17): `Accept: text/calendar` or the
// `.ics` path, so a calendar client can subscribe to a docket query; same auth and filters as JSON.
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttp, type HttpFixture } from './http-fixture.js';

let f: HttpFixture;
beforeAll(async () => {
  f = await startHttp();
});
afterAll(async () => f.close());

const events = (text: string) => new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent');

describe('GET /v1/deadlines as a calendar', () => {
  it('serves every matching row with a due date, by .ics path or Accept header alike', async () => {
    const page = (await (await f.call('/v1/deadlines?office=US&limit=100')).json()) as { data: { due_date: string | null; trademark_id: string; occurrence_key: string }[] };
    const dated = page.data.filter((r) => r.due_date !== null);
    expect(dated.length).toBeGreaterThan(2);
    const byPath = await f.call('/v1/deadlines.ics?office=US');
    expect(byPath.status).toBe(200);
    expect(byPath.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const text = await byPath.text();
    const uids = events(text).map((e) => String(e.getFirstPropertyValue('uid')));
    expect(uids.sort()).toEqual(dated.map((r) => `${r.trademark_id}:${r.occurrence_key}@tm.local`).sort());
    // A feed holds the whole query, not the default page of 20.
    const byAccept = await f.call('/v1/deadlines?office=US&limit=1', { headers: { Accept: 'text/calendar' } });
    expect(events(await byAccept.text())).toHaveLength(dated.length);
  });

  it('keeps the JSON errors: a bad filter is a 400 body, a missing key a 401', async () => {
    const bad = await f.call('/v1/deadlines.ics?office=XX');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { type: string; param: string } }).error).toMatchObject({ type: 'validation_error', param: 'office' });
    expect((await f.call('/v1/deadlines.ics', { key: null })).status).toBe(401);
  });
});

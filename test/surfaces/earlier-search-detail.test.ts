// The earlier shape in full (spec §4.3, issue 29.8): `/v1/search` applies `threshold` (and the
// status and type filters) before paging, so pages are full and `total_results` counts what the
// pages hold; `include=history` and `related` fill each result; the earlier detail's `related`
// and `similar` come from the family and the search engine. Earlier routes are HTTP only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRecord } from '../helpers/factory.js';
import { startHttp, type HttpFixture } from './http-fixture.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are checked by the assertions, not by types
const json = async (res: Response): Promise<any> => res.json();
const EARLIER = { headers: { 'TM-Shape': 'earlier' } };

/** The same mark of the same owner at another office. */
const EM_TWIN = makeRecord({
  office_code: 'EM',
  application_number: '018999999',
  mark_text: 'TuSimple',
  owners: [{ owner_id: 'own_tusimple_em', entity_id: null, name: 'TuSimple', entity_type: null, nationality: 'US', role: null, address: null }],
});

describe('earlier search and detail over HTTP', () => {
  let f: HttpFixture;
  beforeAll(async () => {
    f = await startHttp([EM_TWIN]);
  }, 60_000);
  afterAll(async () => f.close());

  /** Every page of an earlier search, following next_cursor. */
  const allPages = async (query: string) => {
    const pages = [];
    let cursor: string | null = null;
    do {
      const body = await json(await f.call(`/v1/search?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`));
      expect(body.success).toBe(true);
      pages.push(body.data);
      cursor = body.data.pagination.next_cursor;
    } while (cursor && pages.length < 50);
    return pages;
  };

  it('applies threshold before paging: full pages, and total_results counts the rows the pages hold', async () => {
    const pages = await allPages('q=tusimple&search_type=fuzzy&threshold=0.3&limit=2');
    const rows = pages.flatMap((p) => p.results);
    expect(rows.length).toBeGreaterThan(2);
    for (const p of pages) expect(p.pagination.total_results).toBe(rows.length);
    for (const p of pages.slice(0, -1)) expect(p.results).toHaveLength(2);
    for (const r of rows) expect(r.similarity_score).toBeGreaterThanOrEqual(0.3);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    // A higher threshold keeps the rows scoring above it, counted the same way.
    const scores = rows.map((r) => r.similarity_score as number);
    const cut = Math.min(...scores) + 0.001;
    const strict = await json(await f.call(`/v1/search?q=tusimple&search_type=fuzzy&threshold=${cut}&limit=100`));
    expect(strict.data.results.map((r: { id: string }) => r.id)).toEqual(rows.filter((r) => r.similarity_score >= cut).map((r) => r.id));
    expect(strict.data.pagination.total_results).toBe(strict.data.results.length);
  });

  it('a cursor is bound to its query', async () => {
    const first = await json(await f.call('/v1/search?q=tusimple&search_type=fuzzy&threshold=0.3&limit=1'));
    const cursor = first.data.pagination.next_cursor as string;
    expect(cursor).toBeTruthy();
    const other = await f.call(`/v1/search?q=tusimple&search_type=fuzzy&threshold=0.5&limit=1&cursor=${encodeURIComponent(cursor)}`);
    expect(other.status).toBe(400);
  });

  it('include=history and include=related fill each result', async () => {
    const plain = await json(await f.call('/v1/search?q=tusimple&threshold=0.9'));
    expect(plain.data.results[0].history).toBeUndefined();
    const body = await json(await f.call('/v1/search?q=tusimple&threshold=0.9&include=history,related&office=US'));
    const hit = body.data.results[0];
    expect(Array.isArray(hit.history)).toBe(true);
    expect(hit.history.length).toBeGreaterThan(0);
    expect(hit.history[0]).toHaveProperty('code');
    expect(hit.related_registrations.same_mark_other_offices.map((o: { id: string }) => o.id)).toContain(EM_TWIN.id);
    expect(hit.related_registrations.count).toBe(hit.related_registrations.same_mark_other_offices.length);
  });

  it("the earlier detail's related and similar are filled", async () => {
    const us = (await json(await f.call('/v1/search?q=tusimple&threshold=0.9&office=US'))).data.results[0];
    const detail = await json(await f.call(`/v1/trademarks/${us.id}?include=related,similar`, EARLIER));
    expect(detail.data.related_registrations.same_mark_other_offices).toEqual([
      expect.objectContaining({ id: EM_TWIN.id, office: 'EM', url: `/v1/trademarks/${EM_TWIN.id}` }),
    ]);
    const similar = detail.data.similar as { id: string; similarity_score: number }[];
    expect(similar.length).toBeGreaterThan(0);
    expect(similar.map((s) => s.id)).not.toContain(us.id);
    expect(similar.map((s) => s.id)).toContain(EM_TWIN.id);
    for (const s of similar) expect(s.similarity_score).toBeGreaterThan(0);
    const bare = await json(await f.call(`/v1/trademarks/${us.id}`, EARLIER));
    expect(bare.data.similar).toBeUndefined();
    expect(bare.data.related_registrations.count).toBe(0);
  });
});

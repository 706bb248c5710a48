// Search over HTTP on real records: GET and POST /v1/trademarks answer alike, POST takes the body
// form (filters, exclude), and suggestions are served at both spec paths.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttp, type HttpFixture } from './http-fixture.js';

let f: HttpFixture;
beforeAll(async () => {
  f = await startHttp();
});
afterAll(async () => f.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are checked by the assertions, not by types
const json = async (res: Response): Promise<any> => res.json();
const marks = (body: { data: { mark_text: string }[] }) => body.data.map((h) => h.mark_text);

describe('search over HTTP', () => {
  it('POST /v1/trademarks with a body equals the GET with flat parameters', async () => {
    const get = await json(await f.call('/v1/trademarks?q=kutex&similarity=phonetic&nice_classes=8'));
    const post = await f.call('/v1/trademarks', {
      method: 'POST',
      body: JSON.stringify({ q: 'kutex', similarity: ['phonetic'], filters: { nice_classes: [8] } }),
    });
    expect(post.status).toBe(200);
    const body = await json(post);
    expect(marks(body)).toEqual(marks(get));
    expect(marks(body)).toContain('CUTEX');
    expect(body.search_meta.similarity_applied).toEqual(['identical', 'phonetic']);
  });

  it('POST exclude.mark_text.contains removes the marks it names', async () => {
    const res = await f.call('/v1/trademarks', {
      method: 'POST',
      body: JSON.stringify({ q: 'kutex', similarity: ['phonetic'], exclude: { mark_text: { contains: ['CUTEX'] } } }),
    });
    expect(marks(await json(res))).not.toContain('CUTEX');
  });

  it('POST without Idempotency-Key is a validation_error', async () => {
    const res = await f.call('/v1/trademarks', { method: 'POST', body: JSON.stringify({ q: 'kutex' }), idem: '' });
    expect(res.status).toBe(400);
    expect((await json(res)).error.type).toBe('validation_error');
  });

  it('suggestions at /v1/trademarks/suggest and /v1/suggest agree', async () => {
    const a = await json(await f.call('/v1/trademarks/suggest?q=cut'));
    const b = await json(await f.call('/v1/suggest?q=cut'));
    expect(a.data.map((s: { text: string }) => s.text)).toContain('CUTEX');
    expect(b.data).toEqual(a.data);
  });
});

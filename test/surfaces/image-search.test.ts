// Figurative search by image (issue 29 point 10) over HTTP and the CLI: marks ingested with
// `--images DIR` (synthetic SVG marks rendered by sharp, bench/lib/figure-images.ts) are found
// again from a rescaled, recoloured, cropped or JPEG copy; an oversized upload is the spec's 413.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestFiles } from '../../src/ingest/pipeline.js';
import { markPng, TRANSFORMS } from '../../bench/lib/figure-images.js';
import { tmCli } from '../helpers/tm-processes.js';
import { storeLocation } from '../helpers/test-backend.js';
import { startHttp, type HttpFixture } from './http-fixture.js';

const dir = mkdtempSync(join(tmpdir(), 'tm-image-search-'));
const images = join(dir, 'images');
const marks = join(dir, 'marks.ndjson');
const tm = tmCli({ TM_DB: storeLocation(join(dir, 'cli')), TM_NOW: '2026-11-22T12:00:00.000Z' });
let fx: HttpFixture;

interface Result {
  application_number?: string;
  similarity_score: number;
}
const numbersOf = (results: Result[]): string[] => results.map((r) => JSON.stringify(r)).map((j) => /"(GB9\d+)"/.exec(j)?.[1] ?? '');

const upload = (image: Buffer, fields: Record<string, string> = {}): Promise<Response> => {
  const form = new FormData();
  form.set('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'query.png');
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return fx.call('/v1/search/image', { method: 'POST', body: form });
};

beforeAll(async () => {
  mkdirSync(images);
  mkdirSync(join(dir, 'cli'));
  const rows = [];
  for (let n = 0; n < 8; n++) {
    rows.push(JSON.stringify({ office_code: 'GB', application_number: `GB9${n}`, mark_text: `FIGURE ${n}`, mark_type: 'figurative' }));
    writeFileSync(join(images, `GB9${n}.png`), await markPng(n));
  }
  writeFileSync(marks, rows.join('\n'));
  fx = await startHttp();
  const summary = await ingestFiles(fx.tmp.ctx, [marks], { images });
  expect(summary.images).toEqual({ images: 8, hashed: 8, unmatched: 0 });
}, 60_000);
afterAll(async () => {
  await fx?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('POST /v1/search/image', () => {
  it('finds the mark first from transformed copies of its image', async () => {
    const original = await markPng(3);
    for (const name of ['rescale_down', 'recolour', 'crop_5pct', 'jpeg_q60']) {
      const r = await upload(await TRANSFORMS[name]!(original));
      expect(r.status).toBe(200);
      const body = (await r.json()) as { data: { results: Result[]; search_metadata: { credits_used: number } } };
      expect(numbersOf(body.data.results)[0], name).toBe('GB93');
      expect(body.data.results[0]!.similarity_score).toBeGreaterThanOrEqual(0.75);
      expect(body.data.search_metadata.credits_used).toBe(3);
    }
  });

  it('counts 3 search units in usage for one image search', async () => {
    const searches = async (): Promise<number> => {
      const summary = (await (await fx.call('/v1/usage/summary?days=1')).json()) as { days: { by_meter: Record<string, number> }[] };
      return summary.days[0]?.by_meter.search ?? 0;
    };
    const before = await searches();
    expect((await upload(await markPng(2))).status).toBe(200);
    expect((await searches()) - before).toBe(3);
  });

  it('keeps only results from the threshold up', async () => {
    const r = await upload(await markPng(5), { threshold: '0.99' });
    const body = (await r.json()) as { data: { results: Result[] } };
    expect(numbersOf(body.data.results)).toEqual(['GB95']);
  });

  it('answers an upload over 10 MB with 413 and an unreadable image with 400', async () => {
    const big = await upload(Buffer.alloc(10 * 1024 * 1024 + 1, 1));
    expect(big.status).toBe(413);
    expect(((await big.json()) as { error: { code: string } }).error.code).toBe('payload_too_large');
    const junk = await upload(Buffer.from('not an image'));
    expect(junk.status).toBe(400);
    expect(((await junk.json()) as { error: { code: string; details: { param: string } } }).error).toMatchObject({ code: 'validation_error', details: { param: 'image' } });
  });
});

describe('tm ingest --images, tm search-image and tm search --image', () => {
  it('stores hashes at ingest and finds the mark from a rescaled copy', async () => {
    const ingest = await tm('ingest', marks, '--images', images, '--json');
    expect(ingest.exitCode).toBe(0);
    expect(JSON.parse(ingest.stdout).images).toEqual({ images: 8, hashed: 8, unmatched: 0 });
    const query = join(dir, 'query.jpg');
    writeFileSync(query, await TRANSFORMS.jpeg_q60!(await TRANSFORMS.rescale_up!(await markPng(6))));
    const r = await tm('search-image', query, '--json');
    expect(r.exitCode).toBe(0);
    expect(numbersOf(JSON.parse(r.stdout).data.results)[0]).toBe('GB96');

    // `tm search --image FILE` is the same search, with search-image's own flags and the shared ones.
    const timeless = (stdout: string): unknown => {
      const body = JSON.parse(stdout) as { data: { search_metadata: { query_time_ms?: number } } };
      delete body.data.search_metadata.query_time_ms;
      return body;
    };
    const flagged = await tm('search', '--image', query, '--json');
    expect(flagged.exitCode).toBe(0);
    expect(timeless(flagged.stdout)).toEqual(timeless(r.stdout));
    const narrowed = await tm('search', '--image', query, '--threshold', '0.9', '--office', 'GB', '--limit', '1', '--json');
    const narrowedOwn = await tm('search-image', query, '--threshold', '0.9', '--office', 'GB', '--limit', '1', '--json');
    expect(narrowed.exitCode).toBe(0);
    expect(timeless(narrowed.stdout)).toEqual(timeless(narrowedOwn.stdout));
    expect(JSON.parse(narrowed.stdout).data.results).toHaveLength(1);
  });

  it('refuses a text query or text-search flags beside --image in one line with exit 2', async () => {
    const query = join(dir, 'plain.png');
    writeFileSync(query, await markPng(2));
    for (const args of [['FIGURE', '--image', query], ['--image', query, '--status', 'active'], ['--image', query, '--design-code', '26']]) {
      const r = await tm('search', ...args);
      expect(r.exitCode).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toContain('--image cannot be combined with');
    }
    // A missing file is the same answer and exit code either way.
    const missing = join(dir, 'missing.png');
    const own = await tm('search-image', missing);
    const flagged = await tm('search', '--image', missing);
    expect(own.exitCode).not.toBe(0);
    expect([flagged.exitCode, flagged.stderr]).toEqual([own.exitCode, own.stderr]);
  });
});

describe('OpenAPI', () => {
  it('describes POST /v1/search/image as a multipart upload with a binary image', async () => {
    const doc = (await (await fx.call('/v1/openapi.json')).json()) as { paths: Record<string, Record<string, { requestBody: { content: Record<string, { schema: { properties: Record<string, { format?: string }> } }> } }>> };
    const body = doc.paths['/v1/search/image']!.post!.requestBody.content['multipart/form-data']!;
    expect(body.schema.properties.image!.format).toBe('binary');
  });
});

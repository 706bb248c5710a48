// Figurative search over MCP (issue 29 point 10): the `search_image` tool, listed in the `figures`
// toolset, takes a base64 PNG and finds the mark whose ingested image it is a transformed copy of.
// The images are the synthetic marks of bench/lib/figure-images.ts (no office images ship with
// the repository), rendered to PNG by sharp, stored with `tm ingest --images`'s pipeline.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markPng, TRANSFORMS } from '../../bench/lib/figure-images.js';
import { ingestFiles } from '../../src/ingest/pipeline.js';
import { mcpFixture, type McpFixture } from './mcp-fixture.js';

interface Out {
  success: boolean;
  data: { results: { office_data: { application_number: string }; similarity_score: number }[]; search_metadata: { search_type: string; credits_used: number } };
}

let m: McpFixture;

beforeAll(async () => {
  m = await mcpFixture(async ({ ctx, dir }) => {
    const images = join(dir, 'images');
    mkdirSync(images);
    const rows: string[] = [];
    for (let n = 0; n < 6; n++) {
      rows.push(JSON.stringify({ office_code: 'GB', application_number: `GB8${n}`, mark_text: `FIGURE ${n}`, mark_type: 'figurative' }));
      writeFileSync(join(images, `GB8${n}.png`), await markPng(n));
    }
    const marks = join(dir, 'figures.ndjson');
    writeFileSync(marks, rows.join('\n'));
    const summary = await ingestFiles(ctx, [marks], { images });
    expect(summary.images).toEqual({ images: 6, hashed: 6, unmatched: 0 });
  });
}, 60_000);
afterAll(async () => m?.close());

describe('search_image over MCP', () => {
  it('is listed in the figures toolset and finds the mark from a rescaled, recoloured PNG', async () => {
    const { client, call } = await m.connect(undefined, 'figures');
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['search_image']);
    const query = await TRANSFORMS.recolour!(await TRANSFORMS.rescale_down!(await markPng(4)));
    expect(query.subarray(1, 4).toString()).toBe('PNG');
    const out = await call('search_image', { image: query.toString('base64') });
    expect(out.isError, JSON.stringify(out.content)).toBeFalsy();
    const body = out.structuredContent as unknown as Out;
    expect(body.data.results[0]).toMatchObject({ office_data: { application_number: 'GB84' } });
    expect(body.data.results[0]!.similarity_score).toBeGreaterThanOrEqual(0.75);
    expect(body.data.search_metadata).toMatchObject({ search_type: 'image', credits_used: 3 });
    // The threshold keeps the other figures out; another mark's image finds that mark instead.
    const strict = (await call('search_image', { image: (await markPng(1)).toString('base64'), threshold: 0.99 })).structuredContent as unknown as Out;
    expect(strict.data.results.map((r) => r.office_data.application_number)).toEqual(['GB81']);
    await client.close();
  });

  it('answers bytes that are not an image with a validation error naming `image`', async () => {
    const { client, call } = await m.connect(undefined, 'figures');
    const out = await call('search_image', { image: Buffer.from('not an image').toString('base64') });
    expect(out.isError).toBe(true);
    expect(out.structuredContent).toMatchObject({ error: { type: 'validation_error', param: 'image' } });
    await client.close();
  });
});

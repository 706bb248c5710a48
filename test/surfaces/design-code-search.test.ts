// Design-code search (issue 29 point 10) over the CLI and HTTP: the EUIPO figurative fixture's
// Vienna codes are filed at every level at ingest, and `design_code` ranks marks by how many query
// codes they match, then by how deep (category < division < section).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestFiles } from '../../src/ingest/pipeline.js';
import { tmCli } from '../helpers/tm-processes.js';
import { storeLocation } from '../helpers/test-backend.js';
import { startHttp, type HttpFixture } from './http-fixture.js';

const FIGURATIVE = join(import.meta.dirname, '../../fixtures/euipo/figurative-2020/Trademark2020_validation-sample.json');
const dir = mkdtempSync(join(tmpdir(), 'tm-design-code-'));
const tm = tmCli({ TM_DB: storeLocation(dir), TM_NOW: '2026-11-22T12:00:00.000Z' });
let fx: HttpFixture;

interface Hit {
  application_number: string;
  relevance_score: number;
  design_match: { code: string; matched: string; level: string }[];
}
const numbers = (hits: Hit[]): string[] => hits.map((h) => h.application_number);

beforeAll(async () => {
  expect((await tm('ingest', FIGURATIVE)).exitCode).toBe(0);
  fx = await startHttp();
  await ingestFiles(fx.tmp.ctx, [FIGURATIVE]);
}, 60_000);
afterAll(async () => {
  await fx?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('tm search --design-code', () => {
  it('ranks section matches above division above category matches', async () => {
    const r = await tm('search', '--design-code', '26.11.01', '--json');
    expect(r.exitCode).toBe(0);
    const hits = JSON.parse(r.stdout).data as Hit[];
    expect(numbers(hits).slice(0, 3)).toEqual(['000001248', 'W00840480', '000006361']);
    expect(numbers(hits).slice(3).sort()).toEqual(['000003088', '000006320']);
    expect(hits.map((h) => h.design_match[0]!.level)).toEqual(['section', 'section', 'division', 'category', 'category']);
    expect(hits.map((h) => h.relevance_score)).toEqual([100, 100, 67, 33, 33]);
  });

  it('ranks marks matching more of the query codes first, in EUIPO digit form too', async () => {
    const r = await tm('search', '--design-code', '261101,250721', '--json');
    const hits = JSON.parse(r.stdout).data as Hit[];
    expect(numbers(hits)).toEqual(['000006361', '000006320', '000001248', 'W00840480', '000003088']);
    expect(hits[0]!.design_match).toEqual([
      { code: '26.11.01', matched: '26.11', level: 'division' },
      { code: '25.07.21', matched: '25.07.21', level: 'section' },
    ]);
  });

  it('refuses a malformed code and a text query alongside, in one line with exit 2', async () => {
    const bad = await tm('search', '--design-code', '3.x');
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toContain('not a design code');
    const both = await tm('search', 'SETA', '--design-code', '01.17');
    expect(both.exitCode).toBe(2);
    expect(both.stderr).toContain('cannot be combined');
  });
});

describe('GET /v1/trademarks?design_code=', () => {
  it('pages the ranked marks with a cursor and filters by office', async () => {
    const first = await fx.call('/v1/trademarks?design_code=26&limit=2');
    expect(first.status).toBe(200);
    const page1 = (await first.json()) as { data: Hit[]; has_more: boolean; pagination: { cursor: string } };
    expect(page1.data).toHaveLength(2);
    expect(page1.has_more).toBe(true);
    const next = await fx.call(`/v1/trademarks?design_code=26&limit=2&cursor=${encodeURIComponent(page1.pagination.cursor)}`);
    const page2 = (await next.json()) as { data: Hit[] };
    expect(numbers(page2.data)).not.toContain(page1.data[0]!.application_number);
    // The USPTO fixture carries design search codes too: the office filter keeps one office's marks.
    const us = ((await (await fx.call('/v1/trademarks?design_code=26&offices=US&limit=100')).json()) as { data: (Hit & { office_code: string })[] }).data;
    const em = ((await (await fx.call('/v1/trademarks?design_code=26&offices=EM&limit=100')).json()) as { data: (Hit & { office_code: string })[] }).data;
    expect(us.length).toBeGreaterThan(0);
    expect(new Set(us.map((h) => h.office_code))).toEqual(new Set(['US']));
    expect(numbers(em).sort()).toEqual(['000001248', '000003088', '000006320', '000006361', 'W00840480']);
  });

  it('answers a malformed code with the spec error body', async () => {
    const r = await fx.call('/v1/trademarks?design_code=abc');
    expect(r.status).toBe(400);
    expect(((await r.json()) as { error: { type: string; param: string } }).error).toMatchObject({ type: 'validation_error', param: 'design_code' });
  });
});

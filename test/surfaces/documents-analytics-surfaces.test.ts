// Documents, citations and the portfolio analytics on every surface: HTTP on a real server (current
// and earlier-shape document routes, citations, composition and renewal load as JSON), MCP through
// the official SDK client, and the CLI drawing the analytics as bars on a terminal.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestFiles } from '../../src/ingest/pipeline.js';
import { tmCli } from '../helpers/tm-processes.js';
import { FIXTURES, startHttp as startApi, type HttpFixture } from './http-fixture.js';
import { mcpFixture, type McpFixture } from './mcp-fixture.js';

const CASEDOCS = join(import.meta.dirname, '../../fixtures/uspto/tsdr/casedocs_sn78787878_info.xml');
const TTAB = join(import.meta.dirname, '../../fixtures/uspto/ttab/tt230101-sample.xml');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are checked by the assertions, not by types
const json = async (res: Response): Promise<any> => res.json();

describe('documents, citations and analytics over HTTP', () => {
  let f: HttpFixture;
  beforeAll(async () => {
    f = await startApi();
    expect((await ingestFiles(f.tmp.ctx, [CASEDOCS, TTAB])).failed_files).toEqual([]);
  }, 60_000);
  afterAll(async () => f.close());

  it('GET /v1/trademarks/{id}/documents and the earlier /v1/trademarks/{jurisdiction}/{trademark_id}/documents', async () => {
    const docs = await json(await f.call('/v1/trademarks/US:78787878/documents?type=NOA'));
    expect(docs).toMatchObject({ object: 'list', data: [{ type: 'NOA', date: '2007-09-25', url: null }] });
    const earlier = await json(await f.call('/v1/trademarks/US/78787878/documents'));
    expect(earlier.success).toBe(true);
    expect(earlier.data.documents).toHaveLength(16);
    expect((await f.call('/v1/trademarks/US:12345678/documents')).status).toBe(404);
  });

  it('GET /v1/trademarks/{id}/citations lists an opposer\'s marks against the opposed mark', async () => {
    const out = await json(await f.call('/v1/trademarks/US:79268185/citations'));
    expect(out.data).toMatchObject([{ object: 'citation', direction: 'cited_against', relation: 'opposition', application_number: '88495169' }]);
    expect((await f.call('/v1/trademarks/US:79268185/citations?direction=sideways')).status).toBe(400);
  });

  it('GET /v1/analytics/composition and /v1/analytics/renewals answer JSON; a bad scope is a 400', async () => {
    const comp = await json(await f.call('/v1/analytics/composition?office=US'));
    expect(comp).toMatchObject({ object: 'portfolio_composition', by_office: { US: comp.trademarks } });
    const load = await json(await f.call('/v1/analytics/renewals?office=US&as_of_date=2026-11-22'));
    expect(load.object).toBe('renewal_load');
    expect(load.years.length).toBeGreaterThan(0);
    expect(load.years[0].fees[0].currency).toBe('USD');
    const bad = await f.call('/v1/analytics/renewals?owner=acme');
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.type).toBe('id_type_mismatch');
  });
});

describe('documents, citations and analytics over MCP', () => {
  let m: McpFixture;
  beforeAll(async () => {
    m = await mcpFixture(async ({ ctx }) => {
      expect((await ingestFiles(ctx, [CASEDOCS, ...FIXTURES])).failed_files).toEqual([]);
    });
  });
  afterAll(async () => m.close());

  it('answers list_trademark_documents, list_trademark_citations, get_portfolio_composition and get_renewal_load', async () => {
    const { client, call } = await m.connect();
    expect(((await call('list_trademark_documents', { id: 'US:78787878' })).structuredContent as { data: unknown[] }).data).toHaveLength(16);
    expect((await call('list_trademark_citations', { id: 'US:87310367' })).structuredContent).toMatchObject({ data: [] });
    expect((await call('get_portfolio_composition', { office: 'EM' })).structuredContent).toMatchObject({ object: 'portfolio_composition' });
    expect((await call('get_renewal_load', { as_of_date: '2026-11-22' })).structuredContent).toMatchObject({ object: 'renewal_load' });
    await client.close();
  });
});

describe('documents and analytics on the CLI', () => {
  const home = mkdtempSync(join(tmpdir(), 'tm-docs-'));
  const env = { TM_HOME: home, TM_NOW: '2026-11-22T12:00:00.000Z' };
  const tm = tmCli(env);
  beforeAll(async () => {
    expect((await tm('ingest', CASEDOCS, ...FIXTURES)).exitCode).toBe(0);
  }, 60_000);

  it('tm documents prints the list; tm analytics renewals and composition draw bars on a terminal', async () => {
    expect(JSON.parse((await tm('documents', 'US:78787878', '--type', 'Specimens', '--json')).stdout).data).toHaveLength(2);
    const bars = await execa('script', ['-qec', 'node bin/tm.js analytics renewals --office US', '/dev/null'], { reject: false, env: { ...process.env, ...env, COLUMNS: '100' } });
    expect(bars.stdout).toMatch(/Renewals and declarations due per year/);
    expect(bars.stdout).toMatch(/\d{4} █+ \d+ {2}USD [\d,]+/);
    const comp = await execa('script', ['-qec', 'node bin/tm.js analytics composition', '/dev/null'], { reject: false, env: { ...process.env, ...env, COLUMNS: '100' } });
    expect(comp.stdout).toMatch(/By office\r?\n {2}US +█+ \d+/);
    const none = await tm('documents', 'US:12345678');
    expect(none.exitCode).toBe(3);
    expect(none.stderr).toMatch(/No trademark US:12345678/);
  }, 60_000);
});

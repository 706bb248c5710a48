// The records operations on every surface, over the real TTAB daily file: HTTP on a real server
// (and the OpenAPI document), MCP through the official SDK client, and the CLI (`tm ingest`,
// `tm proceeding show`), with the assignment XML on the CLI.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestFiles } from '../../src/ingest/pipeline.js';
import { tmCli } from '../helpers/tm-processes.js';
import { startHttp as startApi, type HttpFixture } from './http-fixture.js';
import { mcpFixture, type McpFixture } from './mcp-fixture.js';

const TTAB = join(import.meta.dirname, '../../fixtures/uspto/ttab/tt230101-sample.xml');
const ASB = join(import.meta.dirname, '../../fixtures/uspto/assignment-xml/asb-historical-sample.xml');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are checked by the assertions, not by types
const json = async (res: Response): Promise<any> => res.json();

describe('proceedings over HTTP', () => {
  let f: HttpFixture;
  beforeAll(async () => {
    f = await startApi();
    await ingestFiles(f.tmp.ctx, [TTAB]);
  }, 60_000);
  afterAll(async () => f.close());

  it('serves a proceeding by its number, the list, and the OpenAPI paths', async () => {
    const res = await f.call('/v1/proceedings/91264142');
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({ object: 'proceeding', application_number: '91264142', kind: 'opposition', status: { open: true, code: '2', label: 'PENDING' } });
    const list = await json(await f.call('/v1/proceedings?kinds=cancellation'));
    expect(list.data.map((p: { application_number: string }) => p.application_number)).toEqual(['92081284']);
    const doc = await json(await f.call('/v1/openapi.json', { key: null }));
    for (const path of ['/v1/proceedings', '/v1/proceedings/{id}', '/v1/trademarks/{id}/proceedings']) expect(doc.paths[path]?.get, path).toBeDefined();
  });

  it('answers a wrong id type with 400 and an unknown proceeding with 404, in the spec error body', async () => {
    const wrong = await f.call('/v1/proceedings/tm_abc');
    expect(wrong.status).toBe(400);
    expect((await json(wrong)).error).toMatchObject({ type: 'id_type_mismatch', param: 'id' });
    expect((await f.call('/v1/proceedings/91000001')).status).toBe(404);
  });
});

describe('proceedings over MCP', () => {
  let m: McpFixture;
  beforeAll(async () => {
    m = await mcpFixture(async ({ ctx }) => {
      await ingestFiles(ctx, [TTAB]);
    });
  });
  afterAll(async () => m.close());

  it('lists the proceeding tools and reads one with a structured result', async () => {
    const { client, call } = await m.connect(undefined, 'all');
    const names = (await client.listTools()).tools.map((x) => x.name);
    expect(names).toEqual(expect.arrayContaining(['get_proceeding', 'list_proceedings', 'list_trademark_proceedings']));
    const got = await call('get_proceeding', { id: '92081284' });
    expect(got.isError).toBeFalsy();
    expect(got.structuredContent).toMatchObject({ kind: 'cancellation', parties: [{ name: 'Harbor Digital LLC' }, { name: 'THE PIN ZONE, L.L.C.' }] });
    await client.close();
  });
});

describe('proceedings on the CLI', () => {
  const home = mkdtempSync(join(tmpdir(), 'tm-records-'));
  const env = { TM_HOME: home, TM_NOW: '2026-11-22T12:00:00.000Z' };
  const tm = tmCli(env);

  it('ingests the TTAB file, shows a proceeding, and names a bad id in one line', async () => {
    const ingest = await tm('ingest', TTAB, '--json');
    expect(ingest.exitCode).toBe(0);
    expect(JSON.parse(ingest.stdout)).toMatchObject({ records: 6, proceedings: 6 });
    const shown = await tm('proceeding', 'show', '91281805', '--json');
    expect(JSON.parse(shown.stdout)).toMatchObject({ application_number: '91281805', filing_date: '2022-11-16' });
    const bad = await tm('proceeding', 'show', 'asg_1');
    expect(bad.exitCode).not.toBe(0);
    expect(bad.stderr.trim().split('\n')[0]).toMatch(/not a proceeding id/);
  }, 60_000);

  it('ingests the assignment XML and shows a document by reel/frame', async () => {
    const ingest = await tm('ingest', ASB, '--json');
    expect(JSON.parse(ingest.stdout)).toMatchObject({ records: 2, assignments: 2 });
    const shown = JSON.parse((await tm('assignment', 'show', '1/0438', '--json')).stdout);
    expect(shown).toMatchObject({ conveyance: 'ASSIGNS THE ENTIRE INTEREST', conveyance_kind: 'transfer', recorded_date: '1955-01-20', assignees: ['HANDY ROLL CO.'] });
  }, 60_000);

  it('a truncated TTAB or assignment file is the ingest input error, exit 7', async () => {
    const { readFileSync, writeFileSync } = await import('node:fs');
    const cut = join(home, 'cut.xml');
    writeFileSync(cut, readFileSync(TTAB, 'utf8').slice(0, 20_000));
    const res = await tm('ingest', cut);
    expect(res.exitCode).toBe(7);
    expect(res.stderr).toMatch(/cut\.xml: not well-formed USPTO TTAB proceedings XML/);
    const asb = join(home, 'asb.xml');
    writeFileSync(asb, readFileSync(ASB, 'utf8').slice(0, 1_500));
    const cutAsb = await tm('ingest', asb);
    expect(cutAsb.exitCode).toBe(7);
    expect(cutAsb.stderr).toMatch(/asb\.xml: not well-formed USPTO trademark assignment XML/);
  }, 60_000);
});

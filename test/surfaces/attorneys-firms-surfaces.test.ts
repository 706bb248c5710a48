// Attorneys and firms (att_, firm_) on every surface: HTTP on a real server over the ingested
// office fixtures (search, detail, marks, spec error bodies), MCP through the official SDK client,
// and the CLI on a real store (`tm attorneys search`, `tm attorney show`, `tm firm show|marks`).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestFiles } from '../../src/ingest/pipeline.js';
import { tmCli } from '../helpers/tm-processes.js';
import { FIXTURES, startHttp as startApi, type HttpFixture } from './http-fixture.js';
import { mcpFixture, type McpFixture } from './mcp-fixture.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are checked by the assertions, not by types
const json = async (res: Response): Promise<any> => res.json();

describe('attorneys and firms over HTTP', () => {
  let f: HttpFixture;
  beforeAll(async () => {
    f = await startApi();
  }, 60_000);
  afterAll(async () => f.close());

  it('GET /v1/attorneys?q= finds an attorney; /v1/attorneys/{id} and its marks answer by id', async () => {
    const found = await json(await f.call('/v1/attorneys?q=salter'));
    expect(found).toMatchObject({ object: 'list', data: [{ object: 'attorney', name: 'Jim H. Salter', trademark_count: 3 }] });
    const id = found.data[0].id as string;
    expect(id).toMatch(/^att_/);
    const detail = await json(await f.call(`/v1/attorneys/${id}`));
    expect(detail).toMatchObject({ id, object: 'attorney', counts: { trademarks: 3 }, firms: [{ name: 'INVENTIVE PATENT LAW P.C.' }] });
    const marks = await json(await f.call(`/v1/attorneys/${id}/trademarks?include_total=true`));
    expect(marks.pagination.total_count).toBe(3);
  });

  it('GET /v1/firms lists firms by marks; /v1/firms/{id} names its attorneys', async () => {
    const list = await json(await f.call('/v1/firms?office=EM&limit=50'));
    expect(list.data.map((d: { name: string }) => d.name)).toContain('MARKS & CLERK LLP');
    const firm = list.data.find((d: { name: string }) => d.name === 'MARKS & CLERK LLP');
    const detail = await json(await f.call(`/v1/firms/${firm.id}`));
    expect(detail).toMatchObject({ object: 'firm', counts: { trademarks: 2, by_office: { EM: 2 } }, attorneys: [] });
  });

  it('answers a wrong prefix with 400 id_type_mismatch and an unknown id with 404', async () => {
    const mismatch = await f.call('/v1/firms/tm_392df2803b9f6ed78113');
    expect(mismatch.status).toBe(400);
    expect((await json(mismatch)).error.type).toBe('id_type_mismatch');
    expect((await f.call('/v1/attorneys/att_00000000000000000000')).status).toBe(404);
    const short = await f.call('/v1/attorneys?q=x');
    expect(short.status).toBe(400);
    expect(JSON.stringify(await json(short))).toMatch(/q needs at least 2 characters/);
  });
});

describe('attorneys and firms over MCP', () => {
  let m: McpFixture;
  beforeAll(async () => {
    m = await mcpFixture(async ({ ctx }) => {
      expect((await ingestFiles(ctx, FIXTURES)).failed_files).toEqual([]);
    });
  });
  afterAll(async () => m.close());

  it('lists the tools and answers search_attorneys, get_attorney and get_firm', async () => {
    const { client, call } = await m.connect(undefined, 'all');
    const names = (await client.listTools()).tools.map((x) => x.name);
    expect(names).toEqual(expect.arrayContaining(['search_attorneys', 'get_attorney', 'search_firms', 'get_firm', 'list_attorney_trademarks']));
    const hit = (await call('search_attorneys', { q: 'Jeffrey Thennisch' })).structuredContent as { data: { id: string; name: string }[] };
    expect(hit.data[0]!.name).toBe('Jeffrey P. Thennisch');
    const att = (await call('get_attorney', { id: hit.data[0]!.id })).structuredContent as { firms: { id: string; name: string }[] };
    expect(att.firms.map((x) => x.name)).toEqual(['LORENZ & KOPF, LLP']);
    const firm = (await call('get_firm', { id: att.firms[0]!.id })).structuredContent as { attorneys: { id: string }[] };
    expect(firm.attorneys.map((a) => a.id)).toEqual([hit.data[0]!.id]);
    expect((await call('get_firm', { id: 'own_29d08d73d164a218bad1' })).isError).toBe(true);
    await client.close();
  });
});

describe('attorneys and firms on the CLI', () => {
  const home = mkdtempSync(join(tmpdir(), 'tm-attorneys-'));
  const env = { TM_HOME: home, TM_NOW: '2026-11-22T12:00:00.000Z' };
  const tm = tmCli(env);
  beforeAll(async () => {
    expect((await tm('ingest', ...FIXTURES)).exitCode).toBe(0);
  }, 60_000);

  it('tm attorneys search, tm attorney show and tm firm show|marks find parties by name', async () => {
    const found = JSON.parse((await tm('attorneys', 'search', 'thennisch', '--json')).stdout);
    expect(found.data[0]).toMatchObject({ name: 'Jeffrey P. Thennisch', score: 0.9 });
    const shown = JSON.parse((await tm('attorney', 'show', 'JEFFREY P. THENNISCH', '--json')).stdout);
    expect(shown).toMatchObject({ id: found.data[0].id, firms: [{ name: 'LORENZ & KOPF, LLP' }] });
    const firm = JSON.parse((await tm('firm', 'show', 'Lorenz & Kopf', '--json')).stdout);
    expect(firm.attorneys[0].id).toBe(found.data[0].id);
    const marks = JSON.parse((await tm('firm', 'marks', firm.id, '--json')).stdout);
    expect(marks.data).toHaveLength(firm.counts.trademarks);
    const none = await tm('attorney', 'show', 'Qqxx Zzvv');
    expect(none.exitCode).toBe(3);
    expect(none.stderr.trim().split('\n')).toHaveLength(1);
    expect(none.stderr).toMatch(/No attorney named like 'Qqxx Zzvv'/);
  }, 60_000);
});

// Ids you can copy (issue 26 point 4): every command, route and tool that takes an id takes a
// unique prefix of it, as git does. US:97000129 and US:97000691 have ids that share five hex
// characters (tm_e4ec9c… and tm_e4ec9d…), so tm_e4ec9 is ambiguous and tm_e4ec9c is not.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRecord, tempContext, type TempContext } from '../helpers/factory.js';
import { tmCli } from '../helpers/tm-processes.js';
import { startHttp, type HttpFixture } from './http-fixture.js';
import { mcpFixture, type McpFixture } from './mcp-fixture.js';

const A = makeRecord({ application_number: '97000129', mark_text: 'PREFIX ALPHA' });
const B = makeRecord({ application_number: '97000691', mark_text: 'PREFIX BETA' });
const AT = '2026-11-01T00:00:00.000Z';

describe('id prefixes on the CLI', () => {
  let tmp: TempContext;
  let tm: ReturnType<typeof tmCli>;
  beforeAll(async () => {
    tmp = tempContext();
    await tmp.ctx.store.trademarks.upsert([A, B], AT);
    await tmp.ctx.store.close();
    tm = tmCli({ TM_DB: tmp.ctx.config.dbPath, TM_NOW: '2026-11-22T12:00:00.000Z' });
  });
  afterAll(() => tmp.cleanup());

  it('shows the one mark a unique prefix names', async () => {
    const r = await tm('show', 'tm_e4ec9c', '--json');
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ id: A.id, mark_text: 'PREFIX ALPHA' });
  });

  it('refuses an ambiguous prefix with one line listing the matches, exit 2', async () => {
    const r = await tm('show', 'tm_e4ec9');
    expect(r.exitCode).toBe(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('tm_e4ec9 is ambiguous');
    expect(lines[0]).toContain(A.id);
    expect(lines[0]).toContain(B.id);
    const json = JSON.parse((await tm('show', 'tm_e4ec9', '--json')).stdout);
    expect(json.error).toMatchObject({ type: 'validation_error', status: 400, param: 'id', matches: [A.id, B.id] });
  });

  it('is not_found (exit 3) for a prefix that matches nothing, and for one too short to be a prefix', async () => {
    expect((await tm('show', 'tm_e4ec9e')).exitCode).toBe(3);
    expect((await tm('show', 'tm_e4e')).exitCode).toBe(3);
  });

  it('takes prefixes of ids the command just printed, in positional lists too', async () => {
    const created = JSON.parse((await tm('portfolios', 'create', 'Prefixes', '--json')).stdout) as { id: string };
    const short = created.id.slice(0, 'ptf_'.length + 6);
    const added = await tm('portfolios', 'add', short, 'tm_e4ec9c', 'tm_e4ec9d', '--json');
    expect(added.exitCode).toBe(0);
    expect(JSON.parse(added.stdout)).toMatchObject({ mark_count: 2 });
    const shown = JSON.parse((await tm('portfolios', 'show', short, '--json')).stdout);
    expect(shown.id).toBe(created.id);
    expect((await tm('history', 'tm_e4ec9d', '--json')).exitCode).toBe(0);
  });
});

describe('id prefixes over HTTP', () => {
  let f: HttpFixture;
  beforeAll(async () => {
    f = await startHttp([A, B]);
  });
  afterAll(() => f.close());

  it('answers a unique prefix with the whole record', async () => {
    const res = await f.call('/v1/trademarks/tm_e4ec9c');
    expect(res.status).toBe(200);
    expect((await res.json()).id).toBe(A.id);
  });

  it('answers an ambiguous prefix 400 with the matches, and no match 404', async () => {
    const res = await f.call('/v1/trademarks/tm_e4ec9');
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({ type: 'validation_error', matches: [A.id, B.id] });
    expect((await f.call('/v1/trademarks/tm_e4ec9e')).status).toBe(404);
  });

  it("expands an organization's ids only among its own", async () => {
    const created = await (await f.call('/v1/portfolios', { method: 'POST', body: JSON.stringify({ name: 'Mine' }) })).json();
    const short = (created.id as string).slice(0, 'ptf_'.length + 6);
    const mine = await f.call(`/v1/portfolios/${short}`);
    expect(mine.status).toBe(200);
    expect((await mine.json()).id).toBe(created.id);
    expect((await f.call(`/v1/portfolios/${short}`, { key: f.orgB.all })).status).toBe(404);
  });

  it('expands ids nested in a body: a watch query names its mark by prefix', async () => {
    const res = await f.call('/v1/watches', { method: 'POST', body: JSON.stringify({ name: 'Alpha', watch_type: 'mark', query: { filters: { trademarkIds: ['tm_e4ec9c'] } } }) });
    expect(res.status).toBe(201);
    expect((await res.json()).query.filters.trademarkIds).toEqual([A.id]);
  });
});

describe('id prefixes over MCP', () => {
  let f: McpFixture;
  beforeAll(async () => {
    f = await mcpFixture(async (tmp) => tmp.ctx.store.trademarks.upsert([A, B], AT));
  });
  afterAll(() => f.close());

  it('get_trademark takes a unique prefix and refuses an ambiguous one, listing the matches', async () => {
    const s = await f.connect();
    try {
      const ok = await s.call('get_trademark', { id: 'tm_e4ec9c' });
      expect(ok.isError).toBeFalsy();
      expect(ok.structuredContent).toMatchObject({ id: A.id });
      const ambiguous = await s.call('get_trademark', { id: 'tm_e4ec9' });
      expect(ambiguous.isError).toBe(true);
      expect(ambiguous.structuredContent).toMatchObject({ error: { type: 'validation_error', status: 400, matches: [A.id, B.id] } });
      const none = await s.call('get_trademark', { id: 'tm_e4ec9e' });
      expect(none.structuredContent).toMatchObject({ error: { type: 'not_found' } });
    } finally {
      await s.client.close();
    }
  });
});

// application_number and registration_number as filters (spec §4.2, issue 29.2): on search (with
// and without q) and on a party's trademark list, over HTTP, MCP and the CLI; each needs one
// office, and each goes through the (office_code, number) index.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tmCli } from '../helpers/tm-processes.js';
import { FIXTURES, startHttp, type HttpFixture } from './http-fixture.js';
import { mcpFixture, type McpFixture } from './mcp-fixture.js';
import { itOnSqlite } from '../helpers/test-backend.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are checked by the assertions, not by types
const json = async (res: Response): Promise<any> => res.json();

// USPTO fixture: serial 72029003 is registration 0657968.
const SERIAL = '72029003';
const REG = '0657968';

describe('number filters over HTTP', () => {
  let f: HttpFixture;
  beforeAll(async () => {
    f = await startHttp();
  }, 60_000);
  afterAll(async () => f.close());

  it('lists the one mark with an application or registration number at an office', async () => {
    const byApp = await json(await f.call(`/v1/trademarks?office=US&application_number=${SERIAL}`));
    expect(byApp.data.map((d: { application_number: string }) => d.application_number)).toEqual([SERIAL]);
    // Punctuation, spacing and leading zeros do not matter, as in the office's own search.
    const byReg = await json(await f.call('/v1/trademarks?offices=us&registration_number=657%2C968'));
    expect(byReg.data).toHaveLength(1);
    expect(byReg.data[0].id).toBe(byApp.data[0].id);
    const both = await json(await f.call(`/v1/trademarks?office=US&application_number=${SERIAL}&registration_number=${REG}`));
    expect(both.data).toHaveLength(1);
    const none = await json(await f.call(`/v1/trademarks?office=EM&application_number=${SERIAL}`));
    expect(none.data).toEqual([]);
  });

  it('applies with q and in the POST body', async () => {
    const hit = await json(await f.call(`/v1/trademarks?q=${encodeURIComponent('a mark')}&office=US&application_number=${SERIAL}`));
    for (const row of hit.data) expect(row.application_number).toBe(SERIAL);
    const post = await json(await f.call('/v1/trademarks', { method: 'POST', body: JSON.stringify({ filters: { office: 'US', registration_number: REG } }) }));
    expect(post.data.map((d: { application_number: string }) => d.application_number)).toEqual([SERIAL]);
  });

  it('answers 400 naming the problem when the office is missing, several or sent twice', async () => {
    const missing = await f.call(`/v1/trademarks?application_number=${SERIAL}`);
    expect(missing.status).toBe(400);
    const body = await json(missing);
    expect(body.error).toMatchObject({ type: 'validation_error' });
    expect(body.error.detail).toMatch(/application_number: needs office/);
    const several = await json(await f.call(`/v1/trademarks?offices=US,EM&registration_number=${REG}`));
    expect(several.error.detail).toMatch(/registration_number: needs exactly one office/);
    const twice = await json(await f.call(`/v1/trademarks?offices=US&office=US&registration_number=${REG}`));
    expect(twice.error.type).toBe('conflicting_params');
  });

  it("filters a party's trademark list", async () => {
    const mark = (await json(await f.call(`/v1/trademarks?office=US&application_number=${SERIAL}`))).data[0];
    const owner = mark.owners[0].owner_id as string;
    const all = await json(await f.call(`/v1/owners/${owner}/trademarks`));
    expect(all.data.length).toBeGreaterThan(0);
    const one = await json(await f.call(`/v1/owners/${owner}/trademarks?office=US&application_number=${SERIAL}`));
    expect(one.data.map((d: { id: string }) => d.id)).toEqual([mark.id]);
    const other = await f.call(`/v1/owners/${owner}/trademarks?office=US&application_number=1`);
    expect(other.status).toBe(200);
    expect((await json(other)).data).toEqual([]);
    const noOffice = await f.call(`/v1/owners/${owner}/trademarks?application_number=${SERIAL}`);
    expect(noOffice.status).toBe(400);
  });

  itOnSqlite('reads the number through the trademarks index, not a scan', () => {
    const db = (f.tmp.ctx.store as unknown as { db: { prepare(sql: string): { all(...p: unknown[]): { detail: string }[] } } }).db;
    const plan = db
      .prepare("EXPLAIN QUERY PLAN SELECT id FROM trademarks WHERE office_code IN (SELECT value FROM json_each(?)) AND app_key IN (SELECT value FROM json_each(?))")
      .all('["US"]', '["72029003"]')
      .map((r) => r.detail)
      .join('\n');
    expect(plan).toMatch(/USING (COVERING )?INDEX trademarks_app/);
  });
});

describe('number filters over MCP', () => {
  let m: McpFixture;
  beforeAll(async () => {
    m = await mcpFixture(async ({ ctx }) => ctx.index.sync());
  });
  afterAll(async () => m.close());

  it('search_trademarks takes office and registration_number', async () => {
    const { call, client } = await m.connect();
    const out = (await call('search_trademarks', { offices: ['US'], registration_number: '6,123,456' })).structuredContent as { data: { mark_text: string }[] };
    expect(out.data.map((d) => d.mark_text)).toEqual(['ACME ROCKETS']);
    const bad = await call('search_trademarks', { registration_number: '6123456' });
    expect(bad.isError).toBe(true);
    expect(JSON.stringify(bad.content)).toMatch(/needs office/);
    await client.close();
  });
});

describe('number filters on the CLI', () => {
  const home = mkdtempSync(join(tmpdir(), 'tm-numbers-'));
  const tm = tmCli({ TM_HOME: home, TM_NOW: '2026-11-22T12:00:00.000Z' });
  beforeAll(async () => {
    expect((await tm('ingest', ...FIXTURES)).exitCode).toBe(0);
  }, 60_000);

  it('tm search --office US --application-number N lists that mark; without an office it exits non-zero naming the flag', async () => {
    const out = JSON.parse((await tm('search', '--office', 'US', '--application-number', SERIAL, '--json')).stdout);
    expect(out.data.map((d: { application_number: string }) => d.application_number)).toEqual([SERIAL]);
    const bad = await tm('search', '--registration-number', REG);
    expect(bad.exitCode).not.toBe(0);
    expect(bad.stderr).toMatch(/registration.number.*needs office/);
  });

  it('tm owner marks <id> --office US --application-number N', async () => {
    const mark = JSON.parse((await tm('search', '--office', 'US', '--application-number', SERIAL, '--json')).stdout).data[0];
    const out = JSON.parse((await tm('owner', 'marks', mark.owners[0].owner_id, '--office', 'US', '--application-number', SERIAL, '--json')).stdout);
    expect(out.data.map((d: { id: string }) => d.id)).toEqual([mark.id]);
  });
});

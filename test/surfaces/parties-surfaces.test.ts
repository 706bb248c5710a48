// The parties and records operations of issue 16 on every surface: HTTP on a real server over the
// ingested office fixtures (spec error bodies naming the field), MCP through the official SDK
// client, and the CLI on a real store (`tm reconcile docket.csv`).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempContext, type TempContext } from '../helpers/factory.js';
import { FIXTURES, startHttp as startApi, type HttpFixture } from './http-fixture.js';
import { seed, startHttp as startMcp, type Running, type Seeded } from './mcp-fixture.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are checked by the assertions, not by types
const json = async (res: Response): Promise<any> => res.json();
const post = (f: HttpFixture, path: string, body: unknown) => f.call(path, { method: 'POST', body: JSON.stringify(body) });

describe('parties and records over HTTP', () => {
  let f: HttpFixture;
  beforeAll(async () => {
    f = await startApi();
  }, 60_000);
  afterAll(async () => f.close());

  it('POST /v1/reconcile compares docket rows with the store', async () => {
    const res = await post(f, '/v1/reconcile', {
      rows: [
        { office: 'US', number: '71112081', status: 'Abandoned' },
        { office: 'US', number: '12345678' },
      ],
    });
    expect(res.status).toBe(200);
    const out = await json(res);
    expect(out.object).toBe('reconciliation');
    expect(out.rows.map((r: { result: string }) => r.result)).toEqual([expect.stringMatching(/^(matches|differs)$/), 'not_found']);
    expect(out.rows[0].trademark_id).toMatch(/^tm_/);
  });

  it('answers bad reconcile input with the spec error naming the field', async () => {
    for (const [body, field] of [[{ rows: [] }, 'rows'], [{ rows: [{ office: 'US', number: '1', colour: 'red' }] }, 'rows']] as const) {
      const res = await post(f, '/v1/reconcile', body);
      expect(res.status).toBe(400);
      expect(JSON.stringify(await json(res))).toMatch(new RegExp(field));
    }
  });
});

describe('parties and records over MCP', () => {
  let t: TempContext;
  let s: Seeded;
  let srv: Running;
  beforeAll(async () => {
    t = tempContext();
    s = await seed(t.ctx, t.dir);
    srv = await startMcp(t.ctx, s.jwksPath);
  });
  afterAll(async () => {
    await srv.stop();
    await t.cleanup();
  });

  it('lists the tools and reconciles through reconcile_docket', async () => {
    const client = new Client({ name: 'tm-test', version: '0' });
    await client.connect(new StreamableHTTPClientTransport(srv.url, { requestInit: { headers: { Authorization: `Bearer ${s.keyA}` } } }));
    const names = (await client.listTools()).tools.map((x) => x.name);
    expect(names).toEqual(expect.arrayContaining(['reconcile_docket']));
    const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallToolResult;
    const rec = await call('reconcile_docket', { rows: [{ office: 'US', number: '6123456', status: 'pending', owner: 'Nobody Ltd' }] });
    expect(rec.isError).toBeFalsy();
    const body = rec.structuredContent as { rows: { result: string; differences: { field: string }[] }[] };
    expect(body.rows[0]!.result).toBe('differs');
    expect(body.rows[0]!.differences.map((d) => d.field)).toEqual(['status', 'owner']);
    await client.close();
  });
});

describe('parties and records on the CLI', () => {
  const home = mkdtempSync(join(tmpdir(), 'tm-parties-'));
  const env = { TM_HOME: home, TM_NOW: '2026-11-22T12:00:00.000Z' };
  const tm = (...args: string[]) => execa('node', ['bin/tm.js', ...args], { reject: false, env });
  beforeAll(async () => {
    expect((await tm('ingest', ...FIXTURES)).exitCode).toBe(0);
  }, 60_000);

  it('tm reconcile docket.csv prints the report as JSON, CSV or a table', async () => {
    const docket = join(home, 'docket.csv');
    writeFileSync(docket, 'Ref,Office,Serial Number,Status\r\nA-1,US,71112081,Abandoned\r\nA-2,US,12345678,\r\nA-3,QQ,1,\r\n');
    const out = JSON.parse((await tm('reconcile', docket, '--json')).stdout);
    expect(out.summary).toMatchObject({ rows: 3, not_found: 1, invalid: 1 });
    const csv = await tm('reconcile', docket, '--csv');
    expect(csv.exitCode).toBe(0);
    const lines = csv.stdout.trim().split('\r\n');
    expect(lines[0]).toBe('line,ref,office,number,result,trademark_id,mark_text,status_theirs,status_ours,next_deadline_theirs,next_deadline_ours,owner_theirs,owner_ours,our_next_deadline,detail');
    expect(lines.slice(1).map((l) => l.split(',')[4])).toEqual([out.rows[0].result, 'not_found', 'invalid']);
    const jsonDocket = join(home, 'docket.json');
    writeFileSync(jsonDocket, JSON.stringify([{ office: 'US', number: '71112081' }]));
    expect(JSON.parse((await tm('reconcile', jsonDocket, '--json')).stdout).summary.matches).toBe(1);
  }, 60_000);

  it('refuses an unreadable docket with one line and exit 7', async () => {
    const bad = join(home, 'bad.csv');
    writeFileSync(bad, 'office,mark\r\nUS,ACME\r\n');
    const r = await tm('reconcile', bad);
    expect(r.exitCode).toBe(7);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/bad\.csv: the header has no number column/);
    const missing = await tm('reconcile', join(home, 'nope.csv'));
    expect(missing.exitCode).toBe(7);
    expect(missing.stderr).toMatch(/nope\.csv/);
  });
});

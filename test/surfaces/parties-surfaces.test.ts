// The parties and records operations of issue 16 on every surface: HTTP on a real server over the
// ingested office fixtures (spec error bodies naming the field), MCP through the official SDK
// client, and the CLI on a real store (`tm reconcile docket.csv`).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tmCli } from '../helpers/tm-processes.js';
import { FIXTURES, startHttp as startApi, type HttpFixture } from './http-fixture.js';
import { mcpFixture, type McpFixture } from './mcp-fixture.js';

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

  it('GET /v1/owners?q= finds owners fuzzily; GET /v1/owners/{id} is the current shape unless TM-Shape: earlier', async () => {
    const found = await json(await f.call('/v1/owners?q=tusimpel'));
    expect(found.data[0]).toMatchObject({ id: 'own_29d08d73d164a218bad1', object: 'owner', name: 'TuSimple' });
    const owner = await json(await f.call('/v1/owners/own_29d08d73d164a218bad1'));
    expect(owner).toMatchObject({ object: 'owner', name: 'TuSimple', counts: { by_office: { US: owner.counts.trademarks } } });
    const earlier = await json(await f.call('/v1/owners/own_29d08d73d164a218bad1', { headers: { 'TM-Shape': 'earlier' } }));
    expect(earlier.success).toBe(true);
    expect((await f.call('/v1/owners?q=t')).status).toBe(400);
  });

  it('GET /v1/analytics/filings answers JSON series; an unknown group is a 400', async () => {
    const out = await json(await f.call('/v1/analytics/filings?group_by=office&interval=year'));
    expect(out).toMatchObject({ object: 'filing_analytics', group_by: 'office' });
    expect(out.series.map((s: { key: string }) => s.key).sort()).toEqual(['EM', 'US']);
    expect((await f.call('/v1/analytics/filings?group_by=colour')).status).toBe(400);
  });

  it('answers bad reconcile input with the spec error naming the field', async () => {
    for (const [body, field] of [[{ rows: [] }, 'rows'], [{ rows: [{ office: 'US', number: '1', colour: 'red' }] }, 'rows']] as const) {
      const res = await post(f, '/v1/reconcile', body);
      expect(res.status).toBe(400);
      expect(JSON.stringify(await json(res))).toMatch(new RegExp(field));
    }
  });
});

describe('fees over HTTP', () => {
  let f: HttpFixture;
  beforeAll(async () => {
    f = await startApi();
  }, 60_000);
  afterAll(async () => f.close());

  it('POST /v1/fees/estimate and GET /v1/fees/schedules; an office with no schedule is a 400 naming it', async () => {
    const est = await post(f, '/v1/fees/estimate', { office: 'EM', classes: [9, 25], date: '2026-11-22' });
    expect(est.status).toBe(200);
    expect(await json(est)).toMatchObject({ object: 'fee_estimate', currency: 'EUR', total: 900 });
    const list = await json(await f.call('/v1/fees/schedules?office=WO'));
    expect(list.data.map((d: { office_code: string }) => d.office_code)).toEqual(['WO']);
    const gb = await post(f, '/v1/fees/estimate', { office: 'GB', classes: [9, 25], date: '2026-11-22' });
    expect(gb.status).toBe(200);
    expect(await json(gb)).toMatchObject({ office_code: 'GB', currency: 'GBP', total: 220, confirmed: true });
    const all = await json(await f.call('/v1/fees/schedules'));
    expect(all.data.map((d: { office_code: string }) => d.office_code)).toEqual(['AU', 'BX', 'CA', 'CH', 'EM', 'GB', 'JP', 'KR', 'NZ', 'US', 'WO']);
    const cn = await post(f, '/v1/fees/estimate', { office: 'CN', classes: [9] });
    expect(cn.status).toBe(400);
    const body = await json(cn);
    expect(body.error).toMatchObject({ type: 'validation_error', detail: 'No fee schedule for office CN.' });
  });
});

describe('parties and records over MCP', () => {
  let m: McpFixture;
  beforeAll(async () => {
    m = await mcpFixture();
  });
  afterAll(async () => m.close());

  it('lists the tools and reconciles through reconcile_docket', async () => {
    const { client, call } = await m.connect(undefined, 'all');
    const names = (await client.listTools()).tools.map((x) => x.name);
    expect(names).toEqual(expect.arrayContaining(['reconcile_docket', 'estimate_fees', 'list_fee_schedules', 'search_owners', 'get_owner', 'get_filing_analytics']));
    const rec = await call('reconcile_docket', { rows: [{ office: 'US', number: '6123456', status: 'pending', owner: 'Nobody Ltd' }] });
    expect(rec.isError).toBeFalsy();
    const body = rec.structuredContent as { rows: { result: string; differences: { field: string }[] }[] };
    expect(body.rows[0]!.result).toBe('differs');
    expect(body.rows[0]!.differences.map((d) => d.field)).toEqual(['status', 'owner']);
    const fee = await call('estimate_fees', { office: 'US', action: 'renewal', classes: [9], date: '2026-11-22' });
    expect((fee.structuredContent as { total: number }).total).toBe(650);
    const gb = await call('estimate_fees', { office: 'GB', action: 'renewal', classes: [9, 25], late: true, date: '2026-11-22' });
    expect(gb.structuredContent).toMatchObject({ currency: 'GBP', total: 300 });
    expect((await call('estimate_fees', { office: 'CN', classes: [9] })).isError).toBe(true);
    await client.close();
  });
});

describe('parties and records on the CLI', () => {
  const home = mkdtempSync(join(tmpdir(), 'tm-parties-'));
  const env = { TM_HOME: home, TM_NOW: '2026-11-22T12:00:00.000Z' };
  const tm = tmCli(env);
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

  it('tm fees estimate prints the line items; an office with no schedule is one line and exit 2', async () => {
    const out = JSON.parse((await tm('fees', 'estimate', '--office', 'WO', '--class', '9,25,35,42', '--designations', '3', '--json')).stdout);
    expect(out).toMatchObject({ currency: 'CHF', total: 653 + 100 + 300 });
    const gb = JSON.parse((await tm('fees', 'estimate', '--office', 'GB', '--class', '9,25,35', '--json')).stdout);
    expect(gb).toMatchObject({ currency: 'GBP', total: 270 });
    const bad = await tm('fees', 'estimate', '--office', 'CN', '--class', '9');
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/No fee schedule for office CN/);
  });

  it('tm owners search, tm owner show and tm owner marks find an owner by name', async () => {
    const found = JSON.parse((await tm('owners', 'search', 'tusimple', '--json')).stdout);
    expect(found.data[0]).toMatchObject({ name: 'TuSimple', score: 1 });
    const shown = JSON.parse((await tm('owner', 'show', 'TuSimple Inc.', '--json')).stdout);
    expect(shown).toMatchObject({ id: found.data[0].id, counts: { trademarks: found.data[0].trademark_count } });
    const marks = JSON.parse((await tm('owner', 'marks', 'tusimple', '--json')).stdout);
    expect(marks.data).toHaveLength(found.data[0].trademark_count);
    const none = await tm('owner', 'show', 'Qqxx Zzvv');
    expect(none.exitCode).toBe(3);
    expect(none.stderr).toMatch(/No owner named like 'Qqxx Zzvv'/);
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

// The clearance operations on every surface: HTTP on a real server over ingested office
// fixtures (with the spec's error bodies naming the field), MCP through the official SDK client,
// and the CLI (`tm compare`, `tm classify`, `tm clear`).
import { execa } from 'execa';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tmCli } from '../helpers/tm-processes.js';
import { FIXTURES, startHttp as startApi, type HttpFixture } from './http-fixture.js';
import { mcpFixture, type McpFixture } from './mcp-fixture.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are checked by the assertions, not by types
const json = async (res: Response): Promise<any> => res.json();
const post = (f: HttpFixture, path: string, body: unknown, headers: Record<string, string> = {}) => f.call(path, { method: 'POST', body: JSON.stringify(body), headers });

describe('clearance over HTTP', () => {
  let f: HttpFixture;
  beforeAll(async () => {
    f = await startApi();
  }, 60_000);
  afterAll(async () => f.close());

  it('compares, classifies, checks a listing, and saves, re-runs, decides and reports a screening', async () => {
    const cmp = await json(await post(f, '/v1/compare', { a: 'KUTEX', b: 'CUTEX' }));
    // One letter changed (K for C): near-identical under the one judgement's families.
    expect(cmp.tier).toBe('near_identical');
    const cls = await post(f, '/v1/analysis/classify', { text: 'nail polish; nail files', options: { top_k: 2 } }, { 'TM-Shape': 'earlier' });
    expect(cls.status).toBe(200);
    expect((await json(cls)).data.predictions.map((p: { class: number }) => p.class)).toContain(3);
    const check = await json(await post(f, '/v1/analysis/check', { payload: { title: 'Cutex nail polish remover', classes: [3] }, options: { return_snippets: true } }, { 'TM-Shape': 'earlier' }));
    expect(check.data.findings[0]).toMatchObject({ mark: 'CUTEX', found_in: 'title', match: 'exact_word' });
    const created = await post(f, '/v1/screenings', { mark: 'KUTEX', classes: [3], offices: ['US', 'EM'] });
    expect(created.status).toBe(201);
    const s = await json(created);
    expect(s.id).toMatch(/^scr_/);
    expect(s.hits[0].mark_text).toBe('CUTEX');
    const decided = await json(await post(f, `/v1/screenings/${s.id}/decisions`, { trademark_id: s.hits[0].id, decision: 'watch', note: 'n' }));
    expect(decided.hits[0].decision.decision).toBe('watch');
    expect((await json(await post(f, `/v1/screenings/${s.id}/rerun`, {}))).changes).toMatchObject({ added: [], removed: [] });
    expect((await json(await f.call(`/v1/screenings/${s.id}`))).run_count).toBe(2);
    expect((await json(await f.call('/v1/screenings'))).data.map((x: { id: string }) => x.id)).toContain(s.id);
    // A report is answered as the document itself, in the format asked for (issue 26 point 6).
    const csv = await f.call(`/v1/screenings/${s.id}/report?format=csv`);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect((await csv.text()).split('\r\n')[1]).toMatch(/^(high|medium|low|minimal),.*,CUTEX,US,/);
    const html = await f.call(`/v1/screenings/${s.id}/report?format=html`);
    expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await html.text()).toMatch(/^<!doctype html>/i);
    const byAccept = await f.call(`/v1/screenings/${s.id}/report`, { headers: { Accept: 'text/markdown' } });
    expect(byAccept.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(await byAccept.text()).toContain('CUTEX');
    const browser = await f.call(`/v1/screenings/${s.id}/report`, { headers: { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(browser.headers.get('content-type')).toBe('text/html; charset=utf-8');
    // A client that asks for JSON gets the operation's object around the document.
    const wrapped = await json(await f.call(`/v1/screenings/${s.id}/report?format=csv`, { headers: { Accept: 'application/json' } }));
    expect(wrapped).toMatchObject({ object: 'screening_report', format: 'csv', media_type: 'text/csv; charset=utf-8' });
    expect(wrapped.content.split('\r\n')[1]).toMatch(/CUTEX/);
    // Another organization does not see it.
    expect((await f.call(`/v1/screenings/${s.id}`, { key: f.orgB.all })).status).toBe(404);
  });

  it('answers bad input with the spec error naming the field', async () => {
    const cases: [string, unknown, string, Record<string, string>?][] = [
      ['/v1/screenings', { mark: '' }, 'mark'],
      ['/v1/screenings', { mark: 'A', classes: [46] }, 'classes'],
      ['/v1/screenings', { mark: 'A', offices: ['QQ'] }, 'offices'],
      ['/v1/analysis/check', { payload: { description: 'x'.repeat(10_001) } }, 'payload', { 'TM-Shape': 'earlier' }],
      ['/v1/analysis/classify', { text: 'shoes', options: { top_k: 0 } }, 'options', { 'TM-Shape': 'earlier' }],
      ['/v1/compare', { a: 'A', b: 'B', classes_a: [0] }, 'classes_a'],
    ];
    for (const [path, body, field, headers] of cases) {
      const res = await post(f, path, body, headers);
      expect(res.status, path).toBe(400);
      const err = await json(res);
      expect(JSON.stringify(err), path).toMatch(new RegExp(field));
    }
  });
});

describe('clearance over MCP', () => {
  let m: McpFixture;
  beforeAll(async () => {
    m = await mcpFixture(async ({ ctx }) => {
      await ctx.index.sync();
    });
  });
  afterAll(async () => m.close());

  it('lists the clearance tools and calls them with structured results', async () => {
    const { client, call } = await m.connect();
    const names = (await client.listTools()).tools.map((x) => x.name);
    expect(names).toEqual(expect.arrayContaining(['compare_marks', 'classify_goods', 'suggest_goods_terms', 'validate_goods', 'create_screening', 'get_screening', 'check_listing', 'get_screening_report', 'rerun_screening', 'decide_screening_hit']));
    const screening = await call('create_screening', { mark: 'ACME ROCKETS', offices: ['US'] });
    expect(screening.isError).toBeFalsy();
    const sc = screening.structuredContent as { id: string; hits: { mark_text: string }[]; warnings: string[] };
    expect(sc.hits[0]!.mark_text).toBe('ACME ROCKETS');
    // No goods or classes: the result says first that goods were not compared.
    expect(sc.warnings[0]).toMatch(/^Goods were not compared/);
    expect(((await call('get_screening', { id: sc.id })).structuredContent as { id: string }).id).toBe(sc.id);
    const v = (await call('validate_goods', { text: 'soaps; all goods in class 3', class: 3 })).structuredContent as { counts: Record<string, number> };
    expect(v.counts).toEqual({ accepted: 1, close_match: 0, not_acceptable: 1 });
    const bad = await call('classify_goods', { text: 'shoes', options: { top_k: 99 } });
    expect(bad.isError).toBe(true);
    await client.close();
  });
});

describe('clearance on the CLI', () => {
  const home = mkdtempSync(join(tmpdir(), 'tm-clear-'));
  const env = { TM_HOME: home, TM_NOW: '2026-11-22T12:00:00.000Z' };
  const tm = tmCli(env);
  beforeAll(async () => {
    expect((await tm('ingest', ...FIXTURES)).exitCode).toBe(0);
  }, 60_000);

  it('tm compare, tm classify and tm clear --report', async () => {
    const cmp = JSON.parse((await tm('compare', 'KOKA KOLA', 'COCA-COLA', '--json')).stdout);
    expect(cmp.channels.find((c: { channel: string }) => c.channel === 'phonetic').evidence.sound_keys).toContain('KKKL');
    expect(JSON.parse((await tm('classify', 'restaurant services', '--json')).stdout).data.predictions[0].class).toBe(43);
    const out = join(home, 'r.md');
    const clear = await tm('clear', 'KUTEX', '--class', '3', '--office', 'US,EM', '--report', out);
    expect(clear.exitCode).toBe(0);
    expect(clear.stdout).toMatch(/Wrote .*r\.md/);
    // Without goods or classes, the warning comes before the verdict, in the output and at the top of the report.
    const html = join(home, 'r.html');
    const plain = await tm('clear', 'KUTEX', '--report', html);
    expect(plain.stdout.split('\n')[0]).toMatch(/^warning: Goods were not compared/);
    const page = readFileSync(html, 'utf8');
    expect(page.indexOf('Goods were not compared')).toBeGreaterThan(0);
    expect(page.indexOf('Goods were not compared')).toBeLessThan(page.indexOf('id="overall"'));
    // The human view on a terminal: warnings, the verdict, then the hits.
    const tty = await execa('script', ['-qec', 'stty cols 100 rows 50; node bin/tm.js clear KUTEX', '/dev/null'], { env: { ...process.env, ...env }, reject: false });
    const lines = tty.stdout.replace(/\r/g, '').split('\n').filter(Boolean);
    expect(lines[0]).toMatch(/^warning: Goods were not compared/);
    expect(lines[1]).toMatch(/^KUTEX: (high|medium) risk/);
    expect(lines[2]).toMatch(/^Risk\s+Score\s+Mark/);
    expect(lines.slice(3).find((l) => /CUTEX/.test(l))).toMatch(/^(high|medium)\b/);
    const bad = await tm('clear', 'KUTEX', '--office', 'XX');
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/office.*'XX'.*known/);
  }, 60_000);
});

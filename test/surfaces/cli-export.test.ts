// `--csv` and `--output FILE` on every exporting command (issue 14, point 13), through the real
// CLI: one mechanism (src/cli/views/export.ts) gives search, history, owner marks, deadlines,
// alerts, events and the reference lists the same CSV rules: a stable header from the row
// schema, every page, an explicit --limit as a cap; --output writes the document to a file.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { collectRows } from '../../src/cli/views/export.js';
import { listShape } from '../../src/cli/views/list-rows.js';
import { closeContext, createContext } from '../../src/context.js';
import { parseCsv } from '../../src/monitor/csv.js';
import { getTrademarkHistory } from '../../src/ops/get-trademark-history.js';
import { tmCli } from '../helpers/tm-processes.js';
import { storeLocation } from '../helpers/test-backend.js';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const dir = mkdtempSync(join(tmpdir(), 'tm-cli-export-'));
const env = { TM_DB: storeLocation(dir), TM_NOW: '2026-11-22T12:00:00.000Z' };
const tm = tmCli(env);
const csvOf = (text: string): Record<string, string>[] => {
  const [header, ...rows] = parseCsv(text, 'stdout');
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ''])));
};

beforeAll(async () => {
  const r = await tm('ingest', 'fixtures/uspto/daily-xml/apc180218-sample.xml', 'fixtures/euipo/tm_list_size10.json');
  expect(r.exitCode).toBe(0);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('--csv on list commands', () => {
  it('search writes every match as CSV rows matching the JSON, and an explicit --limit caps them', async () => {
    const json = JSON.parse((await tm('search', '--office', 'US', '--limit', '100', '--json')).stdout) as { data: { id: string; mark_text: string }[] };
    const all = await tm('search', '--office', 'US', '--csv');
    expect(all.exitCode).toBe(0);
    const rows = csvOf(all.stdout);
    expect(rows.map((r) => r.id)).toEqual(json.data.map((m) => m.id));
    expect(rows[0]!['status.primary']).toMatch(/^(pending|active|inactive|unknown)$/);
    expect(JSON.parse(rows[0]!.owners!)).toEqual(expect.any(Array));
    const capped = csvOf((await tm('search', '--office', 'US', '--csv', '--limit', '3')).stdout);
    expect(capped.map((r) => r.id)).toEqual(json.data.slice(0, 3).map((m) => m.id));
  });

  it('history, owner marks, deadlines, jurisdictions and classes search export the same way', async () => {
    const history = csvOf((await tm('history', 'US:71112081', '--csv')).stdout);
    expect(history.length).toBeGreaterThan(5);
    expect(history.map((r) => r['raw.label'])).toContain('REGISTERED AND RENEWED (THIRD RENEWAL - 20 YRS)');
    const shown = JSON.parse((await tm('show', 'US:71112081', '--json')).stdout) as { owners: { owner_id: string }[] };
    const marks = csvOf((await tm('owner', 'marks', shown.owners[0]!.owner_id, '--csv')).stdout);
    expect(marks.map((r) => r.application_number)).toContain('71112081');
    const deadlines = csvOf((await tm('deadlines', '--csv', '--limit', '2')).stdout);
    expect(deadlines).toHaveLength(2);
    const offices = csvOf((await tm('jurisdictions', '--csv')).stdout);
    expect(offices.map((r) => r.code)).toEqual(expect.arrayContaining(['US', 'EM', 'KR']));
    const classes = csvOf((await tm('classes', 'search', 'shoe', '--csv', '--limit', '4')).stdout);
    expect(classes).toHaveLength(4);
  });

  it('an empty list still has the header, from the row schema', async () => {
    const alerts = await tm('alerts', '--csv');
    expect(alerts.exitCode).toBe(0);
    expect(alerts.stdout.split('\r\n')[0]).toMatch(/^id,watch_id,watch_name,.*trademark\.mark_text/);
    expect((await tm('events', '--csv')).stdout.trim()).toBe('id,type,timestamp,payload_version,data');
  });

  it('follows the cursor to the last page', async () => {
    const ctx = createContext({ db: env.TM_DB, now: env.TM_NOW });
    try {
      const whole = await getTrademarkHistory.run(ctx, getTrademarkHistory.input.parse({ id: 'US:71112081', limit: 100 }));
      const paged = await collectRows((page) => getTrademarkHistory.run(ctx, page as never), getTrademarkHistory.input.parse({ id: 'US:71112081', limit: 2 }), listShape(getTrademarkHistory.output)!.path);
      expect(whole.data.length).toBeGreaterThan(4);
      expect(paged.rows).toEqual(whole.data);
    } finally {
      await closeContext(ctx);
    }
  });

  it('refuses --csv with --json, and is not offered where nothing is listed', async () => {
    const both = await tm('search', 'CUTEX', '--csv', '--json');
    expect(both.exitCode).toBe(2);
    expect(JSON.parse(both.stdout).error.detail).toMatch(/--csv or --json/);
    const stats = await tm('stats', '--csv');
    expect(stats.exitCode).toBe(2);
    expect(stats.stderr).toContain("unknown option '--csv'");
  });
});

describe('--output FILE', () => {
  it('writes the JSON, CSV or ICS document to the file and says so on stderr', async () => {
    const json = join(dir, 'stats.json');
    const r = await tm('stats', '--output', json);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`wrote ${json}`);
    expect(JSON.parse(readFileSync(json, 'utf8'))).toEqual(JSON.parse((await tm('stats')).stdout));
    const csv = join(dir, 'search.csv');
    expect((await tm('search', '--office', 'EM', '--csv', '--output', csv)).stderr).toBe(`wrote ${csv} (10 rows)`);
    expect(csvOf(readFileSync(csv, 'utf8'))).toHaveLength(10);
    const ics = join(dir, 'docket.ics');
    expect((await tm('deadlines', '--ics', '--output', ics)).exitCode).toBe(0);
    expect(readFileSync(ics, 'utf8')).toMatch(/^BEGIN:VCALENDAR/);
    const events = join(dir, 'events.ndjson');
    expect((await tm('events', '--output', events)).stderr).toBe(`wrote ${events} (0 events)`);
  });

  it('a folder that does not exist is one error line, exit 2, and no file', async () => {
    const r = await tm('search', 'CUTEX', '--output', join(dir, 'missing', 'out.json'));
    expect(r.exitCode).toBe(2);
    expect(r.stderr.trim()).toBe(`tm: --output: cannot write ${join(dir, 'missing', 'out.json')}: its folder ${join(dir, 'missing')} does not exist. Nothing was run or saved. [validation_error]`);
    expect(existsSync(join(dir, 'missing'))).toBe(false);
  });

  it('events --follow streams, so it refuses --csv and --output', async () => {
    const r = await tm('events', '--follow', '--csv');
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/--follow streams to stdout; it cannot be combined with --csv/);
  });
});

// Issue 14's correctness points through the real CLI (bin/tm after `npm run build`): impossible
// dates refused on every input, impossible office dates skipped as malformed, marks that cannot be
// docketed listed with the reason, missed deadlines named in human exports, and no store created
// by a read command.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tmCli } from '../helpers/tm-processes.js';
import { itOnSqlite, storeLocation } from '../helpers/test-backend.js';

// Each case runs bin/tm several times; on a loaded machine one run takes seconds.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const dir = mkdtempSync(join(tmpdir(), 'tm-cli-trust-'));
const env = { TM_DB: storeLocation(dir), TM_NOW: '2026-11-22T12:00:00.000Z' };
const tm = tmCli(env);

const mark = (n: string, text: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ office_code: 'US', application_number: n, mark_text: text, status: { primary: 'active', stage: 'registered' }, ...extra });

beforeAll(async () => {
  writeFileSync(
    join(dir, 'marks.ndjson'),
    [
      // Registered 2019-05-14: the six-year §8 declaration was due 2025-05-14 and its grace ended 2025-11-14.
      mark('90000001', 'HEALTHY LOOKING', { registration_date: '2019-05-14' }),
      mark('90000002', 'FEBRUARY THIRTIETH', { registration_date: '2019-02-30' }),
      mark('90000003', 'NO REGISTRATION DATE'),
    ].join('\n'),
  );
  const daily = readFileSync('fixtures/uspto/daily-xml/apc180218-sample.xml', 'utf8');
  writeFileSync(join(dir, 'bad-date.xml'), daily.replace('<registration-date>19190114</registration-date>', '<registration-date>19190230</registration-date>'));
  const r = await tm('ingest', '--allow-errors', join(dir, 'marks.ndjson'));
  expect(r.exitCode).toBe(0);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('impossible dates are a validation_error naming the flag (exit 2)', () => {
  it('--as-of on deadlines and show, and every date flag', async () => {
    for (const args of [
      ['--as-of', '2027-02-30', 'deadlines'],
      ['show', 'US:90000001', '--as-of', '2027-02-30'],
      ['deadlines', '--due-before', '2027-13-45'],
      ['deadlines', '--due-after', '2026-04-31'],
      ['search', 'healthy', '--filed-after', '2027-02-29'],
    ]) {
      const r = await tm(...args);
      expect({ args, exit: r.exitCode, out: r.stdout }).toEqual({ args, exit: 2, out: '' });
      expect(r.stderr).toMatch(new RegExp(`--(${args.find((a) => a.startsWith('--'))!.slice(2)}|filed-after).*calendar date.*\\[validation_error\\]`));
    }
  });

  it('a leap day is a real date', async () => {
    expect((await tm('deadlines', '--due-before', '2028-02-29', '--json')).exitCode).toBe(0);
  });
});

describe('impossible dates in office data', () => {
  it('an NDJSON row with 2019-02-30 is skipped as malformed, with its record number and reason', async () => {
    const r = await tm('ingest', join(dir, 'marks.ndjson'));
    expect(r.exitCode).toBe(8);
    expect(r.stderr).toContain('record 2: registration_date: 2019-02-30 is not a calendar date');
    expect((await tm('show', 'US:90000002', '--json')).exitCode).toBe(3);
  });

  it('an XML record with an impossible date is skipped too, the rest ingested', async () => {
    const r = await tm('ingest', '--db', storeLocation(mkdtempSync(join(dir, 'xml-'))), join(dir, 'bad-date.xml'));
    expect(r.exitCode).toBe(8);
    expect(r.stderr).toMatch(/record \d+: 1919-02-30 is not a calendar date/);
    expect(r.stdout).toMatch(/^ingested 10 records/);
  });

  it('a mark whose deadlines cannot be computed is listed with the reason, never left out', async () => {
    const page = JSON.parse((await tm('deadlines', '--json', '--limit', '100')).stdout) as { data: Record<string, unknown>[] };
    const row = page.data.find((d) => d.mark_text === 'NO REGISTRATION DATE');
    expect(row).toMatchObject({ urgency: 'unknown', due_date: null, unsupported_reason: 'cannot compute: no registration_date on record' });
    const csv = (await tm('deadlines', '--csv')).stdout;
    expect(csv).toContain('NO REGISTRATION DATE');
    const ics = await tm('deadlines', '--ics');
    expect(ics.stderr).toMatch(/cannot be computed.*US 90000003 NO REGISTRATION DATE \(cannot compute: no registration_date on record\)/);
  });
});

describe('missed deadlines are named in human exports; JSON keeps the interface default', () => {
  it('--csv and --ics warn with the missed row and the flag that lists it', async () => {
    for (const format of ['--csv', '--ics']) {
      const r = await tm('deadlines', format);
      expect(r.exitCode).toBe(0);
      expect(r.stderr).toContain('warning: 1 missed deadline not shown: US 90000001 HEALTHY LOOKING declaration of use due 2025-05-14. List them with --include-missed.');
    }
  });

  it('with --include-missed the row is there, flagged, and no warning', async () => {
    const csv = await tm('deadlines', '--csv', '--include-missed');
    expect(csv.stderr).not.toContain('missed deadline');
    expect(csv.stdout).toMatch(/^2025-05-14,missed,missed,-557,US,/m);
    const ics = await tm('deadlines', '--ics', '--include-missed');
    expect(ics.stdout).toContain('SUMMARY:MISSED: Declaration of use due: HEALTHY LOOKING');
  });

  it('JSON leaves missed rows out by default, as the interface says', async () => {
    const page = JSON.parse((await tm('deadlines', '--json')).stdout) as { data: { urgency: string }[] };
    expect(page.data.some((d) => d.urgency === 'missed')).toBe(false);
  });
});

// A store path that does not exist is SQLite's case (a missing PostgreSQL database: test/store/backend-cli.test.ts).
describe('a read command never creates a store', () => {
  itOnSqlite('exits 3 naming the path, and creates nothing', async () => {
    const missing = join(dir, 'no-such-dir', 'tm.db');
    for (const args of [['deadlines', '--ics'], ['search', 'x'], ['stats'], ['show', 'US:1']]) {
      const r = await tm(...args, '--db', missing);
      expect({ args, exit: r.exitCode }).toEqual({ args, exit: 3 });
      expect(r.stderr).toBe(`tm: no store at ${missing}; create one with \`tm ingest\`. [not_found]`);
    }
    expect(existsSync(join(dir, 'no-such-dir'))).toBe(false);
  });

  itOnSqlite('reference lists still answer without a store, and create none', async () => {
    const missing = join(dir, 'none', 'tm.db');
    const r = await tm('deadlines', 'rules', '--office', 'NZ', '--json', '--db', missing);
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout).data.length).toBeGreaterThan(0);
    expect(existsSync(join(dir, 'none'))).toBe(false);
  });
});

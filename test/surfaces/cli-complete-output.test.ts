// Issue 26 point 1 through bin/tm: `--csv` writes every matching row, and where the search window
// stops an export stderr says so and the exit is 9; `--all` (one JSON array) and `--ndjson`
// follow every page; every search warning reaches stderr, on a terminal too; one JSON page that
// has more says so on stderr.
import { execa } from 'execa';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tmCli } from '../helpers/tm-processes.js';
import { storeLocation } from '../helpers/test-backend.js';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 240_000 });

const dir = mkdtempSync(join(tmpdir(), 'tm-cli-complete-'));
const env = { TM_DB: storeLocation(dir), TM_NOW: '2026-11-22T12:00:00.000Z' };
const tm = tmCli(env);
/** EM marks: more than the search window of 10,000. */
const EM = 10_050;
/** Registered US marks, each with deadlines: more than one default page of 20. */
const US = 45;

beforeAll(async () => {
  const lines: string[] = [];
  for (let i = 0; i < EM; i += 1) lines.push(JSON.stringify({ office_code: 'EM', application_number: String(20_000_000 + i), mark_text: `NORDA ${i}` }));
  for (let i = 0; i < US; i += 1) {
    lines.push(JSON.stringify({ office_code: 'US', application_number: String(80_000_000 + i), mark_text: `KESTREL ${i}`, registration_date: '2022-03-01', status: { primary: 'active', stage: 'registered' } }));
  }
  writeFileSync(join(dir, 'marks.ndjson'), lines.join('\n'));
  expect((await tm('ingest', join(dir, 'marks.ndjson'))).exitCode).toBe(0);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('--csv writes every row, or says what stopped it', () => {
  it('a list under the window: every row, exit 0', async () => {
    const r = await tm('search', '--office', 'US', '--csv');
    expect(r.exitCode).toBe(0);
    expect(r.stdout.trimEnd().split('\r\n')).toHaveLength(US + 1);
    expect(r.stderr).toBe('');
  });

  it('past the search window of 10,000: the rows it holds, a warning naming the limit, exit 9', async () => {
    const out = join(dir, 'em.csv');
    const r = await tm('search', '--office', 'EM', '--csv', '--output', out);
    expect(r.exitCode).toBe(9);
    expect(readFileSync(out, 'utf8').trimEnd().split('\r\n')).toHaveLength(10_000 + 1);
    expect(r.stderr).toMatch(/^warning: result_window_reached: Results stop at 10000.*incomplete \(exit 9\)/m);
    expect(r.stderr).toContain(`wrote ${out} (10,000 rows)`);
  });
});

describe('--all and --ndjson follow every page', () => {
  it('--all --json is one JSON array of every matching row', async () => {
    const r = await tm('search', '--office', 'US', '--all', '--json');
    expect(r.exitCode).toBe(0);
    const rows = JSON.parse(r.stdout) as { id: string; office_code: string }[];
    expect(Array.isArray(rows)).toBe(true);
    expect(rows).toHaveLength(US);
    expect(new Set(rows.map((x) => x.id)).size).toBe(US);
    expect(rows.every((x) => x.office_code === 'US')).toBe(true);
  });

  it('--ndjson prints one row per line, and an explicit --limit caps the rows', async () => {
    const r = await tm('search', 'KESTREL', '--office', 'US', '--ndjson');
    expect(r.exitCode).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(US);
    expect(lines.every((l) => (JSON.parse(l) as { mark_text: string }).mark_text.startsWith('KESTREL'))).toBe(true);
    const capped = await tm('search', '--office', 'US', '--all', '--limit', '7');
    expect(JSON.parse(capped.stdout)).toHaveLength(7);
  });

  it('tm deadlines --json says on stderr that more rows match; --all gives them all', async () => {
    const page = await tm('deadlines', '--json');
    expect(page.exitCode).toBe(0);
    expect(JSON.parse(page.stdout).data).toHaveLength(20);
    expect(page.stderr).toMatch(/^note: this page has 20 rows and more match; add --all for every row/m);
    const all = await tm('deadlines', '--all');
    const rows = JSON.parse(all.stdout) as { trademark_id: string }[];
    expect(rows.length).toBeGreaterThan(20);
    expect(new Set(rows.map((x) => x.trademark_id)).size).toBe(US);
    expect(all.stderr).not.toContain('note:');
  });

  it('--csv with --ndjson is refused', async () => {
    const r = await tm('search', '--office', 'US', '--csv', '--ndjson');
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('Pass --csv or --ndjson, not both.');
  });
});

describe('search warnings reach stderr in every mode', () => {
  // A two-letter query is too short for the fuzzy channel: `fuzzy_skipped`.
  it('piped JSON', async () => {
    const r = await tm('search', 'NO', '--json');
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout).search_meta.warnings.map((w: { code: string }) => w.code)).toContain('fuzzy_skipped');
    expect(r.stderr).toMatch(/^warning: fuzzy_skipped$/m);
  });

  it('a table on a terminal', async () => {
    const r = await execa('script', ['-qec', 'stty cols 100 rows 50; node bin/tm.js search NO', '/dev/null'], { env, reject: false });
    expect(r.stdout.replace(/\r/g, '')).toMatch(/^warning: fuzzy_skipped$/m);
  });
});

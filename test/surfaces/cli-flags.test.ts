// Issue 14 points 9, 10 and 14 through bin/tm: one flag name per idea, deprecated flags hidden but
// accepted, one error line and a hint for an unknown flag, errors in words, unknown office codes
// refused, and `tm deadlines --fail-on` for CI.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tmCli } from '../helpers/tm-processes.js';
import { storeLocation } from '../helpers/test-backend.js';

// Each case runs bin/tm several times; on a loaded machine one run takes seconds.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const dir = mkdtempSync(join(tmpdir(), 'tm-cli-flags-'));
const env = { TM_DB: storeLocation(dir), TM_NOW: '2026-11-22T12:00:00.000Z' };
const tm = tmCli(env);

beforeAll(async () => {
  // Registered 2019-05-14: the six-year §8 declaration (due 2025-05-14) was missed.
  writeFileSync(join(dir, 'm.ndjson'), JSON.stringify({ office_code: 'US', application_number: '90000001', mark_text: 'HEALTHY LOOKING', registration_date: '2019-05-14', status: { primary: 'active', stage: 'registered' } }));
  expect((await tm('ingest', join(dir, 'm.ndjson'))).exitCode).toBe(0);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('flags', () => {
  it('--office names an office on every command, status-codes included', async () => {
    const r = await tm('status-codes', '--office', 'US', '--json');
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout).data[0].office_code).toBe('US');
  });

  it('only --as-of sets the date; --as-of-date is gone, and serve, orgs and keys take neither', async () => {
    for (const args of [['deadlines', '--as-of-date', '2026-01-01'], ['serve', '--as-of', '2026-01-01'], ['keys', 'list', '--as-of', '2026-01-01']]) {
      const r = await tm(...args);
      expect({ args, exit: r.exitCode }).toEqual({ args, exit: 2 });
      expect(r.stderr).toMatch(/^tm: unknown option '--as-of(-date)?'/);
    }
    const page = JSON.parse((await tm('deadlines', '--as-of', '2030-01-01', '--json')).stdout);
    expect(page.data[0].as_of_date).toBe('2030-01-01');
  });

  it('deprecated search flags are hidden from --help and still accepted', async () => {
    const help = (await tm('search', '--help')).stdout;
    expect(help).not.toMatch(/--strategies|--ranking-profile|Deprecated/);
    const r = await tm('search', 'healthy', '--strategies', 'exact', '--json');
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout).search_meta.deprecations[0].parameter).toBe('strategies');
  });

  it('an unknown flag prints one error line and a hint, not the help', async () => {
    const r = await tm('deadlines', '--bogus');
    expect(r.exitCode).toBe(2);
    expect(r.stderr.split('\n')).toEqual(["tm: unknown option '--bogus'", '(add --help to the command to list its flags)']);
  });
});

describe('errors in words', () => {
  it('a missing required flag, a directory and a missing file', async () => {
    expect((await tm('keys', 'create')).stderr).toBe('tm: --org is required. [validation_error]');
    const folder = join(dir, 'folder');
    mkdirSync(folder);
    const d = await tm('ingest', folder);
    expect({ exit: d.exitCode, out: d.stdout }).toEqual({ exit: 7, out: '' });
    expect(d.stderr).toBe(`tm: ${folder} is a directory. Pass the files in it, e.g. ${folder}/*.xml; nothing was ingested. [input_error]`);
    const m = await tm('ingest', join(dir, 'nope.xml'));
    expect({ exit: m.exitCode, out: m.stdout }).toEqual({ exit: 7, out: '' });
    expect(m.stderr).toContain('nope.xml: no such file.');
    expect(`${d.stderr}${m.stderr}`).not.toMatch(/EISDIR|ENOENT/);
  });

  it('an unknown office code is a validation_error listing the known ones', async () => {
    for (const args of [['deadlines', '--office', 'XX'], ['search', 'healthy', '--office', 'XX']]) {
      const r = await tm(...args);
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toMatch(/^tm: --office: 'XX' is not a known office code\. .*US, EM, WO.* \[validation_error\]$/);
    }
    expect((await tm('deadlines', '--office', 'eu', '--json')).exitCode).toBe(0);
  });
});

describe('tm deadlines --fail-on', () => {
  it('exits 10 (the gate code, no error code) naming the rows at or past the urgency, after writing its output', async () => {
    const r = await tm('deadlines', '--fail-on', 'missed', '--csv');
    expect(r.exitCode).toBe(10);
    expect(r.stdout).toMatch(/^due_date,/);
    expect(r.stderr).toContain('tm: --fail-on missed: 1 deadline at or past it: US 90000001 HEALTHY LOOKING declaration of use due 2025-05-14 (missed).');
    expect((await tm('deadlines', '--fail-on', 'overdue', '--json')).exitCode).toBe(10);
  });

  it('exits 0 when nothing trips it, and refuses an unknown urgency', async () => {
    expect((await tm('deadlines', '--fail-on', 'missed', '--office', 'EM', '--json')).exitCode).toBe(0);
    const bad = await tm('deadlines', '--fail-on', 'soon');
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('--fail-on: expected missed, overdue or due_N');
  });
});

// One name per concept (issue 26 point 11, docs/cli.md "One name per concept"): the audit of every
// command's flags and every route's parameters, and the earlier spellings, which keep working with
// a deprecation line on stderr (CLI) or a Deprecation header (HTTP: http-watches.test.ts).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildManifest } from '../../src/cli/manifest-build.js';
import { shapeOf } from '../../src/ops/input.js';
import { OPERATIONS } from '../../src/ops/registry.js';
import { tmCli } from '../helpers/tm-processes.js';
import { storeLocation } from '../helpers/test-backend.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

/** Each concept's one flag, and the spellings no command may offer for it any more. */
const CONCEPTS: Record<string, string[]> = {
  office: ['offices', 'office-code'],
  class: ['classes', 'nice-classes', 'nice-class'],
  portfolio: ['portfolio-id'],
  trademark: ['trademark-id', 'trademark-ids-filter'],
  watch: ['watch-id'],
  'filed-after': ['filed-from', 'filing-date-gte'],
  'filed-before': ['filed-to', 'filing-date-lte'],
};
const RETIRED = new Set(Object.values(CONCEPTS).flat());

describe('the audit of names', () => {
  it('no command offers an earlier spelling of a concept; each is kept as a hidden earlier flag', async () => {
    const manifest = await buildManifest();
    const offered = manifest.ops.flatMap((op) => op.flags.map((f) => ({ command: op.words.join(' '), flag: f.flag, earlier: f.earlier ?? [] })));
    expect(offered.filter((f) => RETIRED.has(f.flag))).toEqual([]);
    // The renamed spellings the trial met are all still accepted somewhere.
    const kept = new Set(offered.flatMap((f) => f.earlier));
    for (const old of ['classes', 'nice-classes', 'portfolio-id', 'trademark-id', 'watch-id', 'filed-from', 'filed-to', 'filing-date-gte', 'office-code']) expect(kept).toContain(old);
  });

  it('every operation parameter (query, body, MCP argument) is snake_case', () => {
    const keys = OPERATIONS.flatMap((op) => Object.keys(shapeOf(op.input) ?? {}).map((key) => `${op.name}.${key}`));
    expect(keys.filter((k) => !/^[a-z_]+\.[a-z0-9_]+$/.test(k))).toEqual([]);
  });
});

describe('earlier spellings on the CLI', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tm-cli-names-'));
  const tm = tmCli({ TM_DB: storeLocation(dir), TM_NOW: '2026-11-22T12:00:00.000Z' });
  beforeAll(async () => {
    const rows = [
      { office_code: 'US', application_number: '90000001', mark_text: 'ALPHA ROCKET', filing_date: '2019-05-14', classifications: [{ nice_class: 9 }], status: { primary: 'active', stage: 'registered' } },
      { office_code: 'US', application_number: '90000002', mark_text: 'ALPHA ROCKETS', filing_date: '2021-05-14', classifications: [{ nice_class: 12 }], status: { primary: 'pending', stage: 'filed' } },
    ];
    writeFileSync(join(dir, 'm.ndjson'), rows.map((r) => JSON.stringify(r)).join('\n'));
    expect((await tm('ingest', join(dir, 'm.ndjson'))).exitCode).toBe(0);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const ids = (stdout: string): string[] => (JSON.parse(stdout) as { data: { id: string }[] }).data.map((r) => r.id).sort();

  it('answers as the current flag does, with one deprecation line on stderr', async () => {
    for (const [old, current, value] of [['--nice-classes', '--class', '9'], ['--filing-date-gte', '--filed-after', '2020-01-01'], ['--filing-date-lte', '--filed-before', '2020-01-01']] as const) {
      const now = await tm('search', 'alpha', current, value, '--json');
      const before = await tm('search', 'alpha', old, value, '--json');
      expect({ old, exit: before.exitCode }).toEqual({ old, exit: 0 });
      expect(ids(before.stdout)).toEqual(ids(now.stdout));
      expect(ids(now.stdout)).toHaveLength(1);
      expect(now.stderr).not.toContain('deprecated');
      expect(before.stderr.trim()).toBe(`warning: ${old} is deprecated; use ${current}.`);
    }
  });

  it('covers the other commands that renamed a flag', async () => {
    const office = await tm('status-codes', '--office-code', 'US', '--json');
    expect(office.exitCode).toBe(0);
    expect(office.stderr).toContain('warning: --office-code is deprecated; use --office.');
    const filings = await tm('analytics', 'filings', '--filed-from', '2018-01-01', '--filed-to', '2030-01-01', '--json');
    expect(filings.exitCode).toBe(0);
    expect(filings.stderr).toContain('warning: --filed-from is deprecated; use --filed-after.');
    expect(filings.stderr).toContain('warning: --filed-to is deprecated; use --filed-before.');
    expect(JSON.parse(filings.stdout)).toEqual(JSON.parse((await tm('analytics', 'filings', '--filed-after', '2018-01-01', '--filed-before', '2030-01-01', '--json')).stdout));
  });

  it('hides earlier spellings from --help', async () => {
    const help = (await tm('search', '--help')).stdout;
    expect(help).toContain('--class');
    expect(help).not.toContain('--nice-classes');
    expect(help).not.toContain('--filing-date-gte');
  });
});

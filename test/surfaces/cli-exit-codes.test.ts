// Issue 26 points 2, 3 and 7 through bin/tm: every exit code of the table in docs/cli.md, one case
// each, with the CI gates (10) distinct from every error code; a pipe closed early ends quietly
// with exit 0; `tm serve` and `tm mcp` refuse a store that does not exist.
import { createServer } from 'node:net';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ERROR_TABLE, TmError } from '../../src/errors.js';
import { reportError } from '../../src/cli/output.js';
import { EXIT_GATE, EXIT_INCOMPLETE, EXIT_PARTIAL } from '../../src/cli/exit-codes.js';
import { tmCli } from '../helpers/tm-processes.js';
import { itOnSqlite, storeLocation } from '../helpers/test-backend.js';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const dir = mkdtempSync(join(tmpdir(), 'tm-cli-exit-'));
const env = { TM_DB: storeLocation(dir), TM_NOW: '2026-11-22T12:00:00.000Z' };
const tm = tmCli(env);
const mark = (n: string, text: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ office_code: 'US', application_number: n, mark_text: text, ...extra });

beforeAll(async () => {
  // Registered 2019-05-14: the six-year declaration (due 2025-05-14) was missed, so --fail-on trips.
  const rows = [mark('90000001', 'HEALTHY LOOKING', { registration_date: '2019-05-14', status: { primary: 'active', stage: 'registered' } })];
  for (let i = 0; i < 130; i += 1) rows.push(mark(`8${String(i).padStart(7, '0')}`, `LUMEN ${i}`));
  writeFileSync(join(dir, 'm.ndjson'), rows.join('\n'));
  expect((await tm('ingest', join(dir, 'm.ndjson'))).exitCode).toBe(0);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The codes of the table in docs/cli.md "Exit codes". */
const documented = (): number[] => {
  const doc = readFileSync('docs/cli.md', 'utf8');
  const section = doc.slice(doc.indexOf('## Exit codes'), doc.indexOf('\n## ', doc.indexOf('## Exit codes') + 3));
  return [...section.matchAll(/^\| (\d+) \|/gm)].map((m) => Number(m[1]));
};

describe('exit codes', () => {
  it('the table in docs/cli.md lists every code the CLI uses, once', () => {
    const used = new Set([0, ...Object.values(ERROR_TABLE).map((e) => e.exit), EXIT_PARTIAL, EXIT_INCOMPLETE, EXIT_GATE]);
    expect(documented()).toEqual([...used].sort((a, b) => a - b));
  });

  it('the CI gates have a code of their own, distinct from every error code', () => {
    const errorCodes = new Set<number>(Object.values(ERROR_TABLE).map((e) => e.exit));
    for (const code of [EXIT_PARTIAL, EXIT_INCOMPLETE, EXIT_GATE]) expect(errorCodes.has(code)).toBe(false);
    expect(new Set([EXIT_PARTIAL, EXIT_INCOMPLETE, EXIT_GATE]).size).toBe(3);
  });

  it('0: success, an empty result included', async () => {
    expect((await tm('search', 'ZZQXJ', '--json')).exitCode).toBe(0);
  });

  // A file that is not a database is SQLite's case; PostgreSQL's refusals are test/store/backend-cli.test.ts's.
  itOnSqlite('1: an internal error (a store file that is not a database)', async () => {
    const bad = join(dir, 'garbage.db');
    writeFileSync(bad, 'not a database, just text '.repeat(100));
    const r = await tm('search', 'lumen', '--db', bad);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/\[internal_error\]$/m);
  });

  it('2: bad input', async () => {
    const r = await tm('search', 'lumen', '--limit', 'many');
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('[validation_error]');
  });

  it('3: not found', async () => {
    const r = await tm('show', 'tm_us_99999999');
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toContain('[not_found]');
  });

  it('4: not allowed (an API key that does not exist)', async () => {
    const r = await tm('mcp', '--key', 'tmk_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(r.exitCode).toBe(4);
    expect(r.stderr).toContain('[unauthorized]');
  });

  it('5: conflict (the port is taken)', async () => {
    const holder = createServer();
    await new Promise<void>((r) => holder.listen(0, '127.0.0.1', r));
    try {
      const { port } = holder.address() as { port: number };
      const r = await tm('serve', '--port', String(port), '--workers', '1');
      expect(r.exitCode).toBe(5);
    } finally {
      holder.close();
    }
  });

  it('6: rate limited (an API answer the CLI renders; no local command is rate limited)', () => {
    const write = process.stderr.write;
    process.stderr.write = (() => true) as never;
    try {
      expect(reportError(new TmError('rate_limited', 'slow down'), { json: false, tty: false })).toBe(6);
    } finally {
      process.stderr.write = write;
    }
  });

  it('7: an input file unreadable as a whole', async () => {
    writeFileSync(join(dir, 'broken.xml'), '<not-closed');
    expect((await tm('ingest', join(dir, 'broken.xml'))).exitCode).toBe(7);
  });

  it('8: ingest skipped malformed records', async () => {
    writeFileSync(join(dir, 'skip.ndjson'), `${mark('70000001', 'GOOD')}\n{"office_code":"US"}\n`);
    const r = await tm('ingest', join(dir, 'skip.ndjson'));
    expect(r.exitCode).toBe(8);
    expect((await tm('ingest', join(dir, 'skip.ndjson'), '--allow-errors')).exitCode).toBe(0);
  });

  it('10: tm deadlines --fail-on trips', async () => {
    const r = await tm('deadlines', '--fail-on', 'missed', '--json');
    expect(r.exitCode).toBe(10);
    expect(r.stderr).toContain('--fail-on missed: 1 deadline at or past it');
  });
});

describe('a pipe closed early', () => {
  it('ends quietly with exit 0, no EPIPE stack trace', async () => {
    // 100 rows of JSON are far more than a pipe holds: head exits while tm is still writing.
    const piped = await execa('bash', ['-c', 'set -o pipefail; for i in 1 2 3; do node bin/tm.js search lumen --limit 100 --json; done | head -n 1 >/dev/null; echo "${PIPESTATUS[0]}"'], { env, reject: false });
    expect(piped.stderr).not.toMatch(/EPIPE|node:events|Error/);
    expect(piped.stdout.trim()).toBe('0');
  });
});

// A store path that does not exist: SQLite's (a missing PostgreSQL database is test/store/backend-cli.test.ts's).
describe('servers refuse a store that does not exist', () => {
  itOnSqlite('tm serve names the path and how to create one, and starts nothing', async () => {
    const missing = join(dir, 'typo', 'tm.db');
    const r = await tm('serve', '--db', missing, '--port', '0');
    expect(r.exitCode).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`no store at ${missing}`);
    expect(r.stderr).toContain('tm ingest');
    expect(r.stderr).toContain('--create');
  });

  itOnSqlite('tm mcp with a mistyped TM_HOME is refused; --create makes the store', async () => {
    const home = join(dir, 'no-such-home');
    const r = await execa('node', ['bin/tm.js', 'mcp'], { env: { TM_HOME: home, TM_NOW: env.TM_NOW }, extendEnv: false, reject: false, input: '' });
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toContain(`no store at ${join(home, 'tm.db')}`);
    const created = await execa('node', ['bin/tm.js', 'mcp', '--create'], { env: { TM_HOME: home, TM_NOW: env.TM_NOW, PATH: process.env.PATH ?? '' }, extendEnv: false, reject: false, input: '' });
    expect(created.stderr).not.toContain('no store');
    expect(readFileSync(join(home, 'tm.db')).length).toBeGreaterThan(0);
  });
});

// `tm portfolios import` takes the portfolio as `tm portfolios add` does (the id first), imports
// the rows it finds, names each row not found on stderr and exits 3 (not found).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tmCli } from '../helpers/tm-processes.js';
import { storeLocation } from '../helpers/test-backend.js';

const dir = mkdtempSync(join(tmpdir(), 'tm-cli-ptf-import-'));
const tm = tmCli({ TM_DB: storeLocation(dir), TM_NOW: '2026-11-22T12:00:00.000Z' });

beforeAll(async () => {
  expect((await tm('ingest', 'fixtures/uspto/daily-xml/apc180218-sample.xml')).exitCode).toBe(0);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('tm portfolios import ID FILE', () => {
  it('adds the found rows to the named portfolio and exits 3 naming the rows not found', async () => {
    const created = JSON.parse((await tm('portfolios', 'create', 'Client', '--json')).stdout);
    const csv = join(dir, 'client.csv');
    writeFileSync(csv, 'office,number\nUS,87310367\nUS,11111111\nUS,87703889\nUS,22222222\n');
    const r = await tm('portfolios', 'import', created.id, csv, '--json');
    expect(r.exitCode).toBe(3);
    expect(JSON.parse(r.stdout)).toMatchObject({ portfolio_id: created.id, rows: 4, mark_count: 2 });
    const lines = r.stderr.trim().split('\n');
    expect(lines).toEqual([
      'tm: not imported: US:11111111: No trademark US:11111111. [not_found]',
      'tm: not imported: US:22222222: No trademark US:22222222. [not_found]',
    ]);
    const shown = JSON.parse((await tm('portfolios', 'show', created.id, '--json')).stdout);
    expect(shown.mark_count).toBe(2);
  });

  it('exits 0 when every row is found, and refuses an unknown portfolio before importing', async () => {
    const created = JSON.parse((await tm('portfolios', 'create', 'Clean', '--json')).stdout);
    const csv = join(dir, 'clean.csv');
    writeFileSync(csv, 'office,number\nUS,87310367\n');
    const r = await tm('portfolios', 'import', created.id, csv, '--json');
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe('');
    const missing = await tm('portfolios', 'import', 'ptf_nope', csv);
    expect(missing.exitCode).toBe(3);
    expect(missing.stderr).toContain('ptf_nope');
  });
});

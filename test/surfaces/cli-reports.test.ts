// Issue 26 point 6 through bin/tm: `tm screenings report --format md|html|csv` prints (and writes
// with --output) the document itself, not a JSON envelope; `--json` still gives the envelope; a
// bad output path is refused before anything is saved.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tmCli } from '../helpers/tm-processes.js';
import { FIXTURES } from './http-fixture.js';
import { storeLocation } from '../helpers/test-backend.js';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const dir = mkdtempSync(join(tmpdir(), 'tm-cli-reports-'));
const env = { TM_DB: storeLocation(dir), TM_NOW: '2026-11-22T12:00:00.000Z' };
const tm = tmCli(env);
let id = '';

const screenings = async (): Promise<number> => (JSON.parse((await tm('screenings', 'list', '--all')).stdout) as unknown[]).length;

beforeAll(async () => {
  expect((await tm('ingest', ...FIXTURES)).exitCode).toBe(0);
  const clear = await tm('clear', 'KUTEX', '--class', '3', '--json');
  expect(clear.exitCode).toBe(0);
  id = (JSON.parse(clear.stdout) as { id: string }).id;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('tm screenings report writes the document', () => {
  it('--format md prints the Markdown itself', async () => {
    const r = await tm('screenings', 'report', id, '--format', 'md');
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/^# Clearance report: KUTEX/);
    expect(r.stdout).toContain('CUTEX');
  });

  it('--format html and csv with --output write the document to the file', async () => {
    const html = join(dir, 'r.html');
    const h = await tm('screenings', 'report', id, '--format', 'html', '--output', html);
    expect([h.exitCode, h.stdout]).toEqual([0, '']);
    expect(readFileSync(html, 'utf8')).toMatch(/^<!doctype html>/);
    const csv = join(dir, 'r.csv');
    expect((await tm('screenings', 'report', id, '--format', 'csv', '--output', csv)).exitCode).toBe(0);
    expect(readFileSync(csv, 'utf8').split('\r\n')[1]).toMatch(/CUTEX/);
  });

  it('--json gives the JSON object around the document', async () => {
    const r = JSON.parse((await tm('screenings', 'report', id, '--format', 'md', '--json')).stdout) as { object: string; content: string };
    expect(r.object).toBe('screening_report');
    expect(r.content).toMatch(/^# Clearance report/);
  });
});

describe('a bad output path is refused before anything is saved', () => {
  it('tm clear --report into a missing folder saves no screening', async () => {
    const before = await screenings();
    const target = join(dir, 'missing', 'r.html');
    const r = await tm('clear', 'KUTEX', '--report', target);
    expect(r.exitCode).toBe(2);
    expect(r.stderr.trim()).toBe(`tm: --report: cannot write ${target}: its folder ${join(dir, 'missing')} does not exist. Nothing was run or saved. [validation_error]`);
    expect(await screenings()).toBe(before);
  });

  it('tm watches create --output into a missing folder creates no watch', async () => {
    const r = await tm('watches', 'create', '--name', 'Kutex', '--watch-type', 'similarity', '--query', '{"version":"v3","q":"KUTEX"}', '--output', join(dir, 'nope', 'w.json'));
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('does not exist. Nothing was run or saved.');
    expect(JSON.parse((await tm('watches', 'list', '--all')).stdout)).toEqual([]);
  });
});

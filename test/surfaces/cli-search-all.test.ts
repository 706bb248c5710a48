// `tm search Q --all-channels`: the clearance preset turns on all six channels, conceptual included, so a
// foreign equivalent is found; without it the default channels do not find it; with --similarity
// it is a conflicting-parameters error with a non-zero exit.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tmCli } from '../helpers/tm-processes.js';
import { storeLocation } from '../helpers/test-backend.js';

const dir = mkdtempSync(join(tmpdir(), 'tm-cli-all-'));
const env = { TM_DB: storeLocation(dir), TM_NOW: '2026-11-22T12:00:00.000Z' };
const tm = tmCli(env);
const row = (n: string, text: string) => JSON.stringify({ office_code: 'GB', application_number: n, mark_text: text });

beforeAll(async () => {
  writeFileSync(join(dir, 'marks.ndjson'), [row('UK001', 'WOLF'), row('UK002', 'SUNRISE'), row('UK003', 'LUPINE')].join('\n'));
  expect((await tm('ingest', join(dir, 'marks.ndjson'))).exitCode).toBe(0);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('tm search --all-channels', () => {
  it('finds WOLF for LUPO through the conceptual channel only with --all-channels', async () => {
    const plain = JSON.parse((await tm('search', 'LUPO', '--json')).stdout);
    expect(plain.data.map((h: { mark_text: string }) => h.mark_text)).not.toContain('WOLF');
    const r = await tm('search', 'LUPO', '--all-channels', '--json');
    expect(r.exitCode).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.search_meta.similarity_applied).toContain('conceptual');
    const wolf = out.data.find((h: { mark_text: string }) => h.mark_text === 'WOLF');
    expect(wolf.match.via).toContain('conceptual');
  });

  it('refuses --all-channels with --similarity in one line and exit 2', async () => {
    const r = await tm('search', 'LUPO', '--all-channels', '--similarity', 'fuzzy');
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('all and similarity');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
});

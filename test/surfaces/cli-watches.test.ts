// `tm watches …` and `tm alerts` on a real store: a watch created from a JSON file, an ingest with
// --backfill raising nothing, `tm watches run --ndjson --exit-code` for CI, and the alert list.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tmCli } from '../helpers/tm-processes.js';
import { storeLocation } from '../helpers/test-backend.js';

const dir = mkdtempSync(join(tmpdir(), 'tm-cli-wat-'));
const env = { TM_DB: storeLocation(dir), TM_NOW: '2026-11-22T12:00:00.000Z' };
const tm = tmCli(env);
const DAILY = 'fixtures/uspto/daily-xml/records';

beforeAll(async () => {
  expect((await tm('ingest', `${DAILY}/revival-before-98186103.xml`)).exitCode).toBe(0);
  const body = join(dir, 'watch.json');
  writeFileSync(body, JSON.stringify({ name: 'Racino', watch_type: 'mark', query: { filters: { trademarkIds: ['US:98186103'] } } }));
  expect((await tm('watches', 'create', '--input', body, '--json')).exitCode).toBe(0);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('tm watches and tm alerts', () => {
  it('a backfill raises nothing, and watches run --exit-code exits 0 with nothing new', async () => {
    const r = await tm('ingest', `${DAILY}/publication-before-79366581.xml`, '--backfill');
    expect(r.stdout).toContain('0 watch alerts');
    const run = await tm('watches', 'run', '--ndjson', '--exit-code');
    expect([run.exitCode, run.stdout]).toEqual([0, '']);
  });

  it('prints new alerts as NDJSON and exits 10 with --exit-code; tm alerts lists them', async () => {
    expect((await tm('ingest', `${DAILY}/revival-after-98186103.xml`)).stdout).toContain('1 watch alert');
    // The ingest evaluated already; --since replays the span and finds nothing new to add.
    const again = await tm('watches', 'run', '--since', '0', '--ndjson', '--exit-code');
    expect([again.exitCode, again.stdout]).toEqual([0, '']);
    const list = JSON.parse((await tm('alerts', '--json')).stdout);
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ watch_name: 'Racino', event: { type: 'trademark.status_changed' } });
    // A watch created now and replayed over the same span raises its own alert: exit 10 (the gate code).
    const body = join(dir, 'similar.json');
    writeFileSync(body, JSON.stringify({ name: 'Racino lookalikes', watch_type: 'similarity', query: { version: 'v3', q: 'R RACINOS' } }));
    expect((await tm('watches', 'create', '--input', body, '--json')).exitCode).toBe(0);
    const fresh = await tm('watches', 'run', '--since', '0', '--ndjson', '--exit-code');
    expect(fresh.exitCode).toBe(10);
    expect(fresh.stdout.trim().split('\n').map((l) => JSON.parse(l).watch_name)).toEqual(['Racino lookalikes']);
    const bad = await tm('alerts', '--watch', 'ptf_123');
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/not a watch id/);
  });
});

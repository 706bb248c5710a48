// Ingest and serve share a store (issue 11, fault 1): a generated daily file is ingested by
// `tm ingest` while a real `tm serve` answers a steady stream of detail reads and searches and a
// CLI loop runs `tm show` and `tm search`. The ingest must exit 0 with every record stored, and
// no read may fail (a 404 for a mark not yet loaded is an answer, not a failure).
// TM_TEST_LOAD_RECORDS sets the file's size (default 30,000; at 100,000 on a loaded machine this
// test found the server frozen behind the ingest's write lock, test/store/sqlite-lock-wait.test.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusRecords, writeCorpusFile } from '../../bench/corpus/generate.js';
import { readKey, startServe, tmCli, tmSpawn, type RunningServe } from '../helpers/tm-processes.js';

const COUNT = Number(process.env.TM_TEST_LOAD_RECORDS ?? 30_000);
const SEED = 11;
const dir = mkdtempSync(join(tmpdir(), 'tm-load-'));
const env = { TM_DB: join(dir, 'tm.db'), TM_NOW: '2026-11-22T12:00:00.000Z' };
const file = join(dir, 'daily.ndjson');
const tm = tmCli(env);
/** Marks near the start of the file: loaded early, so most reads find them. The generator's
 *  records depend on the count asked for, so these come from the file's own run. */
const sample = takeFirst(corpusRecords({ count: COUNT, seed: SEED }), 40).filter((r) => r.mark_text);
let serve: RunningServe;
let key: string;

function takeFirst<T>(items: Iterable<T>, n: number): T[] {
  const out: T[] = [];
  for (const item of items) if (out.push(item) >= n) break;
  return out;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  await writeCorpusFile(file, 'ndjson', { count: COUNT, seed: SEED });
  key = await readKey(env);
  serve = await startServe(env);
}, 120_000);

afterAll(async () => {
  await serve?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('a daily ingest beside a running tm serve and CLI readers', () => {
  it('stores every record, and every read answers', async () => {
    const ingest = tmSpawn(env, 'ingest', file);
    let running = true;
    void ingest.finally(() => (running = false));
    const failures: string[] = [];
    const reads = { http: 0, cli: 0 };

    const get = async (path: string): Promise<void> => {
      const res = await fetch(`${serve.url}${path}`, { headers: { Authorization: `Bearer ${key}` } });
      await res.arrayBuffer();
      reads.http++;
      if (res.status !== 200 && res.status !== 404) failures.push(`GET ${path}: ${res.status}`);
    };
    const httpLoop = async (): Promise<void> => {
      for (let i = 0; running; i++) {
        const r = sample[i % sample.length]!;
        await get(`/v1/trademarks/${r.id}`);
        await get(`/v1/trademarks?q=${encodeURIComponent(r.mark_text!)}&limit=5`);
        await pause(20);
      }
    };
    const cliLoop = async (): Promise<void> => {
      for (let i = 0; running; i++) {
        const r = sample[i % sample.length]!;
        const shown = await tm('show', `${r.office_code}:${r.application_number}`, '--json');
        const found = await tm('search', r.mark_text!, '--limit', '5', '--json');
        reads.cli += 2;
        if (shown.exitCode !== 0 && shown.exitCode !== 3) failures.push(`tm show: exit ${shown.exitCode} ${shown.stderr}`);
        if (found.exitCode !== 0) failures.push(`tm search: exit ${found.exitCode} ${found.stderr}`);
      }
    };

    const [done] = await Promise.all([ingest, httpLoop(), cliLoop()]);
    expect(done.stderr).toBe('');
    expect(done.exitCode).toBe(0);
    expect(done.stdout).toMatch(new RegExp(`^ingested ${COUNT} records`));
    expect(failures).toEqual([]);
    // The reads really overlapped the ingest.
    expect(reads.http).toBeGreaterThan(10);
    expect(reads.cli).toBeGreaterThanOrEqual(2);

    const stats = JSON.parse((await tm('stats', '--json')).stdout) as { total: number };
    expect(stats.total).toBe(COUNT);
    // The ingest brought the index up to date: the server's next search finds a loaded mark.
    const probe = sample[0]!;
    const res = await fetch(`${serve.url}/v1/trademarks?q=${encodeURIComponent(probe.mark_text!)}&limit=50`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    const body = (await res.json()) as { data: { id: string }[]; warnings?: unknown[] };
    expect(body.data.map((d) => d.id)).toContain(probe.id);
  }, 600_000);
});

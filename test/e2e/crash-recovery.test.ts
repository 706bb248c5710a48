// Kill test (issue 11, fault 4): `kill -9` of `tm ingest` at three points (during a bulk load
// into an empty store, during the first build of the search index, which runs beside that load,
// during a later incremental load), then a restarted `tm serve`. Its start repairs the store, so the first search after it
// finds the mark that `tm show` shows, with no index_behind warning, and a next ingest works.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeCorpusFile } from '../../bench/corpus/generate.js';
import { SECONDARY_INDEXES } from '../../src/store/sqlite/migrations/001-core.js';
import { readKey, startServe, tmCli, tmSpawn } from '../helpers/tm-processes.js';

const COUNT = 20_000;
const dir = mkdtempSync(join(tmpdir(), 'tm-kill-'));
const daily = join(dir, 'daily.ndjson');
const next = join(dir, 'next.ndjson');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const INDEX_NAMES = SECONDARY_INDEXES.map((s) => /IF NOT EXISTS (\w+)/.exec(s)![1]!);

/** Reads the store's state from outside, as an observer (never writes). */
const peek = <T>(db: string, sql: string): T | undefined => {
  try {
    const conn = new Database(db, { readonly: true, fileMustExist: true });
    try {
      return conn.prepare(sql).pluck().get() as T | undefined;
    } finally {
      conn.close();
    }
  } catch {
    return undefined;
  }
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `tm ingest file` and kills it with SIGKILL as soon as `ready` holds; fails if it finished first. */
const killWhen = async (env: Record<string, string>, file: string, ready: () => boolean): Promise<void> => {
  const ingest = tmSpawn(env, 'ingest', file);
  let exited = false;
  void ingest.finally(() => (exited = true));
  while (!exited && !ready()) await pause(5);
  expect(exited, 'the ingest finished before the kill point').toBe(false);
  ingest.kill('SIGKILL');
  const r = await ingest;
  expect(r.signal).toBe('SIGKILL');
};

const POINTS = {
  'during the bulk load, with its indexes dropped': async (env: Record<string, string>) => {
    await killWhen(env, daily, () => (peek<number>(env.TM_DB!, 'SELECT COUNT(*) FROM trademarks') ?? 0) >= 4000 &&
      peek<number>(env.TM_DB!, "SELECT COUNT(*) FROM sqlite_master WHERE name = 'trademarks_app'") === 0);
  },
  // The index is built beside the load: killed once the build holds its lease and has filed marks.
  'during the first build of the search index': async (env: Record<string, string>) => {
    await killWhen(env, daily, () => peek<string>(env.TM_DB!, "SELECT value FROM meta WHERE key = 'lease:index_sync'") !== undefined &&
      (peek<number>(env.TM_DB!, 'SELECT COUNT(*) FROM search_mark') ?? 0) > 0);
  },
  'during a later load into a loaded store': async (env: Record<string, string>) => {
    expect((await tmCli(env)('ingest', daily)).exitCode).toBe(0);
    await killWhen(env, next, () => (peek<number>(env.TM_DB!, 'SELECT COUNT(*) FROM trademarks') ?? 0) > COUNT + 1000);
  },
};

describe('kill -9 of tm ingest, then a restarted tm serve', () => {
  it('writes the files', async () => {
    await writeCorpusFile(daily, 'ndjson', { count: COUNT, seed: 31 });
    await writeCorpusFile(next, 'ndjson', { count: 10_000, seed: 32 });
  }, 120_000);

  for (const [point, crash] of Object.entries(POINTS)) {
    it(`${point}: the first search finds what tm show shows`, async () => {
      const env = { TM_DB: join(dir, `${point.split(' ').slice(-2).join('-')}.db`), TM_NOW: '2026-11-22T12:00:00.000Z' };
      const tm = tmCli(env);
      const key = await readKey(env);
      await crash(env);
      // The last mark stored before the kill.
      const last = peek<string>(env.TM_DB, "SELECT json_object('id', id, 'office', office_code, 'number', application_number, 'text', mark_text) FROM trademarks WHERE mark_text IS NOT NULL ORDER BY seq DESC LIMIT 1");
      const mark = JSON.parse(last!) as { id: string; office: string; number: string; text: string };
      const shown = await tm('show', `${mark.office}:${mark.number}`, '--json');
      expect(shown.exitCode).toBe(0);
      expect((JSON.parse(shown.stdout) as { id: string }).id).toBe(mark.id);

      const serve = await startServe(env);
      try {
        const res = await fetch(`${serve.url}/v1/trademarks?q=${encodeURIComponent(mark.text)}&limit=100`, { headers: { Authorization: `Bearer ${key}` } });
        const body = (await res.json()) as { data: { id: string }[]; search_meta: { warnings: { code: string }[] } };
        expect(res.status).toBe(200);
        expect(body.data.map((d) => d.id)).toContain(mark.id);
        expect(body.search_meta.warnings.map((w) => w.code)).not.toContain('index_behind');
        expect(serve.lines.join('\n')).toMatch(/search index brought up to date: \d+ changed marks indexed/);
      } finally {
        await serve.stop();
      }
      // The dropped indexes are back, and the store takes the next ingest.
      for (const name of INDEX_NAMES) expect(peek<number>(env.TM_DB, `SELECT COUNT(*) FROM sqlite_master WHERE name = '${name}'`), name).toBe(1);
      const again = await tm('ingest', next);
      expect(again.exitCode).toBe(0);
      expect(again.stdout).toMatch(/^ingested 10000 records/);
    }, 300_000);
  }
});

// The search index built beside the load (issue 28 §3): the parse worker makes each mark's index
// form and the ingest files every stored batch as it goes. The index it leaves must be the one the
// sync after the load made before: the same search_mark rows, search_key and search_gram lists and
// trigram text, on SQLite and PostgreSQL, for a first load (a bulk build) and a daily file into it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { corpusFileName, writeCorpus } from '../../bench/corpus/generate.js';
import type * as ContextModule from '../../src/context.js';
import type * as PipelineModule from '../../src/ingest/pipeline.js';
import { closeContext, createContext, type Context } from '../../src/context.js';
import { ingestFiles } from '../../src/ingest/pipeline.js';
import { encodeForms, formReader } from '../../src/ingest/parse-worker.js';
import { markForm } from '../../src/search/indexer.js';
import { fromBlob } from '../../src/store/gram-postings.js';
import { createTestDatabase, PG_ENABLED } from '../helpers/pg.js';
import { sqlRows, sqlRun } from '../helpers/raw-sql.js';

// Only the compiled pipeline can start the parse worker (`npm test` builds first).
const dist = resolve('dist/src');
const hasDist = existsSync(join(dist, 'ingest', 'parse-worker.js'));
const quiet = { info: () => {}, warn: () => {} };
const NOW = '2026-11-22T12:00:00.000Z';

const blob = (b: Buffer | Uint8Array): number[] => [...fromBlob(Buffer.from(b))];

/**
 * The index's contents. `exact` keeps the mids (a first load numbers its marks in store order,
 * both ways); otherwise each mid is named by its trademark id, for indexes whose marks were
 * numbered in another order (a daily file's changed marks keep the mid of their first filing).
 */
const indexContents = async (ctx: Context, exact: boolean) => {
  const rows = await sqlRows<Record<string, unknown> & { mid: number; trademark_id: string }>(ctx.store, 'SELECT * FROM search_mark ORDER BY trademark_id');
  const ids = new Map(rows.map((r) => [Number(r.mid), r.trademark_id]));
  const name = (mid: number): number | string => (exact ? mid : ids.get(mid)!);
  const sorted = <T>(xs: T[]): T[] => xs.map((x) => JSON.stringify(x)).sort().map((x) => JSON.parse(x) as T);
  const pg = ctx.store.backend === 'postgres';
  const keyRows = pg
    ? (await sqlRows<{ h: string; len: number; mid: string }>(ctx.store, 'SELECT h, len, mid FROM search_key')).map((r) => [Number(r.h), r.len, name(Number(r.mid))])
    : (await sqlRows<{ h: number; len: number; mids: Buffer }>(ctx.store, 'SELECT hl >> 8 AS h, hl & 255 AS len, mids FROM search_key')).flatMap((r) => blob(r.mids).map((mid) => [r.h, r.len, name(mid)]));
  const gramSql = pg ? 'SELECT h, len, mids FROM search_gram' : 'SELECT hl >> 8 AS h, hl & 255 AS len, mids FROM search_gram';
  const grams = (await sqlRows<{ h: string | number; len: number; mids: Buffer }>(ctx.store, gramSql)).flatMap((r) => blob(r.mids).map((mid) => [Number(r.h), r.len, name(mid)]));
  // SQLite's trigram table keeps no text (contentless): which marks it holds; PostgreSQL's keeps the text.
  const text = pg
    ? (await sqlRows<{ mid: string; body: string }>(ctx.store, 'SELECT mid, body FROM search_fts')).map((r) => [name(Number(r.mid)), r.body])
    : (await sqlRows<{ rowid: number }>(ctx.store, 'SELECT rowid FROM search_fts')).map((r) => [name(r.rowid)]);
  return {
    marks: rows.map(({ mid, ...rest }) => (exact ? { mid: Number(mid), ...rest } : rest)),
    keys: sorted(keyRows),
    grams: sorted(grams),
    text: sorted(text),
    lastSeq: (await sqlRows<{ value: string }>(ctx.store, "SELECT value FROM search_state WHERE key = 'last_seq'"))[0]?.value,
  };
};

/** Today's path on the same store: the index emptied and built again by one sync after the load. */
const freshSync = async (ctx: Context) => {
  await ctx.store.searchTables().writer.clear();
  expect((await ctx.index.sync()).indexed).toBeGreaterThan(0);
};

describe('the mark forms the parse worker sends', () => {
  it('read back as the forms the sync makes, texts of every shape', () => {
    const texts = ['KODAK', null, '', '   ', '4EVER YOUNG', 'Café Noir & Co.', 'ÅNGSTRÖM', '東京', 'A', 'THE BEST OF THE BEST OF THE BEST', 'x\u0301y', '🍎 APPLE'];
    const read = formReader(encodeForms(texts.map(markForm)));
    for (const text of texts) expect(read(text)).toEqual(markForm(text));
  });
});

describe.skipIf(!hasDist)('the search index built beside the load', () => {
  let dir: string;
  let worker: { ingestFiles: typeof PipelineModule.ingestFiles; createContext: typeof ContextModule.createContext; closeContext: typeof ContextModule.closeContext };
  let first: string;
  let daily: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tm-index-worker-'));
    // A first load, then a daily file of new marks and changed ones (another seed).
    await writeCorpus({ count: 1500, seed: 7, outDir: dir, formats: ['ndjson'] }, () => {});
    await writeCorpus({ count: 400, seed: 8, outDir: dir, formats: ['ndjson'] }, () => {});
    first = join(dir, corpusFileName('ndjson', 1500, 7));
    daily = join(dir, corpusFileName('ndjson', 400, 8));
    const pipeline = (await import(pathToFileURL(join(dist, 'ingest', 'pipeline.js')).href)) as typeof PipelineModule;
    const context = (await import(pathToFileURL(join(dist, 'context.js')).href)) as typeof ContextModule;
    worker = { ingestFiles: pipeline.ingestFiles, createContext: context.createContext, closeContext: context.closeContext };
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('SQLite: the same index as a sync after the load, first load and daily file, and as parsing in-thread', async () => {
    const paths = { worker: join(dir, 'worker.db'), thread: join(dir, 'thread.db'), fresh: join(dir, 'fresh.db') };
    const a = worker.createContext({ db: paths.worker, now: NOW }, quiet);
    const b = createContext({ db: paths.thread, now: NOW }, quiet);
    // Several store batches, so the bulk build spans them.
    expect((await worker.ingestFiles(a, [first], { parseInWorker: true, batchSize: 400 })).indexed).toBe(1500);
    await ingestFiles(b, [first], { parseInWorker: false, batchSize: 400 });
    const loaded = await indexContents(a, true);
    expect(loaded.marks).toHaveLength(1500);
    expect(loaded.lastSeq).toBeDefined();
    expect(await indexContents(b, true)).toEqual(loaded);
    await worker.closeContext(a);
    copyFileSync(paths.worker, paths.fresh);
    const fresh = createContext({ db: paths.fresh, now: NOW }, quiet);
    await freshSync(fresh);
    expect(await indexContents(fresh, true)).toEqual(loaded);
    await closeContext(fresh);

    const again = worker.createContext({ db: paths.worker, now: NOW }, quiet);
    const viaWorker = await worker.ingestFiles(again, [daily], { parseInWorker: true });
    const inThread = await ingestFiles(b, [daily], { parseInWorker: false });
    expect(viaWorker.updated).toBeGreaterThan(0);
    expect(viaWorker.indexed).toBe(inThread.indexed);
    const grown = await indexContents(again, true);
    expect(await indexContents(b, true)).toEqual(grown);
    await worker.closeContext(again);
    await closeContext(b);
    copyFileSync(paths.worker, paths.fresh);
    const rebuilt = createContext({ db: paths.fresh, now: NOW }, quiet);
    await freshSync(rebuilt);
    const { lastSeq: _l, ...rest } = await indexContents(rebuilt, false);
    const reopened = worker.createContext({ db: paths.worker, now: NOW }, quiet);
    const { lastSeq: _g, ...mine } = await indexContents(reopened, false);
    expect(mine).toEqual(rest);
    await worker.closeContext(reopened);
    await closeContext(rebuilt);
  }, 300_000);

  it('SQLite: a mark loaded twice in one first load ends the bulk build and is filed once, with its last text', async () => {
    const path = join(dir, 'twice.db');
    const ctx = worker.createContext({ db: path, now: NOW }, quiet);
    // The daily file's changed marks come again after the first load's, in a later store batch.
    await worker.ingestFiles(ctx, [first, daily], { parseInWorker: true, batchSize: 400 });
    const mine = await indexContents(ctx, false);
    await worker.closeContext(ctx);
    const fresh = createContext({ db: path, now: NOW }, quiet);
    await freshSync(fresh);
    const { lastSeq: _a, ...rebuilt } = await indexContents(fresh, false);
    const { lastSeq: _b, ...followed } = mine;
    expect(followed.marks.length).toBeGreaterThan(1500);
    expect(followed).toEqual(rebuilt);
    await closeContext(fresh);
  }, 300_000);

  it.skipIf(!PG_ENABLED)('PostgreSQL: the same index as a sync after the load, first load and daily file', async () => {
    const database = await createTestDatabase();
    try {
      const a = worker.createContext({ db: database.url, now: NOW }, quiet);
      await worker.ingestFiles(a, [first], { parseInWorker: true, batchSize: 400 });
      const loaded = await indexContents(a, true);
      expect(loaded.marks).toHaveLength(1500);
      await freshSync(a);
      expect(await indexContents(a, true)).toEqual(loaded);
      const daily8 = await worker.ingestFiles(a, [daily], { parseInWorker: true });
      expect(daily8.updated).toBeGreaterThan(0);
      const { lastSeq: _l, ...grown } = await indexContents(a, false);
      await freshSync(a);
      const { lastSeq: _r, ...rebuilt } = await indexContents(a, false);
      expect(grown).toEqual(rebuilt);
      await worker.closeContext(a);
    } finally {
      await database.drop();
    }
  }, 300_000);
});

describe('a load whose index batch fails', () => {
  it('fails the ingest, files nothing half, lets the lease go, and the next sync builds the whole index', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tm-index-fail-'));
    try {
      await writeCorpus({ count: 1200, seed: 9, outDir: dir, formats: ['ndjson'] }, () => {});
      const file = join(dir, corpusFileName('ndjson', 1200, 9));
      const ctx = createContext({ db: join(dir, 'tm.db'), now: NOW }, quiet);
      // The third store batch's marks cannot be filed: the bulk build has staged two batches' keys.
      await sqlRun(ctx.store, "CREATE TRIGGER boom BEFORE INSERT ON search_mark WHEN (SELECT COUNT(*) FROM search_mark) >= 800 BEGIN SELECT RAISE(ABORT, 'index write failed'); END");
      await expect(ingestFiles(ctx, [file], { parseInWorker: false, batchSize: 400 })).rejects.toThrow('index write failed');
      await sqlRun(ctx.store, 'DROP TRIGGER boom');
      expect(await sqlRows(ctx.store, "SELECT value FROM meta WHERE key = 'lease:index_sync'")).toEqual([]);
      expect(await sqlRows(ctx.store, "SELECT value FROM search_state WHERE key = 'last_seq'")).toEqual([]);
      expect((await ctx.index.sync()).indexed).toBe(1200);
      const after = await indexContents(ctx, true);
      await freshSync(ctx);
      expect(after).toEqual(await indexContents(ctx, true));
      expect(after.marks).toHaveLength(1200);
      await closeContext(ctx);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

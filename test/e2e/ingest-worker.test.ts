import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { corpusFileName, writeCorpus } from '../../bench/corpus/generate.js';
import type * as ContextModule from '../../src/context.js';
import type * as PipelineModule from '../../src/ingest/pipeline.js';
import Database from 'better-sqlite3';
import { closeContext, createContext } from '../../src/context.js';
import { ingestFiles } from '../../src/ingest/pipeline.js';
import { createTestDatabase, PG_ENABLED } from '../helpers/pg.js';

// Only the compiled pipeline can start the parse worker (`npm test` builds first).
const dist = resolve('dist/src');
const hasDist = existsSync(join(dist, 'ingest', 'parse-worker.js'));
const quiet = { info: () => {}, warn: () => {} };

const storedRecords = async (ctx: ReturnType<typeof createContext>): Promise<unknown[]> => {
  const out: unknown[] = [];
  for await (const rows of ctx.store.trademarks.scan({})) out.push(...rows);
  return out;
};

describe.skipIf(!hasDist)('parsing on a worker thread', () => {
  let dir: string;
  let xml: string;
  let worker: { ingestFiles: typeof PipelineModule.ingestFiles; createContext: typeof ContextModule.createContext; closeContext: typeof ContextModule.closeContext };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tm-worker-'));
    await writeCorpus({ count: 700, seed: 7, outDir: dir, formats: ['uspto-xml'] }, () => {});
    xml = join(dir, corpusFileName('uspto-xml', 700, 7));
    // A first load, then a daily file of new marks and changed ones (another seed).
    await writeCorpus({ count: 1200, seed: 7, outDir: dir, formats: ['ndjson'] }, () => {});
    await writeCorpus({ count: 400, seed: 8, outDir: dir, formats: ['ndjson'] }, () => {});
    const pipeline = (await import(pathToFileURL(join(dist, 'ingest', 'pipeline.js')).href)) as typeof PipelineModule;
    const context = (await import(pathToFileURL(join(dist, 'context.js')).href)) as typeof ContextModule;
    worker = { ingestFiles: pipeline.ingestFiles, createContext: context.createContext, closeContext: context.closeContext };
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const ndjson = (): string[] => [join(dir, corpusFileName('ndjson', 1200, 7)), join(dir, corpusFileName('ndjson', 400, 8))];
  const strip = ({ duration_ms: _d, records_per_second: _r, ...rest }: PipelineModule.IngestSummary) => rest;

  it('stores the same records, counts and events as parsing in-thread', async () => {
    expect(statSync(xml).size).toBeGreaterThan(4 * 1024 * 1024);
    const a = worker.createContext({ db: join(dir, 'worker.db'), now: '2026-11-22T12:00:00.000Z' }, quiet);
    const b = createContext({ db: join(dir, 'thread.db'), now: '2026-11-22T12:00:00.000Z' }, quiet);
    const viaWorker = await worker.ingestFiles(a, [xml], { parseInWorker: true });
    const inThread = await ingestFiles(b, [xml], { parseInWorker: false });
    expect(viaWorker.records).toBe(700);
    expect(strip(viaWorker)).toEqual(strip(inThread));
    expect(await storedRecords(a)).toEqual(await storedRecords(b));
    await worker.closeContext(a);
    await closeContext(b);
  }, 120_000);

  it('NDJSON: the same summaries, events and stored bytes (the record packed on the worker) as in-thread', async () => {
    const paths = { worker: join(dir, 'nd-worker.db'), thread: join(dir, 'nd-thread.db') };
    const a = worker.createContext({ db: paths.worker, now: '2026-11-22T12:00:00.000Z' }, quiet);
    const b = createContext({ db: paths.thread, now: '2026-11-22T12:00:00.000Z' }, quiet);
    for (const file of ndjson()) {
      const viaWorker = await worker.ingestFiles(a, [file], { parseInWorker: true });
      const inThread = await ingestFiles(b, [file], { parseInWorker: false });
      expect(strip(viaWorker)).toEqual(strip(inThread));
    }
    await worker.closeContext(a);
    await closeContext(b);
    const rows = (path: string) => {
      const db = new Database(path, { readonly: true });
      const out = {
        marks: db.prepare('SELECT id, content_hash, record, seq, updated_at FROM trademarks ORDER BY id').all(),
        events: db.prepare('SELECT trademark_id, type, payload FROM events ORDER BY trademark_id, type, payload').all(),
      };
      db.close();
      return out;
    };
    const [fromWorker, fromThread] = [rows(paths.worker), rows(paths.thread)];
    expect(fromWorker.marks.length).toBeGreaterThan(1200);
    expect(fromWorker.events.length).toBeGreaterThan(0);
    expect(fromWorker).toEqual(fromThread);
  }, 300_000);

  it.skipIf(!PG_ENABLED)('NDJSON on PostgreSQL through the worker: the same records and summaries as SQLite in-thread', async () => {
    const database = await createTestDatabase();
    try {
      const a = worker.createContext({ db: database.url, now: '2026-11-22T12:00:00.000Z' }, quiet);
      const b = createContext({ db: join(dir, 'nd-pg-twin.db'), now: '2026-11-22T12:00:00.000Z' }, quiet);
      for (const file of ndjson()) {
        const viaWorker = await worker.ingestFiles(a, [file], { parseInWorker: true });
        const inThread = await ingestFiles(b, [file], { parseInWorker: false });
        expect(strip(viaWorker)).toEqual(strip(inThread));
      }
      expect(await storedRecords(a)).toEqual(await storedRecords(b));
      await worker.closeContext(a);
      await closeContext(b);
    } finally {
      await database.drop();
    }
  }, 300_000);

  it('reports a truncated file as failed and keeps the whole records read before the fault', async () => {
    const text = readFileSync(xml, 'utf8');
    const cut = join(dir, 'truncated.xml');
    writeFileSync(cut, text.slice(0, Math.floor(text.length * 0.6)));
    const ctx = worker.createContext({ db: join(dir, 'cut.db'), now: '2026-11-22T12:00:00.000Z' }, quiet);
    const summary = await worker.ingestFiles(ctx, [cut], { parseInWorker: true });
    expect(summary.failed_files).toHaveLength(1);
    expect(summary.failed_files[0]).toMatchObject({ file: cut, type: 'input_error' });
    expect(summary.inserted).toBeGreaterThan(300);
    expect(summary.inserted).toBeLessThan(700);
    expect(await ctx.store.trademarks.count({})).toBe(summary.inserted);
    await worker.closeContext(ctx);
  }, 120_000);
});

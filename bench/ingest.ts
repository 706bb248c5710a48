// `npm run bench:ingest`: end-to-end ingest throughput and peak RSS per format (NDJSON, USPTO daily
// XML) into a fresh SQLite store, with parser-only throughput on the same file as the ceiling.
// Each measurement runs in its own child process so its peak RSS is its own. Options:
//   --count N (default 1,000,000)  --seed S (42)  --formats ndjson,uspto-xml  --corpus-dir DIR
//   --batch-size N (pipeline default)  --keep-db  --update-count N (20,000; 0 skips the update run)
//   --backend postgres: NDJSON into a fresh PostgreSQL database (TM_BENCH_PG, default the local
//   server) and, in the same run, into SQLite for the figure beside it (bench/lib/ingest-backends.ts);
//   with --keep-db both loaded stores are kept as bench:search's stores of this size and seed, and
//   with --concurrent both floors and both ingests run at once
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { closeContext, createContext } from '../src/context.js';
import { serializeRecord } from '../src/core/diff.js';
import type { TrademarkRecord } from '../src/core/schemas/trademark.js';
import { readRecords } from '../src/ingest/formats.js';
import { openDatabase, writeTransaction } from '../src/store/sqlite/sqlite.js';
import { ingestFiles } from '../src/ingest/pipeline.js';
import type { CorpusFormat } from './corpus/generate.js';
import { ensureCorpus } from './lib/corpus-file.js';
import { reportToParent, runInChild } from './lib/child.js';
import { compareBackends } from './lib/ingest-backends.js';
import { machineLine } from './lib/machine.js';
import {
  benchCommand, consoleTable, formatInt, formatMb, markdownTable, repoRoot, writeReport, type Table,
} from './lib/results.js';

/** The adapter name the pipeline uses for each corpus format. */
const ADAPTER: Record<CorpusFormat, string> = { ndjson: 'ndjson', 'uspto-xml': 'uspto-daily-xml' };
const TARGET_RPS: Record<CorpusFormat, number> = { ndjson: 20_000, 'uspto-xml': 5_000 };
const RSS_LIMIT = 1024 ** 3;

interface ParseResult {
  records: number;
  skipped: number;
  ms: number;
}

export interface IngestResult extends ParseResult {
  inserted: number;
  /** Time until the last record was stored, before the search-index sync. */
  store_ms: number;
  index_ms: number;
  db_bytes: number;
}

const progressLine = (label: string, records: number, ms: number): void => {
  process.stderr.write(`  ${label}: ${formatInt(records)} records, ${formatInt((records * 1000) / Math.max(1, ms))} rec/s\n`);
};

/** Child: parse the file and discard the records. */
const parseOnly = async (path: string, format: string): Promise<ParseResult> => {
  const t0 = performance.now();
  let records = 0;
  let skipped = 0;
  let lastLog = t0;
  for await (const entry of readRecords(path, format)) {
    for await (const item of entry.items) {
      if (item.ok) records++;
      else skipped++;
      if ((records & 0x3fff) === 0 && performance.now() - lastLog > 10_000) {
        lastLog = performance.now();
        progressLine(`parse ${format}`, records, lastLog - t0);
      }
    }
  }
  return { records, skipped, ms: performance.now() - t0 };
};

/**
 * Child: the floor under any store of these records: parse, serialise each record as the store does
 * (canonical JSON and content hash), and insert id + JSON into a one-table WAL database, 2,000 rows a
 * transaction. No side tables, no change detection, no search index.
 */
const storeFloor = async (path: string, format: string, dbPath: string): Promise<ParseResult> => {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${dbPath}${suffix}`, { force: true });
  const db = openDatabase(dbPath);
  db.exec('CREATE TABLE floor (id TEXT PRIMARY KEY, content_hash TEXT NOT NULL, record TEXT NOT NULL)');
  const insert = db.prepare('INSERT OR REPLACE INTO floor (id, content_hash, record) VALUES (?, ?, ?)');
  const write = writeTransaction(db, (batch: TrademarkRecord[]) => {
    for (const r of batch) {
      const stored = serializeRecord(r);
      insert.run(r.id, stored.hash, stored.json);
    }
  });
  const t0 = performance.now();
  let records = 0;
  let skipped = 0;
  let batch: TrademarkRecord[] = [];
  for await (const entry of readRecords(path, format)) {
    for await (const item of entry.items) {
      const record = item.ok ? item.record : null;
      if (record?.object !== 'trademark') {
        skipped++;
        continue;
      }
      records++;
      batch.push(record);
      if (batch.length === 2000) {
        write(batch);
        batch = [];
      }
    }
  }
  write(batch);
  const ms = performance.now() - t0;
  db.close();
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${dbPath}${suffix}`, { force: true });
  return { records, skipped, ms };
};

/** Child: ingest into the store at dbPath; a fresh one unless `update` (then it adds to the last run's). */
const ingestOnce = async (path: string, format: string, dbPath: string, batchSize?: number, update = false): Promise<IngestResult> => {
  if (!update) for (const suffix of ['', '-wal', '-shm']) rmSync(`${dbPath}${suffix}`, { force: true });
  const ctx = createContext({ db: dbPath }, { info: () => {}, warn: (m) => process.stderr.write(`warning: ${m}\n`) });
  let lastLog = 0;
  let storeMs = 0;
  const t0 = performance.now();
  const summary = await ingestFiles(ctx, [path], {
    format,
    ...(batchSize ? { batchSize } : {}),
    onProgress: (p) => {
      storeMs = p.elapsedMs;
      if (p.elapsedMs - lastLog > 10_000) {
        lastLog = p.elapsedMs;
        progressLine(`ingest ${format}`, p.records, p.elapsedMs);
      }
    },
  });
  const ms = performance.now() - t0;
  await closeContext(ctx);
  if (summary.failed_files.length > 0) throw new Error(`ingest failed: ${JSON.stringify(summary.failed_files)}`);
  const dbBytes = ['', '-wal'].reduce((sum, s) => sum + (existsSync(`${dbPath}${s}`) ? statSync(`${dbPath}${s}`).size : 0), 0);
  return {
    records: summary.records, skipped: summary.skipped, inserted: summary.inserted, ms,
    store_ms: storeMs, index_ms: Math.max(0, ms - storeMs), db_bytes: dbBytes,
  };
};

const childMain = async (argv: string[]): Promise<void> => {
  const [mode, path, format, dbPath, batch] = argv;
  if (mode === 'parse') reportToParent(await parseOnly(path!, format!));
  else if (mode === 'floor') reportToParent(await storeFloor(path!, format!, dbPath!));
  else reportToParent(await ingestOnce(path!, format!, dbPath!, batch ? Number(batch) : undefined, mode === 'update'));
};

interface FormatRow {
  format: CorpusFormat;
  file: string;
  file_bytes: number;
  records: number;
  parse: { records_per_second: number; records_per_cpu_second: number; seconds: number; peak_rss_bytes: number };
  /** A second, smaller file of another seed ingested into the loaded store (incremental path). */
  update: { records: number; records_per_second: number; records_per_cpu_second: number } | null;
  /** Parse + serialise + a bare id/JSON insert: what storing these records costs at the least. */
  floor: { records_per_second: number; records_per_cpu_second: number };
  ingest: {
    records_per_second: number;
    records_per_cpu_second: number;
    seconds: number;
    store_seconds: number;
    index_seconds: number;
    peak_rss_bytes: number;
    db_bytes: number;
    skipped: number;
  };
  target_records_per_second: number;
  meets_target: boolean;
}

const main = async (): Promise<void> => {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '1000000' },
      seed: { type: 'string', default: '42' },
      formats: { type: 'string', default: 'ndjson,uspto-xml' },
      'corpus-dir': { type: 'string', default: join(repoRoot, 'bench', 'corpus') },
      'batch-size': { type: 'string' },
      'keep-db': { type: 'boolean', default: false },
      'update-count': { type: 'string', default: '20000' },
      backend: { type: 'string', default: 'sqlite' },
      concurrent: { type: 'boolean', default: false },
    },
  });
  if (values.backend === 'postgres') {
    const file = await ensureCorpus(resolve(values['corpus-dir']!), 'ndjson', Number(values.count), Number(values.seed));
    const update = Number(values['update-count']) > 0 ? await ensureCorpus(resolve(values['corpus-dir']!), 'ndjson', Number(values['update-count']), Number(values.seed) + 1) : null;
    return compareBackends(fileURLToPath(import.meta.url), file, update, Number(values.count), Number(values.seed), values['keep-db']!, values.concurrent!);
  }
  if (values.backend !== 'sqlite') throw new Error(`--backend must be sqlite or postgres, not ${values.backend}`);
  const count = Number(values.count);
  const seed = Number(values.seed);
  const formats = values.formats!.split(',').map((f) => f.trim()) as CorpusFormat[];
  for (const f of formats) if (!(f in ADAPTER)) throw new Error(`unknown format ${f}; use ndjson and/or uspto-xml`);
  const corpusDir = resolve(values['corpus-dir']!);
  const tmpDir = join(repoRoot, 'bench', 'results', 'tmp');
  mkdirSync(tmpDir, { recursive: true });
  const self = fileURLToPath(import.meta.url);
  process.stderr.write(`machine: ${machineLine()}\n`);

  const rows: FormatRow[] = [];
  for (const format of formats) {
    const file = await ensureCorpus(corpusDir, format, count, seed);
    const adapter = ADAPTER[format];
    process.stderr.write(`${format}: parser only …\n`);
    const parse = await runInChild<ParseResult>(self, ['--child', 'parse', file, adapter]);
    const dbPath = join(tmpDir, `ingest-${format}.db`);
    process.stderr.write(`${format}: store floor (parse + serialise + bare insert) …\n`);
    const floor = await runInChild<ParseResult>(self, ['--child', 'floor', file, adapter, dbPath]);
    process.stderr.write(`${format}: ingest into a fresh store …\n`);
    const ingest = await runInChild<IngestResult>(self, ['--child', 'ingest', file, adapter, dbPath, values['batch-size'] ?? '']);
    // A daily file into the loaded store: new marks and changed ones, through the incremental path.
    const updateCount = Number(values['update-count']);
    let update: { records_per_second: number; records_per_cpu_second: number; records: number } | null = null;
    if (updateCount > 0) {
      const updateFile = await ensureCorpus(corpusDir, format, updateCount, seed + 1);
      process.stderr.write(`${format}: ${formatInt(updateCount)} more records into the loaded store …\n`);
      const run = await runInChild<IngestResult>(self, ['--child', 'update', updateFile, adapter, dbPath, values['batch-size'] ?? '']);
      update = {
        records: run.result.records,
        records_per_second: Math.round((run.result.records * 1000) / run.result.ms),
        records_per_cpu_second: Math.round((run.result.records * 1000) / run.cpu_ms),
      };
    }
    if (!values['keep-db']) for (const s of ['', '-wal', '-shm']) rmSync(`${dbPath}${s}`, { force: true });
    const ingestRps = (ingest.result.records * 1000) / ingest.result.ms;
    rows.push({
      format,
      file: file.startsWith(repoRoot) ? file.slice(repoRoot.length + 1) : file,
      file_bytes: statSync(file).size,
      records: ingest.result.records,
      parse: {
        records_per_second: Math.round((parse.result.records * 1000) / parse.result.ms),
        records_per_cpu_second: Math.round((parse.result.records * 1000) / parse.cpu_ms),
        seconds: parse.result.ms / 1000,
        peak_rss_bytes: parse.peak_rss_bytes,
      },
      update,
      floor: {
        records_per_second: Math.round((floor.result.records * 1000) / floor.result.ms),
        records_per_cpu_second: Math.round((floor.result.records * 1000) / floor.cpu_ms),
      },
      ingest: {
        records_per_second: Math.round(ingestRps),
        records_per_cpu_second: Math.round((ingest.result.records * 1000) / ingest.cpu_ms),
        seconds: ingest.result.ms / 1000,
        store_seconds: ingest.result.store_ms / 1000,
        index_seconds: ingest.result.index_ms / 1000,
        peak_rss_bytes: ingest.peak_rss_bytes,
        db_bytes: ingest.result.db_bytes,
        skipped: ingest.result.skipped,
      },
      target_records_per_second: TARGET_RPS[format],
      meets_target: ingestRps >= TARGET_RPS[format] && ingest.peak_rss_bytes < RSS_LIMIT,
    });
  }

  const table: Table = {
    headers: [
      'format', 'records', 'file', 'ingest rec/s', 'ingest s', 'of which index s', 'ingest rec/CPU-s', 'ingest peak RSS',
      'then update rec/s (CPU-s)', 'parse-only rec/s', 'parse rec/CPU-s', 'parse peak RSS', 'store floor rec/s', 'floor rec/CPU-s',
      'ingest / floor (wall, CPU)', 'store', 'store / file', 'target', 'met',
    ],
    rows: rows.map((r) => [
      r.format, r.records, formatMb(r.file_bytes), r.ingest.records_per_second, r.ingest.seconds.toFixed(1),
      r.ingest.index_seconds.toFixed(1), r.ingest.records_per_cpu_second, formatMb(r.ingest.peak_rss_bytes),
      r.update ? `${formatInt(r.update.records)} at ${formatInt(r.update.records_per_second)} (${formatInt(r.update.records_per_cpu_second)})` : '—',
      r.parse.records_per_second, r.parse.records_per_cpu_second, formatMb(r.parse.peak_rss_bytes),
      r.floor.records_per_second, r.floor.records_per_cpu_second,
      `${(r.ingest.records_per_second / r.floor.records_per_second).toFixed(3)}, ${(r.ingest.records_per_cpu_second / r.floor.records_per_cpu_second).toFixed(3)}`,
      formatMb(r.ingest.db_bytes), `${(r.ingest.db_bytes / r.file_bytes).toFixed(2)}×`,
      `≥ ${formatInt(r.target_records_per_second)} rec/s, < 1 GB`, r.meets_target ? 'yes' : 'NO',
    ]),
  };
  process.stdout.write(`\n${consoleTable(table)}\n\n`);
  const notes = [
    `Corpus: ${formatInt(count)} generated records per format, seed ${seed} (\`bench/corpus/generate.ts\`, docs/benchmarks.md). The NDJSON corpus spans all 11 offices; the USPTO XML corpus is US-only (the daily format carries US marks only).`,
    'rec/s is records over the wall time of the measured call; rec/CPU-s is records over the whole child\'s CPU time (user + system, all threads, start-up included), which a busy machine disturbs less.',
    '"of which index s" is the time after the last record was stored: the store\'s index rebuild after a bulk load and the search-index sync.',
    'Ingest = parse + batched upserts into a fresh SQLite store (WAL) + change detection + search-index sync, in a child process; peak RSS is that process\'s VmHWM. Parse-only = the same adapter on the same file, records discarded.',
    `Then update = a second corpus file of ${formatInt(Number(values['update-count']))} records (seed ${seed + 1}: new marks and some of the loaded ones changed) ingested into the loaded store, the way a daily file arrives: change detection against the stored rows and the incremental index sync.`,
    'Store = the SQLite file and its WAL right after the ingest (every table, the search index included), before the update run; store / file is that over the corpus file\'s bytes. Ingest / floor divides the ingest\'s rec/s (and rec/CPU-s) by the floor\'s of the same run.',
    'Store floor = parse, serialise each record as the store does (canonical JSON + SHA-256 content hash) and insert id, hash and JSON into a one-table WAL database, 2,000 rows a transaction: no side tables, no change detection, no search index. It bounds what any SQLite store of these records can reach here.',
  ];
  const paths = writeReport(
    { name: 'ingest', title: 'Ingest benchmark', command: benchCommand('bench:ingest'), results: { count, seed, rows } },
    `${markdownTable(table)}\n\n${notes.map((n) => `- ${n}`).join('\n')}\n`,
  );
  process.stdout.write(`wrote ${paths.json}\nwrote ${paths.md}\n`);
};

const argv = process.argv.slice(2);
(argv[0] === '--child' ? childMain(argv.slice(1)) : main()).catch((err: unknown) => {
  process.stderr.write(`bench:ingest: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});

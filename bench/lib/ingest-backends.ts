// `npm run bench:ingest -- --backend postgres`: the NDJSON corpus ingested end to end (store rows,
// events, the search index current when the command returns) into a fresh PostgreSQL database and,
// in the same run and on the same file, into a fresh SQLite store; then a daily file of new and
// changed marks into each loaded store (the incremental path). Each ingest runs in its own child.
import { rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { IngestResult } from '../ingest.js';
import { runInChild } from './child.js';
import { machineLine } from './machine.js';
import { databaseBytes, dropBenchDatabase, freshBenchDatabase, sampleServerCpu } from './pg-bench.js';
import { benchCommand, consoleTable, formatInt, formatMb, markdownTable, repoRoot, writeReport, type Table } from './results.js';

const TARGET_RPS = 10_000;
const DATABASE = 'tm_bench_ingest';

interface BackendRow {
  backend: 'sqlite' | 'postgres';
  records: number;
  records_per_second: number;
  records_per_cpu_second: number;
  /** The server's backends' CPU for the load (PostgreSQL; null on SQLite, where it is the client's). */
  server_cpu_seconds: number | null;
  /** Records per CPU-second of client and server together: the figure a busy machine disturbs least. */
  records_per_total_cpu_second: number;
  seconds: number;
  store_seconds: number;
  index_seconds: number;
  peak_rss_bytes: number;
  disk_bytes: number;
  update: { records: number; records_per_second: number; records_per_cpu_second: number } | null;
}

interface FloorResult {
  records: number;
  ms: number;
}

const rowOf = (
  backend: BackendRow['backend'], run: { result: IngestResult; cpu_ms: number; peak_rss_bytes: number }, serverMs: number | null, disk: number, update: BackendRow['update'],
): BackendRow => ({
  backend,
  records: run.result.records,
  records_per_second: Math.round((run.result.records * 1000) / run.result.ms),
  records_per_cpu_second: Math.round((run.result.records * 1000) / run.cpu_ms),
  server_cpu_seconds: serverMs === null ? null : serverMs / 1000,
  records_per_total_cpu_second: Math.round((run.result.records * 1000) / (run.cpu_ms + (serverMs ?? 0))),
  seconds: run.result.ms / 1000,
  store_seconds: run.result.store_ms / 1000,
  index_seconds: run.result.index_ms / 1000,
  peak_rss_bytes: run.peak_rss_bytes,
  disk_bytes: disk,
  update,
});

export const compareBackends = async (self: string, file: string, updateFile: string | null, count: number, seed: number): Promise<void> => {
  process.stderr.write(`machine: ${machineLine()}\n`);
  const sqlitePath = join(repoRoot, 'bench', 'results', 'tmp', 'ingest-backends.db');
  const rows: BackendRow[] = [];
  // The same run's store floor (bench/ingest.ts): the yardstick of issue 28's "≥ 0.35× the floor".
  process.stderr.write('store floor (parse + serialise + bare SQLite insert) …\n');
  const floorRun = await runInChild<FloorResult>(self, ['--child', 'floor', file, 'ndjson', sqlitePath]);
  const floor = {
    records_per_second: Math.round((floorRun.result.records * 1000) / floorRun.result.ms),
    records_per_cpu_second: Math.round((floorRun.result.records * 1000) / floorRun.cpu_ms),
  };
  for (const backend of ['sqlite', 'postgres'] as const) {
    const target = backend === 'sqlite' ? sqlitePath : await freshBenchDatabase(DATABASE);
    process.stderr.write(`${backend}: ingest ${formatInt(count)} NDJSON records into a fresh store …\n`);
    const server = backend === 'postgres' ? sampleServerCpu(DATABASE) : null;
    const run = await runInChild<IngestResult>(self, ['--child', 'ingest', file, 'ndjson', target, '']);
    const serverMs = (await server?.stop()) ?? null;
    const disk = backend === 'sqlite' ? statSync(sqlitePath).size : await databaseBytes(DATABASE);
    let update: BackendRow['update'] = null;
    if (updateFile) {
      process.stderr.write(`${backend}: a daily file into the loaded store …\n`);
      const u = await runInChild<IngestResult>(self, ['--child', 'update', updateFile, 'ndjson', target, '']);
      update = {
        records: u.result.records,
        records_per_second: Math.round((u.result.records * 1000) / u.result.ms),
        records_per_cpu_second: Math.round((u.result.records * 1000) / u.cpu_ms),
      };
    }
    rows.push(rowOf(backend, run, serverMs, disk, update));
    if (backend === 'sqlite') for (const s of ['', '-wal', '-shm']) rmSync(`${sqlitePath}${s}`, { force: true });
    else await dropBenchDatabase(DATABASE);
  }
  const table: Table = {
    headers: [
      'backend', 'records', 'ingest rec/s', 'ingest rec/CPU-s (client)', 'server CPU s', 'rec/CPU-s (client + server)', 'ingest / floor (wall, client CPU)', 'ingest s',
      'of which index s', 'client peak RSS', 'disk after load', 'then update rec/s (client CPU-s)', 'target',
    ],
    rows: rows.map((r) => [
      r.backend, formatInt(r.records), formatInt(r.records_per_second), formatInt(r.records_per_cpu_second),
      r.server_cpu_seconds === null ? '—' : r.server_cpu_seconds.toFixed(1), formatInt(r.records_per_total_cpu_second),
      `${(r.records_per_second / floor.records_per_second).toFixed(3)}, ${(r.records_per_cpu_second / floor.records_per_cpu_second).toFixed(3)}`,
      r.seconds.toFixed(1), r.index_seconds.toFixed(1), formatMb(r.peak_rss_bytes), formatMb(r.disk_bytes),
      r.update ? `${formatInt(r.update.records)} at ${formatInt(r.update.records_per_second)} (${formatInt(r.update.records_per_cpu_second)})` : '—',
      r.backend === 'postgres' ? `≥ ${formatInt(TARGET_RPS)} rec/s: ${r.records_per_second >= TARGET_RPS ? 'met' : 'NOT met'}` : '(beside it)',
    ]),
  };
  process.stdout.write(`\n${consoleTable(table)}\n\n`);
  const notes = [
    `Corpus: ${formatInt(count)} generated NDJSON records, seed ${seed} (bench/corpus/generate.ts), all 11 offices; the update file is ${updateFile ? 'seed ' + String(seed + 1) : 'skipped'}.`,
    'Ingest = `ingestFiles` (parse, batched upserts with change detection and events, the search index synced before it returns) in a child process. On PostgreSQL the rows go in by COPY per batch, the index build copies its keys, trigram lists and substring rows and builds its indexes once at the end, then VACUUM ANALYZE.',
    'rec/CPU-s (client) counts the client child only. Server CPU s is the PostgreSQL backends\' user + system time for the load, sampled from /proc every 250 ms (the WAL writer and checkpointer are not counted); rec/CPU-s (client + server) divides by both, the figure least disturbed by other work on the machine. On SQLite all the work is the client\'s.',
    `Store floor of the same run, on the same file: ${formatInt(floor.records_per_second)} rec/s, ${formatInt(floor.records_per_cpu_second)} rec/CPU-s (parse, serialise each record with its content hash and insert id, hash and JSON into a one-table SQLite WAL database: no side tables, no change detection, no search index; bench/ingest.ts). Ingest / floor divides each backend's rec/s and client rec/CPU-s by it.`,
    'Disk after load: the SQLite file; the PostgreSQL database as pg_database_size counts it (tables, indexes, TOAST). Write-ahead logs are not counted on either.',
  ];
  const paths = writeReport(
    { name: 'ingest-postgres', title: 'Ingest benchmark: PostgreSQL beside SQLite', command: benchCommand('bench:ingest'), results: { count, seed, floor, rows } },
    `${markdownTable(table)}\n\n${notes.map((n) => `- ${n}`).join('\n')}\n`,
  );
  process.stdout.write(`wrote ${paths.json}\nwrote ${paths.md}\n`);
};

// `npm run bench:ingest -- --backend postgres`: the NDJSON corpus ingested end to end (store rows,
// events, the search index current when the command returns) into a fresh PostgreSQL database and,
// in the same run and on the same file, into a fresh SQLite store; then a daily file of new and
// changed marks into each loaded store (the incremental path). Each ingest runs in its own child.
// Two floors from the same run: the SQLite store floor (bench/ingest.ts) and PostgreSQL's own COPY
// of the same file (bench/lib/pg-copy-floor.ts). With --keep-db the two loaded stores are kept where
// `bench:search -- --backend postgres` looks for its stores of this size and seed, and reused there.
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { IngestResult } from '../ingest.js';
import { dbPath } from './bench-store.js';
import { runInChild } from './child.js';
import { machineLine } from './machine.js';
import { databaseBytes, dropBenchDatabase, freshBenchDatabase, keptDatabaseName, markBuilt, sampleServerCpu, searchStoreMarker } from './pg-bench.js';
import { copyFloor, type CopyFloor } from './pg-copy-floor.js';
import { benchCommand, consoleTable, formatInt, formatMb, markdownTable, repoRoot, writeReport, type Table } from './results.js';

const TARGET_RPS = 10_000;

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

/** Records per second of `records` over `ms`, rounded. */
const rate = (records: number, ms: number): number => Math.round((records * 1000) / ms);

/** The COPY floor as a table: each step's wall and server CPU, alone and together. */
const copyFloorTable = (f: CopyFloor): Table => {
  const cpu = (ms: number | null): string => (ms === null ? '—' : (ms / 1000).toFixed(1));
  const perCpu = (ms: number | null): string => (ms === null || ms === 0 ? '—' : formatInt(rate(f.records, ms)));
  const total = f.copy_server_cpu_ms === null || f.index_server_cpu_ms === null ? null : f.copy_server_cpu_ms + f.index_server_cpu_ms;
  return {
    headers: ['PostgreSQL floor', 'records', 'wall s', 'rec/s', 'server CPU s', 'rec/server CPU-s'],
    rows: [
      ['COPY into one jsonb column', formatInt(f.records), (f.copy_ms / 1000).toFixed(1), formatInt(rate(f.records, f.copy_ms)), cpu(f.copy_server_cpu_ms), perCpu(f.copy_server_cpu_ms)],
      ['then GIN gin_trgm_ops on the mark text', formatInt(f.records), (f.index_ms / 1000).toFixed(1), formatInt(rate(f.records, f.index_ms)), cpu(f.index_server_cpu_ms), perCpu(f.index_server_cpu_ms)],
      ['both', formatInt(f.records), ((f.copy_ms + f.index_ms) / 1000).toFixed(1), formatInt(rate(f.records, f.copy_ms + f.index_ms)), cpu(total), perCpu(total)],
    ],
  };
};

export const compareBackends = async (self: string, file: string, updateFile: string | null, count: number, seed: number, keep: boolean, concurrent: boolean): Promise<void> => {
  process.stderr.write(`machine: ${machineLine()}\n`);
  // Kept stores are bench:search's of this size and seed; a daily file would change their marks.
  if (keep) updateFile = null;
  const sqlitePath = keep ? dbPath(count, seed) : join(repoRoot, 'bench', 'results', 'tmp', 'ingest-backends.db');
  const database = keep ? keptDatabaseName('search', count, seed) : keptDatabaseName('ingest', count, seed);
  const rows: BackendRow[] = [];
  mkdirSync(dirname(sqlitePath), { recursive: true });
  // The same run's store floor (bench/ingest.ts): the yardstick of issue 28's "≥ 0.35× the floor".
  const sqliteFloor = async () => {
    process.stderr.write('store floor (parse + serialise + bare SQLite insert) …\n');
    const run = await runInChild<FloorResult>(self, ['--child', 'floor', file, 'ndjson', join(dirname(sqlitePath), 'ingest-floor.db')]);
    process.stderr.write(`  store floor: ${formatInt(rate(run.result.records, run.result.ms))} rec/s, ${formatInt(rate(run.result.records, run.cpu_ms))} rec/CPU-s\n`);
    return { records_per_second: rate(run.result.records, run.result.ms), records_per_cpu_second: rate(run.result.records, run.cpu_ms) };
  };
  const postgresFloor = async () => {
    process.stderr.write('PostgreSQL floor: COPY of the same file into one jsonb column, then a pg_trgm GIN index …\n');
    const f = await copyFloor(file, keptDatabaseName('copyfloor', count, seed));
    process.stderr.write(`  COPY ${(f.copy_ms / 1000).toFixed(1)} s (server CPU ${((f.copy_server_cpu_ms ?? 0) / 1000).toFixed(1)} s), index ${(f.index_ms / 1000).toFixed(1)} s (${((f.index_server_cpu_ms ?? 0) / 1000).toFixed(1)} s)\n`);
    return f;
  };
  const arm = async (backend: BackendRow['backend']): Promise<BackendRow> => {
    const target = backend === 'sqlite' ? sqlitePath : await freshBenchDatabase(database);
    if (backend === 'sqlite') for (const s of ['', '-wal', '-shm', '.done']) rmSync(`${sqlitePath}${s}`, { force: true });
    process.stderr.write(`${backend}: ingest ${formatInt(count)} NDJSON records into a fresh store …\n`);
    const server = backend === 'postgres' ? sampleServerCpu(database) : null;
    const run = await runInChild<IngestResult>(self, ['--child', 'ingest', file, 'ndjson', target, '']);
    const serverMs = (await server?.stop()) ?? null;
    const disk = backend === 'sqlite' ? statSync(sqlitePath).size : await databaseBytes(database);
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
    const row = rowOf(backend, run, serverMs, disk, update);
    if (keep && backend === 'sqlite') writeFileSync(`${sqlitePath}.done`, '');
    else if (keep) await markBuilt(database, searchStoreMarker(count, seed));
    else if (backend === 'sqlite') for (const s of ['', '-wal', '-shm']) rmSync(`${sqlitePath}${s}`, { force: true });
    else await dropBenchDatabase(database);
    process.stderr.write(`  ${backend}: ${formatInt(row.records_per_second)} rec/s${keep ? `, kept at ${target}` : ''}\n`);
    return row;
  };
  let floor: Awaited<ReturnType<typeof sqliteFloor>>;
  let pgFloor: CopyFloor;
  if (concurrent) {
    // Both floors and both ingests at once: a loaded machine's way to finish them in the time there
    // is. Wall rates are then each under the others' load too; rec/CPU-s stays each one's own.
    const [a, b, ...arms] = await Promise.all([sqliteFloor(), postgresFloor(), arm('postgres'), arm('sqlite')]);
    [floor, pgFloor] = [a, b];
    rows.push(...arms);
  } else {
    floor = await sqliteFloor();
    pgFloor = await postgresFloor();
    // PostgreSQL first: it is the arm with the target, and the one a short session must not miss.
    for (const backend of ['postgres', 'sqlite'] as const) rows.push(await arm(backend));
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
  const pgTable = copyFloorTable(pgFloor);
  process.stdout.write(`\n${consoleTable(table)}\n\n${consoleTable(pgTable)}\n\n`);
  const both = rate(pgFloor.records, pgFloor.copy_ms + pgFloor.index_ms);
  const pgRow = rows.find((r) => r.backend === 'postgres');
  const notes = [
    `PostgreSQL's own floor, same run, same file: COPY of each NDJSON line into one jsonb column (the client only streams the file's bytes), then a GIN gin_trgm_ops index on record->>'mark_text'; ${formatInt(both)} rec/s for both, ${both >= TARGET_RPS ? 'above' : 'below'} the ${formatInt(TARGET_RPS)} rec/s target${pgRow ? `; tm's PostgreSQL ingest runs at ${(pgRow.records_per_second / both).toFixed(3)}× it` : ''}. Its server CPU is the one backend's user + system time read from /proc before and after each step.`,
    `Corpus: ${formatInt(count)} generated NDJSON records, seed ${seed} (bench/corpus/generate.ts), all 11 offices; the update file is ${updateFile ? 'seed ' + String(seed + 1) : 'skipped'}.${concurrent ? ' The two floors and the two ingests ran at the same time (--concurrent): each rec/s is under the others\' load as well; rec/CPU-s is each one\'s own.' : ''}`,
    'Ingest = `ingestFiles` (parse, batched upserts with change detection and events, the search index synced before it returns) in a child process. On PostgreSQL the rows go in by COPY per batch, the index build copies its keys, trigram lists and substring rows and builds its indexes once at the end, then VACUUM ANALYZE.',
    'rec/CPU-s (client) counts the client child only. Server CPU s is the PostgreSQL backends\' user + system time for the load, sampled from /proc every 250 ms (the WAL writer and checkpointer are not counted); rec/CPU-s (client + server) divides by both, the figure least disturbed by other work on the machine. On SQLite all the work is the client\'s.',
    `Store floor of the same run, on the same file: ${formatInt(floor.records_per_second)} rec/s, ${formatInt(floor.records_per_cpu_second)} rec/CPU-s (parse, serialise each record with its content hash and insert id, hash and JSON into a one-table SQLite WAL database: no side tables, no change detection, no search index; bench/ingest.ts). Ingest / floor divides each backend's rec/s and client rec/CPU-s by it.`,
    'Disk after load: the SQLite file; the PostgreSQL database as pg_database_size counts it (tables, indexes, TOAST). Write-ahead logs are not counted on either.',
  ];
  const paths = writeReport(
    { name: 'ingest-postgres', title: 'Ingest benchmark: PostgreSQL beside SQLite', command: benchCommand('bench:ingest'), results: { count, seed, floor, pg_copy_floor: pgFloor, rows } },
    `${markdownTable(table)}\n\n${markdownTable(pgTable)}\n\n${notes.map((n) => `- ${n}`).join('\n')}\n`,
  );
  process.stdout.write(`wrote ${paths.json}\nwrote ${paths.md}\n`);
};

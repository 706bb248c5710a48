// `npm run bench:footprint`: what a store of N marks takes on each backend, measured rather than
// projected (docs/scaling.md "Sizing"): `tm ingest` of the generated NDJSON corpus into a fresh
// SQLite file and a fresh PostgreSQL database, both at once (on a shared machine each gets its
// share of the cores; their rates are bench:ingest's business), with each load's peak RSS; the
// disk each store then takes and its largest tables; and `tm serve` over each loaded store: its
// RSS idle and after warm searches and detail reads, with PostgreSQL's backends beside it.
// Options: --count N (1,000,000) --seed S (42) --searches N (200) --reads N (1,000) --keep
//   --database tm_bench_… (tm_bench_footprint: the PostgreSQL database made afresh for the run)
//   --backends sqlite,postgres  --reuse (measure the stores a --keep run left, without loading)
import { execa } from 'execa';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import pg from 'pg';
import { ensureCorpus } from './lib/corpus-file.js';
import { benchDatabaseUrl, dropBenchDatabase, freshBenchDatabase } from './lib/pg-bench.js';
import { benchCommand, consoleTable, formatInt, formatMb, markdownTable, repoRoot, writeReport, type Table } from './lib/results.js';

const BIN = join(repoRoot, 'bin', 'tm.js');
type Backend = 'sqlite' | 'postgres';

/** One /proc/PID/status or smaps_rollup field in bytes (0 when the process is gone). */
const procKb = (pid: number, file: 'status' | 'smaps_rollup', field: string): number => {
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/${file}`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
};

/** `tm ingest FILE --db TARGET` under /usr/bin/time: wall seconds and the peak RSS it reports. */
const ingest = async (file: string, target: string): Promise<{ seconds: number; peak_rss_bytes: number }> => {
  const t0 = performance.now();
  const r = await execa('/usr/bin/time', ['-f', 'PEAK_KB %M', process.execPath, BIN, 'ingest', file, '--db', target], { reject: false, env: { CI: '1' } });
  if (r.exitCode !== 0) throw new Error(`tm ingest into ${target} exited ${r.exitCode}: ${r.stderr.slice(-2000)}`);
  return { seconds: (performance.now() - t0) / 1000, peak_rss_bytes: Number(/PEAK_KB (\d+)/.exec(r.stderr)![1]) * 1024 };
};

interface Relation {
  name: string;
  bytes: number;
}

/** Bytes on disk and the largest tables (indexes and TOAST counted with their table). */
const disk = async (backend: Backend, target: string): Promise<{ bytes: number; relations: Relation[] }> => {
  if (backend === 'sqlite') {
    const bytes = ['', '-wal'].reduce((sum, s) => sum + (existsSync(`${target}${s}`) ? statSync(`${target}${s}`).size : 0), 0);
    const db = new Database(target, { readonly: true });
    const relations = db
      .prepare("SELECT COALESCE(m.tbl_name, s.name) AS name, SUM(s.pgsize) AS bytes FROM dbstat s LEFT JOIN sqlite_schema m ON m.name = s.name GROUP BY 1 ORDER BY 2 DESC LIMIT 8")
      .all() as Relation[];
    db.close();
    return { bytes, relations };
  }
  const c = new pg.Client({ connectionString: target });
  await c.connect();
  try {
    const bytes = Number((await c.query<{ n: string }>('SELECT pg_database_size(current_database()) AS n')).rows[0]!.n);
    const relations = (await c.query<{ name: string; bytes: string }>(
      "SELECT relname AS name, pg_total_relation_size(oid) AS bytes FROM pg_class WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace ORDER BY 2 DESC LIMIT 8",
    )).rows.map((r) => ({ name: r.name, bytes: Number(r.bytes) }));
    return { bytes, relations };
  } finally {
    await c.end();
  }
};

/** A mark text a search takes (at least 2 characters besides punctuation and spacing). */
const searchable = (m: { mark_text: string }): boolean => m.mark_text.replace(/[\s\p{P}\p{S}]/gu, '').length >= 2;

/** Every n-th searchable mark by id (ids are hashes: a spread over offices and years), the same on both backends. */
const sample = async (backend: Backend, target: string, n: number): Promise<{ id: string; mark_text: string }[]> => {
  const sql = 'SELECT id, mark_text FROM trademarks WHERE mark_text IS NOT NULL ORDER BY id';
  if (backend === 'sqlite') {
    const db = new Database(target, { readonly: true });
    const all = (db.prepare(sql).all() as { id: string; mark_text: string }[]).filter(searchable);
    db.close();
    return all.filter((_, i) => i % Math.floor(all.length / n) === 0).slice(0, n);
  }
  const c = new pg.Client({ connectionString: target });
  await c.connect();
  try {
    const all = (await c.query<{ id: string; mark_text: string }>(sql)).rows.filter(searchable);
    return all.filter((_, i) => i % Math.floor(all.length / n) === 0).slice(0, n);
  } finally {
    await c.end();
  }
};

/** PostgreSQL's backends serving `tm serve`: summed proportional set size (shared buffers shared out) and the largest peak. */
const backendsOf = async (database: string): Promise<{ pss_bytes: number; max_hwm_bytes: number; count: number }> => {
  const c = new pg.Client({ connectionString: benchDatabaseUrl('postgres') });
  await c.connect();
  try {
    const pids = (await c.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [database])).rows.map((r) => r.pid);
    return {
      pss_bytes: pids.reduce((s, p) => s + procKb(p, 'smaps_rollup', 'Pss'), 0),
      max_hwm_bytes: Math.max(0, ...pids.map((p) => procKb(p, 'status', 'VmHWM'))),
      count: pids.length,
    };
  } finally {
    await c.end();
  }
};

interface Serving {
  idle_rss_bytes: number;
  after_rss_bytes: number;
  peak_rss_bytes: number;
  searches: number;
  reads: number;
  pg_backends: { pss_bytes: number; max_hwm_bytes: number; count: number } | null;
}

/** `tm serve --workers 1` on the store: RSS once it listens, then after the searches and reads. */
const serve = async (backend: Backend, target: string, searches: number, reads: number, database: string): Promise<Serving> => {
  const env = { TM_DB: target };
  const org = JSON.parse((await execa(process.execPath, [BIN, 'orgs', 'create', 'Footprint', '--json'], { env })).stdout) as { id: string };
  const key = (JSON.parse((await execa(process.execPath, [BIN, 'keys', 'create', '--org', org.id, '--scopes', 'trademarks:read', '--json'], { env })).stdout) as { secret: string }).secret;
  const marks = await sample(backend, target, Math.max(searches, reads));
  const proc = execa(process.execPath, [BIN, 'serve', '--port', '0', '--workers', '1', '--access-log', 'off'], { env, reject: false });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      createInterface({ input: proc.stdout! }).on('line', (line) => {
        const m = /listening on (\S+)/.exec(line);
        if (m) resolve(m[1]!);
      });
      void proc.then((r) => reject(new Error(`tm serve exited ${r.exitCode}: ${r.stderr}`)));
    });
    const pid = proc.pid!;
    await new Promise((r) => setTimeout(r, 2000));
    const idle = procKb(pid, 'status', 'VmRSS');
    const get = async (path: string): Promise<void> => {
      const res = await fetch(`${url}${path}`, { headers: { Authorization: `Bearer ${key}` } });
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    };
    for (const m of marks.slice(0, searches)) await get(`/v1/trademarks?q=${encodeURIComponent(m.mark_text.slice(0, 40))}&limit=20`);
    for (const m of marks.slice(0, reads)) await get(`/v1/trademarks/${m.id}`);
    return {
      idle_rss_bytes: idle,
      after_rss_bytes: procKb(pid, 'status', 'VmRSS'),
      peak_rss_bytes: procKb(pid, 'status', 'VmHWM'),
      searches,
      reads,
      pg_backends: backend === 'postgres' ? await backendsOf(database) : null,
    };
  } finally {
    proc.kill('SIGTERM');
    await proc;
  }
};

const main = async (): Promise<void> => {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '1000000' },
      seed: { type: 'string', default: '42' },
      searches: { type: 'string', default: '200' },
      reads: { type: 'string', default: '1000' },
      keep: { type: 'boolean', default: false },
      database: { type: 'string', default: 'tm_bench_footprint' },
      backends: { type: 'string', default: 'sqlite,postgres' },
      reuse: { type: 'boolean', default: false },
    },
  });
  const count = Number(values.count);
  const backends = values.backends!.split(',') as Backend[];
  const tmp = join(repoRoot, 'bench', 'results', 'tmp');
  mkdirSync(tmp, { recursive: true });
  const targets: Record<Backend, string> = { sqlite: join(tmp, `footprint-${count}.db`), postgres: benchDatabaseUrl(values.database!) };
  let loads: ({ seconds: number; peak_rss_bytes: number } | null)[] = backends.map(() => null);
  if (!values.reuse) {
    const file = await ensureCorpus(join(repoRoot, 'bench', 'corpus'), 'ndjson', count, Number(values.seed));
    if (backends.includes('postgres')) await freshBenchDatabase(values.database!);
    for (const s of ['', '-wal', '-shm']) rmSync(`${targets.sqlite}${s}`, { force: true });
    process.stderr.write(`ingest ${formatInt(count)} records into ${backends.join(' and ')} at once …\n`);
    loads = await Promise.all(backends.map((b) => ingest(file, targets[b])));
  }
  const rows = [];
  for (const [i, b] of backends.entries()) {
    process.stderr.write(`${b}: disk, then tm serve …\n`);
    rows.push({ backend: b, ingest: loads[i] ?? null, disk: await disk(b, targets[b]), serving: await serve(b, targets[b], Number(values.searches), Number(values.reads), values.database!) });
  }
  const table: Table = {
    headers: ['backend', 'marks', 'disk', 'per mark', 'largest tables', 'tm ingest peak RSS', 'tm serve RSS idle / after / peak', 'PostgreSQL backends (Pss sum; largest VmHWM)'],
    rows: rows.map((r) => [
      r.backend, formatInt(count), formatMb(r.disk.bytes), `${((r.disk.bytes / count) / 1024).toFixed(1)} KB`,
      r.disk.relations.slice(0, 4).map((x) => `${x.name} ${formatMb(x.bytes)}`).join(', '),
      r.ingest ? formatMb(r.ingest.peak_rss_bytes) : '— (not loaded in this run)',
      `${formatMb(r.serving.idle_rss_bytes)} / ${formatMb(r.serving.after_rss_bytes)} / ${formatMb(r.serving.peak_rss_bytes)}`,
      r.serving.pg_backends ? `${formatMb(r.serving.pg_backends.pss_bytes)} over ${r.serving.pg_backends.count}; ${formatMb(r.serving.pg_backends.max_hwm_bytes)}` : '—',
    ]),
  };
  process.stdout.write(`\n${consoleTable(table)}\n\n`);
  const notes = [
    values.reuse
      ? `Stores loaded by an earlier run (--reuse): ${formatInt(count)} generated NDJSON records, seed ${values.seed} (bench/corpus/generate.ts), all 11 offices, by \`tm ingest\`.`
      : `Corpus: ${formatInt(count)} generated NDJSON records, seed ${values.seed} (bench/corpus/generate.ts), all 11 offices, by \`tm ingest\`. The loads ran at the same time (${rows.map((r) => `${r.backend} ${r.ingest!.seconds.toFixed(0)} s`).join(', ')} wall), so their times are not rates; bench:ingest measures those.`,
    'Disk: the SQLite file and its WAL; PostgreSQL\'s pg_database_size (tables, indexes, TOAST; its WAL directory not counted). Largest tables: SQLite by dbstat, PostgreSQL by pg_total_relation_size, each with its indexes.',
    `tm serve --workers 1 over the loaded store: RSS 2 s after it listens, then after ${values.searches} searches (/v1/trademarks?q=, limit 20, sampled marks' text) and ${values.reads} detail reads by id, one at a time. PostgreSQL's backends: their proportional set size summed (shared buffers shared out among the processes that touched them), and the largest one's peak; shared_buffers is the server default, 128 MB.`,
  ];
  const paths = writeReport(
    { name: `footprint-${count}`, title: `Footprint at ${formatInt(count)} marks: disk and RAM on SQLite and PostgreSQL`, command: benchCommand('bench:footprint'), results: { count, seed: Number(values.seed), rows } },
    `${markdownTable(table)}\n\n${notes.map((n) => `- ${n}`).join('\n')}\n`,
  );
  process.stdout.write(`wrote ${paths.json}\nwrote ${paths.md}\n`);
  if (!values.keep) {
    for (const s of ['', '-wal', '-shm']) rmSync(`${targets.sqlite}${s}`, { force: true });
    if (backends.includes('postgres')) await dropBenchDatabase(values.database!);
  }
};

await main();

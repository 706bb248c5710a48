// `npm run bench:mixed`: the product's main loop, a daily file ingested while `tm serve` answers.
// A store of generated marks (100,000 by default, with its search index) is served by a real
// `tm serve` (default workers); readers send detail GETs and searches at a steady, open-loop rate
// (each request leaves at its scheduled time whatever the answers before it), first without an
// ingest (baseline), then while `tm ingest` loads a generated daily file (50,000 records by
// default) into the same store, then without again. Reports the ingest rate, and read latency
// percentiles and failures per phase. Writes bench/results/mixed.{json,md}.
// Options: --base 100000  --daily 50000  --seed 42  --detail-rps 40  --search-rps 10  --baseline 30 (s)
//   --ingest-nice 0 (run the ingest under `nice -n N`, as docs/operations.md advises on a small machine)
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { createOrganization, issueApiKey } from '../src/auth/index.js';
import { closeContext, createContext } from '../src/context.js';
import { GENERATOR_VERSION, writeCorpusFile } from './corpus/generate.js';
import { loadCorpus } from './lib/bench-store.js';
import { benchCommand, consoleTable, formatInt, markdownTable, percentile, repoRoot, writeReport, type Table } from './lib/results.js';
import { sqliteDb } from '../src/store/sqlite/store.js';

const NOW = '2026-11-22T12:00:00.000Z';
const TARGETS = { detail_p99_ms: 50, search_p99_ms: 200 };
/** Limits stay on, high enough that the load itself is never throttled. */
const LIMITS = { reads: { limit: 100_000_000 }, search: { limit: 100_000_000 }, daily: { reads: 1_000_000_000, search: 1_000_000_000 } };

const { values: opts } = parseArgs({
  options: {
    base: { type: 'string', default: '100000' },
    daily: { type: 'string', default: '50000' },
    seed: { type: 'string', default: '42' },
    'detail-rps': { type: 'string', default: '40' },
    'search-rps': { type: 'string', default: '10' },
    baseline: { type: 'string', default: '30' },
    'ingest-nice': { type: 'string', default: '0' },
  },
});
/** The ingest's niceness: docs/operations.md advises a niced daily ingest beside `tm serve` on a small machine. */
const ingestNice = Number(opts['ingest-nice']);
const base = Number(opts.base);
const daily = Number(opts.daily);
const seed = Number(opts.seed);
const rates = { detail: Number(opts['detail-rps']), search: Number(opts['search-rps']) };
const baselineS = Number(opts.baseline);
const tmp = join(repoRoot, 'bench', 'results', 'tmp');
const baseDb = join(tmp, `mixed-base-${base}-s${seed}.db`);
const runDb = join(tmp, 'mixed-run.db');
const dailyFile = join(tmp, `mixed-daily-${daily}-s${seed + 1}.ndjson`);

interface Base {
  generator: number;
  ids: string[];
  words: string[];
  build_s: number;
}

/** The base store with its search index, built once per size, seed and generator version. */
const prepareBase = async (): Promise<Base & { reused: boolean }> => {
  const sidecar = `${baseDb}.json`;
  if (existsSync(baseDb) && existsSync(sidecar)) {
    const saved = JSON.parse(readFileSync(sidecar, 'utf8')) as Base;
    if (saved.generator === GENERATOR_VERSION) return { ...saved, reused: true };
  }
  mkdirSync(tmp, { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) rmSync(baseDb + suffix, { force: true });
  const ctx = createContext({ db: baseDb, now: NOW });
  const t0 = performance.now();
  const { ids, words } = await loadCorpus(ctx, base, seed);
  await ctx.index.sync();
  sqliteDb(ctx.store).pragma('wal_checkpoint(TRUNCATE)');
  await closeContext(ctx);
  const built: Base = { generator: GENERATOR_VERSION, ids, words, build_s: (performance.now() - t0) / 1000 };
  writeFileSync(sidecar, JSON.stringify(built));
  return { ...built, reused: false };
};

/** A fresh copy of the base store for this run, with an organization and a read key. */
const prepareRun = async (): Promise<string> => {
  for (const suffix of ['', '-wal', '-shm']) rmSync(runDb + suffix, { force: true });
  copyFileSync(baseDb, runDb);
  const ctx = createContext({ db: runDb, now: NOW });
  const org = await createOrganization(ctx, 'bench', LIMITS);
  const { secret } = await issueApiKey(ctx, { orgId: org.id, scopes: ['trademarks:read'], livemode: true });
  await closeContext(ctx);
  return secret;
};

const env = { ...process.env, TM_DB: runDb, TM_NOW: NOW };
const BIN = join(repoRoot, 'bin', 'tm.js');

const startServe = (): Promise<{ url: string; stop: () => Promise<void> }> =>
  new Promise((resolve, reject) => {
    // Access log on (discarded), as a deployment would run it.
    const child = spawn(process.execPath, [BIN, 'serve', '--port', '0'], { env, stdio: ['ignore', 'pipe', 'ignore'] });
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const m = /listening on (\S+)/.exec(line);
      if (m) resolve({ url: m[1]!, stop: async () => void (child.kill('SIGTERM'), await exited) });
    });
    child.once('exit', (code) => reject(new Error(`tm serve exited ${code}`)));
  });

interface Phase {
  seconds: number;
  detail: Latency;
  search: Latency;
  failures: string[];
}
interface Latency {
  requests: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
}
const latency = (ms: number[]): Latency => ({
  requests: ms.length,
  p50_ms: Math.round(percentile(ms, 50) * 10) / 10,
  p99_ms: Math.round(percentile(ms, 99) * 10) / 10,
  max_ms: Math.round(Math.max(...ms) * 10) / 10,
});

/**
 * Open-loop readers until `done()`: request n of a kind leaves at start + n / rate, whatever the
 * answers before it, so a slow answer cannot hide the ones that would have queued behind it.
 * Latency runs from the scheduled departure to the end of the body.
 */
const drive = async (url: string, key: string, sample: Base, done: () => boolean): Promise<Phase> => {
  const times = { detail: [] as number[], search: [] as number[] };
  const failures: string[] = [];
  const inflight = new Set<Promise<void>>();
  const headers = { Authorization: `Bearer ${key}` };
  const fire = (kind: 'detail' | 'search', path: string, scheduled: number): void => {
    const p = fetch(`${url}${path}`, { headers })
      .then(async (res) => {
        await res.arrayBuffer();
        times[kind].push(performance.now() - scheduled);
        if (res.status !== 200) failures.push(`${kind} ${path}: ${res.status}`);
      })
      .catch((err: unknown) => void failures.push(`${kind} ${path}: ${String(err)}`))
      .finally(() => inflight.delete(p));
    inflight.add(p);
  };
  const start = performance.now();
  const sent = { detail: 0, search: 0 };
  while (!done()) {
    const elapsed = (performance.now() - start) / 1000;
    for (; sent.detail < elapsed * rates.detail; sent.detail++) {
      fire('detail', `/v1/trademarks/${sample.ids[sent.detail % sample.ids.length]}`, start + (sent.detail / rates.detail) * 1000);
    }
    for (; sent.search < elapsed * rates.search; sent.search++) {
      const q = sample.words[sent.search % sample.words.length]!;
      fire('search', `/v1/trademarks?q=${encodeURIComponent(q)}&limit=10`, start + (sent.search / rates.search) * 1000);
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  await Promise.all(inflight);
  return { seconds: (performance.now() - start) / 1000, detail: latency(times.detail), search: latency(times.search), failures };
};

const timeout = (seconds: number): (() => boolean) => {
  const end = performance.now() + seconds * 1000;
  return () => performance.now() >= end;
};

/** `tm ingest` of the daily file as its own process; resolves with its exit code, output and wall time. */
const ingest = (): { done: () => boolean; result: Promise<{ code: number | null; stdout: string; stderr: string; seconds: number }> } => {
  const t0 = performance.now();
  const argv = [process.execPath, BIN, 'ingest', dailyFile, '--json'];
  const [cmd, ...args] = ingestNice > 0 ? ['nice', '-n', String(ingestNice), ...argv] : argv;
  const child = spawn(cmd!, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  let finished = false;
  child.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const result = new Promise<{ code: number | null; stdout: string; stderr: string; seconds: number }>((resolve) =>
    child.once('exit', (code) => {
      finished = true;
      resolve({ code, stdout, stderr, seconds: (performance.now() - t0) / 1000 });
    }),
  );
  return { done: () => finished, result };
};

const main = async (): Promise<void> => {
  const sample = await prepareBase();
  if (!existsSync(dailyFile)) await writeCorpusFile(dailyFile, 'ndjson', { count: daily, seed: seed + 1 });
  const key = await prepareRun();
  const serve = await startServe();
  let phases: { before: Phase; during: Phase; after: Phase };
  let run: Awaited<ReturnType<typeof ingest>['result']>;
  try {
    await drive(serve.url, key, sample, timeout(5)); // warm-up, not reported
    const before = await drive(serve.url, key, sample, timeout(baselineS));
    const job = ingest();
    const during = await drive(serve.url, key, sample, job.done);
    run = await job.result;
    const after = await drive(serve.url, key, sample, timeout(baselineS));
    phases = { before, during, after };
  } finally {
    await serve.stop();
  }
  const summary = run.code === 0 ? (JSON.parse(run.stdout) as { records: number; inserted: number; updated: number; unchanged: number }) : null;
  const ingestRate = Math.round(daily / run.seconds);
  const met = {
    detail: phases.during.detail.p99_ms <= TARGETS.detail_p99_ms,
    search: phases.during.search.p99_ms <= TARGETS.search_p99_ms,
  };
  const results = {
    base,
    daily,
    seed,
    rates,
    ingest_nice: ingestNice,
    reused_base: sample.reused,
    ingest: { exit_code: run.code, seconds: Math.round(run.seconds * 10) / 10, records_per_s: ingestRate, summary, stderr: run.stderr.slice(0, 2000) },
    phases,
    targets: TARGETS,
    met,
  };

  const rows = (name: string, p: Phase): string[][] =>
    (['detail', 'search'] as const).map((k) => [name, k, p.seconds.toFixed(1), formatInt(p[k].requests), p[k].p50_ms.toFixed(1), p[k].p99_ms.toFixed(1), p[k].max_ms.toFixed(1), String(p.failures.filter((f) => f.startsWith(k)).length)]);
  const table: Table = {
    headers: ['phase', 'read', 'phase s', 'requests', 'p50 ms', 'p99 ms', 'max ms', 'failed'],
    rows: [...rows('before (no ingest)', phases.before), ...rows('during the ingest', phases.during), ...rows('after (no ingest)', phases.after)],
  };
  const verdict = (ok: boolean): string => (ok ? 'met' : 'NOT met');
  const body = [
    markdownTable(table),
    '',
    `- Ingest: \`tm ingest\` of ${formatInt(daily)} generated NDJSON records (seed ${seed + 1}) into a served store of ${formatInt(base)} marks (seed ${seed}, with its search index)${ingestNice > 0 ? `, run as \`nice -n ${ingestNice} tm ingest\`` : ''}: exit ${run.code}, ${run.seconds.toFixed(1)} s, **${formatInt(ingestRate)} records/s** including its index sync${summary ? ` (${formatInt(summary.inserted)} inserted, ${formatInt(summary.updated)} updated, ${formatInt(summary.unchanged)} unchanged)` : ''}.`,
    `- Readers: open loop at ${rates.detail} detail GETs/s (\`/v1/trademarks/{tm_ id}\`) and ${rates.search} searches/s (\`/v1/trademarks?q=<word>&limit=10\`), one read key, limits enforced; latency from each request's scheduled departure to the end of its body. \`tm serve\` with its default workers and the combined access log.`,
    `- Targets during the ingest: detail p99 ≤ ${TARGETS.detail_p99_ms} ms ${verdict(met.detail)}; search p99 ≤ ${TARGETS.search_p99_ms} ms ${verdict(met.search)}. The phases before and after are the baseline of the same run.`,
    `- Failures (any status but 200, or a network error): ${phases.before.failures.length + phases.during.failures.length + phases.after.failures.length}.`,
  ].join('\n');
  const paths = writeReport({ name: 'mixed', title: 'Daily ingest beside a serving tm serve', command: benchCommand('bench:mixed'), results }, body);
  process.stdout.write(`${consoleTable(table)}\ningest: exit ${run.code}, ${run.seconds.toFixed(1)} s, ${ingestRate} records/s\nwrote ${paths.md}\n`);
};

await main();

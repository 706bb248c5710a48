// `npm run bench:search`: search at 100,000 and 1,000,000 generated marks. Per size: store load and
// index build time, cold wall time of one `tm search … --json` process, warm per-query latency
// (default channels, then all six) with peak RSS, an exhaustive scorer (all six) over the same
// queries for recall@20 and a speed ratio, and the trigram top-50 coverage of the candidates. Options:
//   --sizes 100000,1000000  --queries 200  --exhaustive 50  --coverage 50  --seed 42  --cold-runs 5
//   --backend postgres: PostgreSQL beside SQLite on the same marks (bench/lib/search-backends.ts)
import { execFileSync } from 'node:child_process';
import MiniSearch from 'minisearch';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { closeContext, createContext } from '../src/context.js';
import { searchTrademarks } from '../src/ops/search-trademarks.js';
import type { Channel } from '../src/search/analyze.js';
import { CHANNELS } from '../src/search/params.js';
import { trigramSet } from '../src/search/trigram.js';
import { buildStore, ensureStore, makeQueries, NOW, type BuildResult } from './lib/bench-store.js';
import { topCoverage } from './lib/trigram-baseline.js';
import { reportToParent, runInChild } from './lib/child.js';
import { compareSearch, searchBackendChild } from './lib/search-backends.js';
import { benchCommand, consoleTable, formatInt, formatMb, markdownTable, percentile, repoRoot, writeReport, type Table } from './lib/results.js';
import { sqliteDb } from '../src/store/sqlite/store.js';

const WARM_UP = 50;
const TARGETS = { cold_ms: 1000, warm_p95_ms: 50, recall: 0.98, rss_bytes: 1.5 * 1024 ** 3 };

interface LatencySet {
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  /** CPU time of the process per query (process.cpuUsage), steadier than wall time on a shared machine. */
  cpu_mean: number;
  cpu_p95: number;
  hits_mean: number;
}

interface WarmResult {
  queries: number;
  /** Peak RSS up to the end of the warm queries: the serving process, before the exhaustive
   *  scorer builds the forms of every stored mark. */
  serving_peak_rss_bytes: number;
  default: LatencySet;
  all: LatencySet;
  exhaustive: {
    queries: number;
    recall_at_20: number;
    /** The same, over the exhaustive scorer's hits in the identical, near_identical and similar tiers. */
    recall_at_20_similar_up: number;
    index_ms_mean: number;
    exhaustive_ms_mean: number;
    speed_ratio: number;
  };
}

const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

const stats = (ms: number[], cpu: number[], hits: number[]): LatencySet => ({
  p50: percentile(ms, 50),
  p95: percentile(ms, 95),
  p99: percentile(ms, 99),
  mean: mean(ms),
  cpu_mean: mean(cpu),
  cpu_p95: percentile(cpu, 95),
  hits_mean: mean(hits),
});

/** Child: warm latency through the operation, then the exhaustive scorer on the first queries. */
const warm = async (db: string, queries: string[], warmUp: string[], exhaustiveCount: number): Promise<WarmResult> => {
  const ctx = createContext({ db, now: NOW });
  const run = async (q: string, similarity?: string) => {
    const c = process.cpuUsage();
    const t = performance.now();
    const out = await searchTrademarks.run(ctx, { q, limit: 20, ...(similarity ? { similarity } : {}) });
    const used = process.cpuUsage(c);
    return { ms: performance.now() - t, cpu: (used.user + used.system) / 1000, hits: out.data.length };
  };
  // Warm-up on other queries (JIT, page cache, the marks cache) that never pre-load a measured one,
  // with both channel sets: the conceptual table is read once per process, at its first query.
  for (const q of warmUp) {
    await run(q);
    await run(q, CHANNELS.join(','));
  }
  const samples = () => ({ ms: [] as number[], cpu: [] as number[], hits: [] as number[] });
  const def = samples();
  const all = samples();
  const take = async (to: ReturnType<typeof samples>, q: string, similarity?: string) => {
    const r = await run(q, similarity);
    to.ms.push(r.ms);
    to.cpu.push(r.cpu);
    to.hits.push(r.hits);
  };
  // Both channel sets run every query, in alternating order, so neither always finds the other's reads cached.
  for (const [i, q] of queries.entries()) {
    if (i % 2 === 0) await take(def, q);
    await take(all, q, CHANNELS.join(','));
    if (i % 2 === 1) await take(def, q);
  }
  const servingPeak = process.resourceUsage().maxRSS * 1024;
  // The exhaustive reference scores with all six channels, as `tm search Q --all` does.
  const channels = new Set<Channel>(CHANNELS);
  let found = 0;
  let expected = 0;
  let foundUp = 0;
  let expectedUp = 0;
  let indexMs = 0;
  let exhaustiveMs = 0;
  const sample = queries.slice(0, exhaustiveCount);
  for (const [i, q] of sample.entries()) {
    let t = performance.now();
    const fast = await ctx.index.search(q, channels, {}, 'relevance', 20);
    indexMs += performance.now() - t;
    t = performance.now();
    const truth = (await ctx.index.exhaustive(q, channels, 20)).slice(0, 20);
    exhaustiveMs += performance.now() - t;
    const ids = new Set(fast.slice(0, 20).map((h) => h.trademarkId));
    const floor = truth[truth.length - 1]?.scored.score ?? 0;
    const fastFloor = fast[19]?.scored.score ?? 0;
    // Hits tied with the 20th score are interchangeable: one the index ranked instead counts as found.
    for (const h of truth) {
      const hit = ids.has(h.trademarkId) || (h.scored.score === floor && fastFloor >= floor);
      if (hit) found++;
      if (h.scored.tier !== 'related') {
        expectedUp++;
        if (hit) foundUp++;
      }
    }
    expected += truth.length;
    if ((i + 1) % 10 === 0) process.stderr.write(`  exhaustive ${i + 1}/${sample.length}\n`);
  }
  await closeContext(ctx);
  return {
    queries: queries.length,
    serving_peak_rss_bytes: servingPeak,
    default: stats(def.ms, def.cpu, def.hits),
    all: stats(all.ms, all.cpu, all.hits),
    exhaustive: {
      queries: sample.length,
      recall_at_20: expected ? found / expected : 1,
      recall_at_20_similar_up: expectedUp ? foundUp / expectedUp : 1,
      index_ms_mean: indexMs / Math.max(1, sample.length),
      exhaustive_ms_mean: exhaustiveMs / Math.max(1, sample.length),
      speed_ratio: exhaustiveMs / Math.max(1e-9, indexMs),
    },
  };
};

/** Child: the share of a trigram-Jaccard scan's top 50 over every stored mark that the index's
 *  scored candidates hold (all six channels), on the first queries. Its own process, so the
 *  trigram sets of every mark do not count in the warm child's RSS. */
const coverage = async (db: string, queries: string[]): Promise<{ queries: number; mean: number; complete: number }> => {
  const ctx = createContext({ db, now: NOW });
  const rows = sqliteDb(ctx.store).prepare('SELECT mid, folded FROM search_mark ORDER BY mid').raw().all() as [number, string][];
  const sets = rows.map((r) => trigramSet(r[1]));
  const ids = rows.map((r) => r[0]);
  const shares: number[] = [];
  for (const q of queries) {
    const c = topCoverage(q, sets, ids, new Set(await ctx.index.candidates(q, new Set<Channel>(CHANNELS))));
    if (c !== null) shares.push(c);
  }
  await closeContext(ctx);
  return { queries: shares.length, mean: mean(shares), complete: shares.filter((x) => x === 1).length / shares.length };
};

interface MiniResult {
  phase: 'build' | 'load';
  ms: number;
  snapshot_bytes: number;
  query_ms: number;
}

const MINI_OPTIONS = { fields: ['text'], idField: 'id' };

/** Child: the alternative the issue names, minisearch, as a persisted snapshot of the same marks. */
const minisearch = async (db: string, phase: 'build' | 'load'): Promise<MiniResult> => {
  const snapshot = `${db}.minisearch.json`;
  const t = performance.now();
  let mini: MiniSearch;
  if (phase === 'build') {
    const ctx = createContext({ db, now: NOW });
    const rows = sqliteDb(ctx.store).prepare('SELECT mid AS id, mark_text AS text FROM search_mark WHERE mark_text IS NOT NULL').all() as { id: number; text: string }[];
    await closeContext(ctx);
    mini = new MiniSearch(MINI_OPTIONS);
    mini.addAll(rows);
    writeFileSync(snapshot, JSON.stringify(mini));
  } else mini = MiniSearch.loadJSON(readFileSync(snapshot, 'utf8'), MINI_OPTIONS);
  const ms = performance.now() - t;
  const q = performance.now();
  mini.search('monkey beer', { fuzzy: 0.2, prefix: true });
  return { phase, ms, snapshot_bytes: statSync(snapshot).size, query_ms: performance.now() - q };
};

/** One `tm search … --json` process, wall time including Node start-up. */
const cold = (db: string, q: string): number => {
  const t = performance.now();
  execFileSync(process.execPath, [join(repoRoot, 'bin', 'tm.js'), 'search', q, '--json', '--db', db], { stdio: ['ignore', 'ignore', 'inherit'] });
  return performance.now() - t;
};

const self = fileURLToPath(import.meta.url);

const main = async () => {
  const { values } = parseArgs({
    options: {
      child: { type: 'string' },
      sizes: { type: 'string', default: '100000,1000000' },
      queries: { type: 'string', default: '200' },
      exhaustive: { type: 'string', default: '50' },
      coverage: { type: 'string', default: '50' },
      seed: { type: 'string', default: '42' },
      'cold-runs': { type: 'string', default: '5' },
      db: { type: 'string' },
      size: { type: 'string' },
      minisearch: { type: 'boolean', default: false },
      backend: { type: 'string', default: 'sqlite' },
      'queries-db': { type: 'string' },
      ids: { type: 'string' },
    },
    allowPositionals: true,
  });
  const seed = Number(values.seed);
  if (values.child && (await searchBackendChild(values.child, values, seed))) return;
  if (values.backend === 'postgres') {
    mkdirSync(join(repoRoot, 'bench', 'results', 'tmp'), { recursive: true });
    return compareSearch(self, values.sizes!.split(',').map(Number), Number(values.queries), Number(values.exhaustive), seed);
  }
  if (values.backend !== 'sqlite') throw new Error(`--backend must be sqlite or postgres, not ${values.backend}`);
  if (values.child === 'build') return reportToParent(await buildStore(values.db!, Number(values.size), seed));
  if (values.child === 'mini-build' || values.child === 'mini-load') {
    return reportToParent(await minisearch(values.db!, values.child === 'mini-build' ? 'build' : 'load'));
  }
  if (values.child === 'warm') {
    const queries = makeQueries(values.db!, Number(values.queries), seed);
    return reportToParent(await warm(values.db!, queries, makeQueries(values.db!, WARM_UP, seed + 2), Number(values.exhaustive)));
  }
  if (values.child === 'coverage') return reportToParent(await coverage(values.db!, makeQueries(values.db!, Number(values.queries), seed)));
  mkdirSync(join(repoRoot, 'bench', 'results', 'tmp'), { recursive: true });
  const rows: Record<string, unknown>[] = [];
  for (const size of values.sizes!.split(',').map(Number)) {
    const { db, built } = await ensureStore(self, size, seed);
    const queries = makeQueries(db, Math.max(Number(values['cold-runs']), 1), seed + 1);
    const coldMs = queries.map((q) => cold(db, q));
    process.stderr.write(`cold: ${coldMs.map((m) => m.toFixed(0)).join(', ')} ms\n`);
    const w = await runInChild<WarmResult>(self, ['--child', 'warm', '--db', db, '--queries', values.queries!, '--exhaustive', values.exhaustive!, '--seed', String(seed)]);
    const cover = (await runInChild<{ queries: number; mean: number; complete: number }>(self, ['--child', 'coverage', '--db', db, '--queries', values.coverage!, '--seed', String(seed)])).result;
    process.stderr.write(`trigram top-50 coverage: ${(cover.mean * 100).toFixed(1)}% (${(cover.complete * 100).toFixed(1)}% of ${cover.queries} queries complete)\n`);
    let mini: { build: MiniResult; load: MiniResult; load_peak_rss_bytes: number } | undefined;
    if (values.minisearch) {
      const b = await runInChild<MiniResult>(self, ['--child', 'mini-build', '--db', db]);
      const l = await runInChild<MiniResult>(self, ['--child', 'mini-load', '--db', db]);
      mini = { build: b.result, load: l.result, load_peak_rss_bytes: l.peak_rss_bytes };
    }
    rows.push({ size, build: built, db_bytes: statSync(db).size, cold_ms: { median: percentile(coldMs, 50), max: Math.max(...coldMs), runs: coldMs }, warm: w.result, peak_rss_bytes: w.peak_rss_bytes, coverage: cover, minisearch: mini });
  }
  const f = (n: number) => n.toFixed(1);
  const table: Table = {
    headers: [
      'marks',
      'index build',
      'db size',
      'cold CLI (median/max)',
      'warm p50/p95/p99 default',
      'warm p50/p95/p99 all six',
      'CPU per query, mean/p95 (default; all six)',
      'recall@20 vs exhaustive, all six (similar and up)',
      'trigram top-50 coverage (queries complete)',
      'speed ratio',
      'peak RSS serving (whole child)',
    ],
    rows: rows.map((r) => {
      const w = r.warm as WarmResult;
      const c = r.cold_ms as { median: number; max: number };
      const b = r.build as BuildResult | null;
      const cv = r.coverage as { queries: number; mean: number; complete: number };
      return [
        formatInt(r.size as number),
        b ? `${f(b.index_ms / 1000)} s (store load ${f(b.store_ms / 1000)} s)` : 'reused',
        formatMb(r.db_bytes as number),
        `${formatInt(c.median)} / ${formatInt(c.max)} ms`,
        `${f(w.default.p50)} / ${f(w.default.p95)} / ${f(w.default.p99)} ms`,
        `${f(w.all.p50)} / ${f(w.all.p95)} / ${f(w.all.p99)} ms`,
        `${f(w.default.cpu_mean)}/${f(w.default.cpu_p95)} ms; ${f(w.all.cpu_mean)}/${f(w.all.cpu_p95)} ms`,
        `${(w.exhaustive.recall_at_20 * 100).toFixed(1)}% (${(w.exhaustive.recall_at_20_similar_up * 100).toFixed(1)}%), ${w.exhaustive.queries} queries`,
        `${(cv.mean * 100).toFixed(1)}% (${(cv.complete * 100).toFixed(1)}% of ${cv.queries})`,
        `${formatInt(w.exhaustive.speed_ratio)}×`,
        `${formatMb(w.serving_peak_rss_bytes)} (${formatMb(r.peak_rss_bytes as number)})`,
      ];
    }),
  };
  console.log(consoleTable(table));
  const minis = rows.filter((r) => r.minisearch) as { size: number; minisearch: { build: MiniResult; load: MiniResult; load_peak_rss_bytes: number } }[];
  const miniTable: Table = {
    headers: ['marks', 'minisearch build + snapshot', 'snapshot size', 'snapshot load (each cold process)', 'load peak RSS', 'one fuzzy query'],
    rows: minis.map((r) => [
      formatInt(r.size),
      `${f(r.minisearch.build.ms / 1000)} s`,
      formatMb(r.minisearch.build.snapshot_bytes),
      `${formatInt(r.minisearch.load.ms)} ms`,
      formatMb(r.minisearch.load_peak_rss_bytes),
      `${f(r.minisearch.load.query_ms)} ms`,
    ]),
  };
  if (minis.length) console.log(consoleTable(miniTable));
  const body = [
    `Targets at 1,000,000 marks: cold CLI ≤ ${TARGETS.cold_ms} ms, warm p95 ≤ ${TARGETS.warm_p95_ms} ms, recall@20 ≥ ${TARGETS.recall}, peak RSS ≤ ${formatMb(TARGETS.rss_bytes)}.`,
    '',
    markdownTable(table),
    '',
    ...(minis.length ? ['## minisearch (the alternative, same marks)', '', markdownTable(miniTable), '', 'A minisearch index persists only as a JSON snapshot that each process must load whole before its first query; the SQLite index is opened, not loaded.', ''] : []),
    `Corpus: bench/corpus/generate.ts, seed ${seed}. Warm: ${values.queries} queries through search_trademarks (limit 20, rows with derived blocks), after ${WARM_UP} warm-up queries of another seed with each channel set (the conceptual table is read at a process's first all-six query), default and all six channels in alternating order per query, in one process; peak RSS serving is that process's peak up to the end of the warm queries, and in brackets its peak over the whole child, the exhaustive scorer's forms of every stored mark included. Queries are stored marks as a searcher types them (verbatim, lowercased, typo, transposition, word dropped or added, sound-alike respelling, lookalike digit). CPU per query: process.cpuUsage around each query (all threads of the process, GC included). Recall@20: the index's top 20 against an exhaustive scorer that scores every mark with the same function (all six channels); ties at the 20th score count as found; in brackets, the same over the exhaustive scorer's hits in the identical, near_identical and similar tiers. Trigram top-50 coverage: over the first ${values.coverage} queries, the share of a trigram-Jaccard scan's top 50 over every mark (ties at the 50th interchangeable) that the index scores (all six channels), computed in a child of its own. Speed ratio: exhaustive time over index time on the same queries. Cold: ${values['cold-runs']} separate \`node bin/tm.js search <q> --json --db …\` processes, wall time including Node start-up.`,
  ].join('\n');
  const paths = writeReport({ name: 'search', title: 'Search benchmark', command: benchCommand('bench:search'), results: rows }, body);
  console.log(`wrote ${paths.json} and ${paths.md}`);
};

await main();

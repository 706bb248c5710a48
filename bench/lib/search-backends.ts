// `npm run bench:search -- --backend postgres`: per size, the same generated marks in a SQLite
// store (bench/lib/bench-store.ts, reused when built) and a fresh PostgreSQL database, each index
// built by the product's own sync; then, per backend in a child of its own, warm search latency
// (default channels and all six) on the same queries, detail reads by id, recall@20 against the
// exhaustive scorer, and whether both backends rank every query's top 20 identically.
import { closeContext, createContext } from '../../src/context.js';
import { getTrademark } from '../../src/ops/get-trademark.js';
import { searchTrademarks } from '../../src/ops/search-trademarks.js';
import type { Channel } from '../../src/search/analyze.js';
import { CHANNELS } from '../../src/search/params.js';
import { corpusRecords } from '../corpus/generate.js';
import { ensureStore, loadCorpus, makeQueries, NOW } from './bench-store.js';
import { reportToParent, runInChild } from './child.js';
import { benchDatabaseUrl, databaseBytes, freshBenchDatabase, isBuilt, keptDatabaseName, markBuilt, searchStoreMarker } from './pg-bench.js';
import { benchCommand, consoleTable, formatInt, formatMb, markdownTable, percentile, writeReport, type Table } from './results.js';
import { statSync } from 'node:fs';

const WARM_UP = 50;
const DETAIL_READS = 1000;
const TARGETS = { warm_p95_ms: 60, detail_p99_ms: 5 };

interface Latency { p50: number; p95: number; p99: number }
interface WarmRun {
  default: Latency;
  all: Latency;
  detail: Latency;
  recall_at_20: number;
  /** Each query's top 20 ids (default channels), for the comparison across backends. */
  top: string[][];
}

const latency = (ms: number[]): Latency => ({ p50: percentile(ms, 50), p95: percentile(ms, 95), p99: percentile(ms, 99) });

/** The ids the detail reads take: the first 1,000 generated ids ending in 7 (loadCorpus's sample). */
const detailIds = (size: number, seed: number): string[] => {
  const ids: string[] = [];
  for (const r of corpusRecords({ count: size, seed })) {
    if (r.id.endsWith('7')) ids.push(r.id);
    if (ids.length === 1000) break;
  }
  return ids;
};

/** Child: the generated marks into a fresh PostgreSQL database, then the index built by the sync;
 *  the database is then marked finished (it is kept, like the SQLite store). */
const buildPg = async (name: string, size: number, seed: number) => {
  const ctx = createContext({ db: benchDatabaseUrl(name), now: NOW });
  const t0 = performance.now();
  await loadCorpus(ctx, size, seed);
  const t1 = performance.now();
  await ctx.index.sync();
  const t2 = performance.now();
  await closeContext(ctx);
  await markBuilt(name, searchStoreMarker(size, seed));
  return { store_ms: t1 - t0, index_ms: t2 - t1 };
};

/** The kept PostgreSQL store of `size` marks: reused when a finished one exists, else built in a child. */
const ensurePgStore = async (self: string, size: number, seed: number) => {
  const name = keptDatabaseName('search', size, seed);
  if (await isBuilt(name, searchStoreMarker(size, seed))) {
    process.stderr.write(`postgres: reusing the kept database ${name}\n`);
    return { name, built: null };
  }
  await freshBenchDatabase(name);
  process.stderr.write(`postgres: loading ${formatInt(size)} marks into ${name} and building the index …\n`);
  const built = (await runInChild<{ store_ms: number; index_ms: number }>(self, ['--child', 'pg-build', '--db', name, '--size', String(size), '--seed', String(seed)])).result;
  return { name, built };
};

/** Child: warm latencies, detail reads and recall on one backend. */
const warm = async (db: string, queries: string[], warmUp: string[], ids: string[], exhaustive: number): Promise<WarmRun> => {
  const ctx = createContext({ db, now: NOW });
  const all = CHANNELS.join(',');
  const search = async (q: string, similarity?: string) => (await searchTrademarks.run(ctx, { q, limit: 20, ...(similarity ? { similarity } : {}) })).data;
  for (const q of warmUp) {
    await search(q);
    await search(q, all);
  }
  const times = { default: [] as number[], all: [] as number[], detail: [] as number[] };
  const top: string[][] = [];
  for (const q of queries) {
    let t = performance.now();
    top.push((await search(q)).map((h) => h.id));
    times.default.push(performance.now() - t);
    t = performance.now();
    await search(q, all);
    times.all.push(performance.now() - t);
  }
  for (const id of ids.slice(0, 100)) await getTrademark.run(ctx, { id });
  for (let i = 0; i < DETAIL_READS; i++) {
    const t = performance.now();
    await getTrademark.run(ctx, { id: ids[i % ids.length]! });
    times.detail.push(performance.now() - t);
  }
  const channels = new Set<Channel>(CHANNELS);
  let [found, expected] = [0, 0];
  for (const q of queries.slice(0, exhaustive)) {
    const fast = new Set((await ctx.index.search(q, channels, {}, 'relevance', 20)).map((h) => h.trademarkId));
    const truth = await ctx.index.exhaustive(q, channels, 20);
    const floor = truth[truth.length - 1]?.scored.score ?? 0;
    for (const h of truth) if (fast.has(h.trademarkId) || h.scored.score === floor) found++;
    expected += truth.length;
  }
  await closeContext(ctx);
  return { default: latency(times.default), all: latency(times.all), detail: latency(times.detail), recall_at_20: expected ? found / expected : 1, top };
};

type ChildArgs = { db?: string; size?: string; queries?: string; exhaustive?: string; 'queries-db'?: string; ids?: string };

export const searchBackendChild = async (mode: string, args: ChildArgs, seed: number): Promise<boolean> => {
  if (mode === 'pg-build') reportToParent(await buildPg(args.db!, Number(args.size), seed));
  else if (mode === 'backend-warm') {
    const queries = makeQueries(args['queries-db']!, Number(args.queries), seed);
    const warmUp = makeQueries(args['queries-db']!, WARM_UP, seed + 2);
    reportToParent(await warm(args.db!, queries, warmUp, args.ids!.split(','), Number(args.exhaustive)));
  } else return false;
  return true;
};

export const compareSearch = async (self: string, sizes: number[], queries: number, exhaustive: number, seed: number): Promise<void> => {
  const rows: Record<string, unknown>[] = [];
  for (const size of sizes) {
    const { db: sqlite } = await ensureStore(self, size, seed);
    const { name, built } = await ensurePgStore(self, size, seed);
    const url = benchDatabaseUrl(name);
    const ids = detailIds(size, seed);
    const runs: Record<string, { result: WarmRun; peak_rss_bytes: number }> = {};
    for (const [backend, db] of [['sqlite', sqlite], ['postgres', url]] as const) {
      process.stderr.write(`${backend}: warm queries …\n`);
      const args = ['--db', db, '--queries-db', sqlite, '--queries', String(queries), '--exhaustive', String(exhaustive), '--seed', String(seed), '--ids', ids.join(',')];
      runs[backend] = await runInChild<WarmRun>(self, ['--child', 'backend-warm', ...args]);
    }
    const [a, b] = [runs.sqlite!.result, runs.postgres!.result];
    const same = a.top.filter((ids, i) => JSON.stringify(ids) === JSON.stringify(b.top[i])).length;
    rows.push({
      size, pg_database: name, pg_build: built, identical_top20: same, queries,
      sqlite: { ...a, top: undefined, disk_bytes: statSync(sqlite).size, peak_rss_bytes: runs.sqlite!.peak_rss_bytes },
      postgres: { ...b, top: undefined, disk_bytes: await databaseBytes(name), peak_rss_bytes: runs.postgres!.peak_rss_bytes },
    });
  }
  const f = (n: number) => n.toFixed(1);
  const table: Table = {
    headers: ['marks', 'backend', 'warm p50/p95/p99 default', 'warm p50/p95/p99 all six', 'detail by id p50/p99', 'recall@20 vs exhaustive', 'same top 20 as SQLite', 'disk', 'client peak RSS'],
    rows: rows.flatMap((r) =>
      (['sqlite', 'postgres'] as const).map((backend) => {
        const w = r[backend] as WarmRun & { disk_bytes: number; peak_rss_bytes: number };
        return [
          formatInt(r.size as number), backend, `${f(w.default.p50)} / ${f(w.default.p95)} / ${f(w.default.p99)} ms`, `${f(w.all.p50)} / ${f(w.all.p95)} / ${f(w.all.p99)} ms`,
          `${f(w.detail.p50)} / ${f(w.detail.p99)} ms`, `${(w.recall_at_20 * 100).toFixed(1)}%`, backend === 'postgres' ? `${r.identical_top20} of ${r.queries}` : '—',
          formatMb(w.disk_bytes), formatMb(w.peak_rss_bytes),
        ];
      }),
    ),
  };
  console.log(consoleTable(table));
  const builds = rows.map((r) => {
    const b = r.pg_build as { store_ms: number; index_ms: number } | null;
    const where = `${formatInt(r.size as number)} marks: PostgreSQL database ${r.pg_database as string}`;
    return b ? `${where}, store load ${f(b.store_ms / 1000)} s, index build ${f(b.index_ms / 1000)} s` : `${where}, kept from an earlier run and reused`;
  });
  const body = [
    `Targets on PostgreSQL at 1,000,000 marks: warm p95 ≤ ${TARGETS.warm_p95_ms} ms (default channels), detail read by id p99 ≤ ${TARGETS.detail_p99_ms} ms, recall@20 as SQLite's.`,
    '',
    markdownTable(table),
    '',
    ...builds.map((b) => `- ${b}`),
    `- Queries: ${queries} stored marks as a searcher types them (bench/lib/bench-store.ts), through search_trademarks (limit 20), after ${WARM_UP} warm-up queries of another seed; each backend in its own child, one query at a time. Detail: ${DETAIL_READS} get_trademark reads of sampled ids after 100 warm-up reads. Recall@20: the index's top 20 (all six channels) against the exhaustive scorer on the first ${exhaustive} queries, ties at the 20th score counted as found. "Same top 20": queries whose top 20 ids (default channels) are identical, in order, on both backends.`,
    '- Disk: the SQLite file; the PostgreSQL database as pg_database_size counts it. PostgreSQL runs on the same 2 cores as the client.',
  ].join('\n');
  const paths = writeReport({ name: 'search-postgres', title: 'Search benchmark: PostgreSQL beside SQLite', command: benchCommand('bench:search'), results: rows }, body);
  console.log(`wrote ${paths.json} and ${paths.md}`);
};

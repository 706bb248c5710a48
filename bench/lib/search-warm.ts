// The serving child of bench:search: warm latency of `tm` (default channels and all six) with the
// PostgreSQL peer's arms interleaved query by query, the corpus variants (bench/lib/sound-variants.ts)
// on every arm, the serving process's peak RSS, then recall@20 against the exhaustive scorer for
// the default channels and for all six. One process, so tm's caches are as warm as a server's.
import type { Context } from '../../src/context.js';
import { closeContext, createContext } from '../../src/context.js';
import { searchTrademarks } from '../../src/ops/search-trademarks.js';
import type { Channel } from '../../src/search/analyze.js';
import { analyze } from '../../src/search/analyze.js';
import { distinctive } from '../../src/search/families.js';
import { compact } from '../../src/search/normalize.js';
import { CHANNELS, DEFAULT_CHANNELS } from '../../src/search/params.js';
import { referenceCommonness } from '../../src/search/reference-commonness.js';
import { sqliteDb } from '../../src/store/sqlite/store.js';
import { NOW } from './bench-store.js';
import { PEER_ARMS, peerClient, type PeerArm } from './pg-peer.js';
import { percentile } from './results.js';
import { corpusVariants, type CorpusVariant } from './sound-variants.js';

/** The arms every query runs on: tm's two channel sets, then the peer's. */
export type Arm = 'default' | 'all' | PeerArm;

export interface LatencySet {
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  /** CPU time of this process per query (process.cpuUsage); for a peer arm, the client's share only. */
  cpu_mean: number;
  hits_mean: number;
}

export interface VariantOutcome {
  family: string;
  n: number;
  /** Per arm: copies whose corpus mark is in the top 20, and ranked first. */
  top20: Partial<Record<Arm, number>>;
  first: Partial<Record<Arm, number>>;
  /** Copies some arm missed from the top 20: `COPY -> MARK: arms that missed`. */
  misses: string[];
}

export interface Recall {
  channels: 'default' | 'all';
  queries: number;
  recall_at_20: number;
  /** The same over the exhaustive scorer's hits in the identical, near_identical and similar tiers. */
  recall_at_20_similar_up: number;
  index_ms_mean: number;
  exhaustive_ms_mean: number;
  /** Up to 30 exhaustive top-20 marks the index missed: query, trademark id, score, tier. */
  misses: { q: string; id: string; score: number; tier: string }[];
}

export interface WarmResult {
  queries: number;
  /** Peak RSS up to the end of the warm and variant queries, before the exhaustive scorer loads every mark's forms. */
  serving_peak_rss_bytes: number;
  latency: Partial<Record<Arm, LatencySet>>;
  variants: VariantOutcome[];
  recall: Recall[];
}

export interface WarmOptions {
  db: string;
  peer?: string;
  queries: string[];
  warmUp: string[];
  exhaustive: number;
  variantsPerFamily: number;
  seed: number;
}

const mean = (xs: number[]): number => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : Number.NaN);
const ALL = CHANNELS.join(',');

/** One query on one arm: wall and CPU ms, and the hits' mark texts in rank order. */
const runner = async (ctx: Context, peerUrl: string | undefined) => {
  const peer = peerUrl ? await peerClient(peerUrl) : null;
  const run = async (arm: Arm, q: string) => {
    const c = process.cpuUsage();
    const t = performance.now();
    const marks =
      arm === 'default' || arm === 'all'
        ? (await searchTrademarks.run(ctx, { q, limit: 20, ...(arm === 'all' ? { similarity: ALL } : {}) })).data.map((h) => h.mark_text ?? '')
        : (await peer!.search(arm, q)).map((r) => r.mark);
    const used = process.cpuUsage(c);
    return { ms: performance.now() - t, cpu: (used.user + used.system) / 1000, marks };
  };
  return { run, arms: ['default', 'all', ...(peer ? PEER_ARMS : [])] as Arm[], close: async () => peer?.close() };
};

/** Marks of the corpus to copy: every 50th stored mark, in mid order. */
const corpusMarks = (ctx: Context): string[] =>
  (sqliteDb(ctx.store).prepare('SELECT mark_text FROM search_mark WHERE mark_text IS NOT NULL AND mid % 50 = 7 ORDER BY mid LIMIT 40000').pluck().all() as string[]);

const variantOutcomes = async (ctx: Context, run: Awaited<ReturnType<typeof runner>>, perFamily: number, seed: number): Promise<VariantOutcome[]> => {
  const hasCompact = sqliteDb(ctx.store).prepare('SELECT 1 FROM search_mark WHERE compact = ? LIMIT 1').pluck();
  const variants: CorpusVariant[] = corpusVariants(corpusMarks(ctx), perFamily, seed, (part) => distinctive(analyze(part), referenceCommonness), (c) => hasCompact.get(c) !== undefined);
  const out = new Map<string, VariantOutcome>();
  for (const v of variants) {
    const o = out.get(v.family) ?? { family: v.family, n: 0, top20: {}, first: {}, misses: [] };
    out.set(v.family, o);
    o.n++;
    const target = compact(v.earlier);
    const missed: Arm[] = [];
    for (const arm of run.arms) {
      const marks = (await run.run(arm, v.later)).marks.map(compact);
      if (marks.includes(target)) o.top20[arm] = (o.top20[arm] ?? 0) + 1;
      else missed.push(arm);
      if (marks[0] === target) o.first[arm] = (o.first[arm] ?? 0) + 1;
    }
    if (missed.length) o.misses.push(`${v.later} -> ${v.earlier}: ${missed.join(', ')}`);
  }
  return [...out.values()];
};

const recallOf = async (ctx: Context, which: 'default' | 'all', queries: string[]): Promise<Recall> => {
  const channels = new Set<Channel>(which === 'all' ? CHANNELS : DEFAULT_CHANNELS);
  let [found, expected, foundUp, expectedUp, indexMs, exhaustiveMs] = [0, 0, 0, 0, 0, 0];
  const misses: Recall['misses'] = [];
  for (const [i, q] of queries.entries()) {
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
      else if (misses.length < 30) misses.push({ q, id: h.trademarkId, score: h.scored.score, tier: h.scored.tier });
      if (h.scored.tier !== 'related') {
        expectedUp++;
        if (hit) foundUp++;
      }
    }
    expected += truth.length;
    if ((i + 1) % 10 === 0) process.stderr.write(`  exhaustive (${which}) ${i + 1}/${queries.length}\n`);
  }
  const n = Math.max(1, queries.length);
  return { channels: which, queries: queries.length, recall_at_20: expected ? found / expected : 1, recall_at_20_similar_up: expectedUp ? foundUp / expectedUp : 1, index_ms_mean: indexMs / n, exhaustive_ms_mean: exhaustiveMs / n, misses };
};

export const warm = async (o: WarmOptions): Promise<WarmResult> => {
  const ctx = createContext({ db: o.db, now: NOW });
  const run = await runner(ctx, o.peer);
  // Warm-up on other queries (JIT, page cache, the marks cache, the peer's buffers) that never
  // pre-load a measured one; every arm, as the conceptual table is read at the first all-six query.
  for (const q of o.warmUp) for (const arm of run.arms) await run.run(arm, q);
  const samples = new Map(run.arms.map((a) => [a, { ms: [] as number[], cpu: [] as number[], hits: [] as number[] }]));
  const take = async (arm: Arm, q: string) => {
    const r = await run.run(arm, q);
    const s = samples.get(arm)!;
    s.ms.push(r.ms);
    s.cpu.push(r.cpu);
    s.hits.push(r.marks.length);
  };
  // Query i on tm (both channel sets, in alternating order, so neither always finds the other's
  // reads cached), then on each peer arm.
  for (const [i, q] of o.queries.entries()) {
    const tm: Arm[] = i % 2 === 0 ? ['default', 'all'] : ['all', 'default'];
    for (const arm of [...tm, ...run.arms.slice(2)]) await take(arm, q);
    if ((i + 1) % 50 === 0) process.stderr.write(`  warm ${i + 1}/${o.queries.length}\n`);
  }
  const variants = await variantOutcomes(ctx, run, o.variantsPerFamily, o.seed);
  const servingPeak = process.resourceUsage().maxRSS * 1024;
  await run.close();
  const sample = o.queries.slice(0, o.exhaustive);
  const recall = [await recallOf(ctx, 'default', sample), await recallOf(ctx, 'all', sample)];
  await closeContext(ctx);
  const latency = Object.fromEntries(
    [...samples].map(([arm, s]) => [arm, { p50: percentile(s.ms, 50), p95: percentile(s.ms, 95), p99: percentile(s.ms, 99), mean: mean(s.ms), cpu_mean: mean(s.cpu), hits_mean: mean(s.hits) }]),
  );
  return { queries: o.queries.length, serving_peak_rss_bytes: servingPeak, latency, variants, recall };
};

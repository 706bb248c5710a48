// The generated stores the speed benchmarks share (bench:search, bench:clearance): N marks of
// bench/corpus/generate.ts loaded into a fresh store and indexed, once per size and seed, under
// bench/results/tmp; and the realistic queries drawn from such a store.
import { existsSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { closeContext, createContext, type Context } from '../../src/context.js';
import { corpusRecords } from '../corpus/generate.js';
import { createRng, type Rng } from '../corpus/prng.js';
import { runInChild } from './child.js';
import { formatInt, repoRoot } from './results.js';
import { sqliteDb } from '../../src/store/sqlite/store.js';

export const NOW = '2026-11-22T12:00:00.000Z';

export interface BuildResult {
  store_ms: number;
  index_ms: number;
  db_bytes: number;
}

/** The sample a load keeps for the benchmarks' requests: mark ids, and plain first words as queries. */
export interface CorpusSample {
  ids: string[];
  words: string[];
}

/** Loads `count` generated marks into the store in batches of 5,000, keeping a sample of ids and
 *  query words. Into an empty store this is the product's bulk first load (the ingest's path:
 *  secondary indexes dropped and built once at the end, load pragmas). */
export const loadCorpus = async (ctx: Context, count: number, seed: number): Promise<CorpusSample> => {
  const load = await ctx.store.trademarks.beginLoad();
  try {
    return await loadRecords(ctx, count, seed);
  } finally {
    await load.finish();
  }
};

const loadRecords = async (ctx: Context, count: number, seed: number): Promise<CorpusSample> => {
  const ids: string[] = [];
  const words = new Set<string>();
  let batch = [];
  let batches = 0;
  const t0 = performance.now();
  for (const r of corpusRecords({ count, seed })) {
    batch.push(r);
    if (ids.length < 5000 && r.id.endsWith('7')) ids.push(r.id);
    const w = r.mark_text?.split(/\s+/)[0];
    if (words.size < 500 && w && w.length >= 4 && /^[A-Za-z]+$/.test(w)) words.add(w.toLowerCase());
    if (batch.length === 5000) {
      await ctx.store.trademarks.upsert(batch, '2026-11-01T00:00:00.000Z');
      batch = [];
      // The rate, for a projection when a large load cannot finish in the time there is.
      if (++batches % 20 === 0) process.stderr.write(`  loaded ${formatInt(batches * 5000)} of ${formatInt(count)} (${formatInt((batches * 5000) / ((performance.now() - t0) / 1000))} rec/s)\n`);
    }
  }
  if (batch.length) await ctx.store.trademarks.upsert(batch, '2026-11-01T00:00:00.000Z');
  return { ids, words: [...words] };
};

/** Where generated stores are kept between runs: TM_BENCH_DATA, else bench/results/tmp (git-ignored). */
export const benchDataDir = (): string => process.env.TM_BENCH_DATA ?? join(repoRoot, 'bench', 'results', 'tmp');

export const dbPath = (size: number, seed: number): string => join(benchDataDir(), `search-${size}-s${seed}.db`);

/** Child side: the search index of a kept store dropped and built again from its records (after the
 *  index's keys changed), without loading the records again. */
export const reindexStore = async (db: string): Promise<BuildResult> => {
  const ctx = createContext({ db, now: NOW });
  const t = performance.now();
  await ctx.store.searchTables().writer.clear();
  await ctx.index.sync();
  const ms = performance.now() - t;
  sqliteDb(ctx.store).pragma('wal_checkpoint(TRUNCATE)');
  await closeContext(ctx);
  return { store_ms: 0, index_ms: ms, db_bytes: statSync(db).size };
};

/** Child side: load the generated corpus into a fresh store, then build the index from it. */
export const buildStore = async (db: string, size: number, seed: number): Promise<BuildResult> => {
  for (const suffix of ['', '-wal', '-shm']) rmSync(db + suffix, { force: true });
  const ctx = createContext({ db, now: NOW });
  const t0 = performance.now();
  await loadCorpus(ctx, size, seed);
  const t1 = performance.now();
  await ctx.index.sync();
  const t2 = performance.now();
  sqliteDb(ctx.store).pragma('wal_checkpoint(TRUNCATE)');
  await closeContext(ctx);
  writeFileSync(`${db}.done`, '');
  return { store_ms: t1 - t0, index_ms: t2 - t1, db_bytes: statSync(db).size };
};

/** Parent side: the store of `size` marks, built in a child of `script` (`--child build`) unless a
 *  finished one exists; with `reindex`, a kept store's search index is built again (`--child reindex`). */
export const ensureStore = async (script: string, size: number, seed: number, reindex = false): Promise<{ db: string; built: BuildResult | null }> => {
  const db = dbPath(size, seed);
  if (existsSync(`${db}.done`) && reindex) {
    process.stderr.write(`rebuilding the search index of ${db}\n`);
    return { db, built: (await runInChild<BuildResult>(script, ['--child', 'reindex', '--db', db])).result };
  }
  if (existsSync(`${db}.done`)) return { db, built: null };
  process.stderr.write(`building ${formatInt(size)} marks into ${db}\n`);
  const built = (await runInChild<BuildResult>(script, ['--child', 'build', '--db', db, '--size', String(size), '--seed', String(seed)])).result;
  return { db, built };
};

// Realistic queries: a stored mark as typed by a searcher: verbatim, lowercased, with a typo, a
// transposition, a word dropped or added, a sound-alike respelling, or a lookalike character.
const PERTURB: ((s: string, rng: Rng) => string)[] = [
  (s) => s,
  (s) => s.toLowerCase().replace(/[^\p{L}\p{N} ]/gu, ''),
  (s, rng) => {
    const i = rng.int(1, Math.max(1, s.length - 1));
    return s.slice(0, i) + rng.pick([...'AEIOUSTRNL']) + s.slice(i + 1);
  },
  (s, rng) => {
    const i = rng.int(0, Math.max(0, s.length - 2));
    return s.slice(0, i) + (s[i + 1] ?? '') + (s[i] ?? '') + s.slice(i + 2);
  },
  (s) => (s.includes(' ') ? s.split(' ').slice(0, -1).join(' ') : s.slice(0, -1)),
  (s) => s.replace(/C/gi, 'K').replace(/PH/gi, 'F').replace(/EE/gi, 'EA'),
  (s, rng) => `${s} ${rng.pick(['GROUP', 'PRO', 'LABS', 'USA', 'ONE'])}`,
  (s) => s.replace(/O/g, '0').replace(/l/g, '1'),
];

/** Stored marks of the store, as searchers type them. */
export const makeQueries = (db: string, count: number, seed: number): string[] => {
  const ctx = createContext({ db, now: NOW });
  const rows = sqliteDb(ctx.store).prepare("SELECT mark_text FROM search_mark WHERE length(compact) >= 3 ORDER BY mid").all() as { mark_text: string }[];
  void closeContext(ctx);
  const rng = createRng(seed);
  return Array.from({ length: count }, (_, i) => {
    const text = rows[rng.int(0, rows.length - 1)]!.mark_text;
    const q = PERTURB[i % PERTURB.length]!(text, rng).trim();
    return q.replace(/[^\p{L}\p{N}]/gu, '').length >= 2 ? q : text;
  });
};

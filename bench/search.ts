// `npm run bench:search`: search at register scale (issue 27). Per size: the generated store (kept
// between runs, bench/lib/bench-store.ts), cold wall time of one `tm search … --json` process, then
// in one serving child warm per-query latency of tm (default channels and all six) with, under
// `--peer postgres`, a PostgreSQL peer's arms on the same queries interleaved (bench/lib/pg-peer.ts),
// copies of corpus marks in every family (bench/lib/sound-variants.ts) on every arm, the serving
// peak RSS, and recall@20 against the exhaustive scorer for both channel sets; then the trigram
// top-50 coverage of the candidates in a child of its own. Options:
//   --sizes 1000000,5000000  --peer postgres  --queries 200  --exhaustive 30  --variants 10
//   --coverage 50  --seed 42  --cold-runs 5  --reindex (rebuild a kept store's index)  --minisearch
//   --backend postgres: tm on PostgreSQL beside SQLite on the same marks (bench/lib/search-backends.ts)
import { execFileSync } from 'node:child_process';
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { closeContext, createContext } from '../src/context.js';
import type { Channel } from '../src/search/analyze.js';
import { CHANNELS } from '../src/search/params.js';
import { trigramSet } from '../src/search/trigram.js';
import { sqliteDb } from '../src/store/sqlite/store.js';
import { benchDataDir, buildStore, ensureStore, makeQueries, NOW, reindexStore } from './lib/bench-store.js';
import { reportToParent, runInChild } from './lib/child.js';
import { ensurePeer } from './lib/pg-peer.js';
import { benchCommand, consoleTable, markdownTable, percentile, repoRoot, writeReport } from './lib/results.js';
import { compareSearch, searchBackendChild } from './lib/search-backends.js';
import { minisearch, miniTable, type MiniResult, type MiniRow } from './lib/search-minisearch.js';
import { armTable, mainTable, peerBuildLines, targetLines, variantTable, type SizeRow } from './lib/search-report.js';
import { warm, type WarmResult } from './lib/search-warm.js';
import { topCoverage } from './lib/trigram-baseline.js';

const WARM_UP = 50;
const VARIANT_SEED = 20261128;

const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

/** Child: the share of a trigram-Jaccard scan's top 50 over every stored mark that the index's
 *  scored candidates hold (all six channels), on the first queries. Its own process, so the
 *  trigram sets of every mark do not count in the serving child's RSS. */
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

/** One `tm search … --json` process, wall time including Node start-up. */
const cold = (db: string, q: string): number => {
  const t = performance.now();
  execFileSync(process.execPath, [join(repoRoot, 'bin', 'tm.js'), 'search', q, '--json', '--db', db], { stdio: ['ignore', 'ignore', 'inherit'] });
  return performance.now() - t;
};

const self = fileURLToPath(import.meta.url);

const { values } = parseArgs({
  options: {
    child: { type: 'string' },
    sizes: { type: 'string', default: '100000,1000000' },
    queries: { type: 'string', default: '200' },
    exhaustive: { type: 'string', default: '30' },
    variants: { type: 'string', default: '10' },
    coverage: { type: 'string', default: '50' },
    seed: { type: 'string', default: '42' },
    'cold-runs': { type: 'string', default: '5' },
    peer: { type: 'string' },
    reindex: { type: 'boolean', default: false },
    db: { type: 'string' },
    'peer-db': { type: 'string' },
    size: { type: 'string' },
    minisearch: { type: 'boolean', default: false },
    backend: { type: 'string', default: 'sqlite' },
    'queries-db': { type: 'string' },
    ids: { type: 'string' },
  },
  allowPositionals: true,
});

const child = async (mode: string, seed: number): Promise<void> => {
  const db = values.db!;
  if (mode === 'build') return reportToParent(await buildStore(db, Number(values.size), seed));
  if (mode === 'reindex') return reportToParent(await reindexStore(db));
  if (mode === 'mini-build' || mode === 'mini-load') return reportToParent(await minisearch(db, mode === 'mini-build' ? 'build' : 'load'));
  if (mode === 'coverage') return reportToParent(await coverage(db, makeQueries(db, Number(values.coverage), seed)));
  if (mode !== 'warm') throw new Error(`unknown child ${mode}`);
  const queries = makeQueries(db, Number(values.queries), seed);
  const warmUp = makeQueries(db, WARM_UP, seed + 2);
  reportToParent(await warm({ db, peer: values['peer-db'], queries, warmUp, exhaustive: Number(values.exhaustive), variantsPerFamily: Number(values.variants), seed: VARIANT_SEED }));
};

const main = async () => {
  const seed = Number(values.seed);
  if (values.child && (await searchBackendChild(values.child, values, seed))) return;
  if (values.child) return child(values.child, seed);
  mkdirSync(benchDataDir(), { recursive: true });
  const sizes = values.sizes!.split(',').map(Number);
  if (values.backend === 'postgres') return compareSearch(self, sizes, Number(values.queries), Number(values.exhaustive), seed);
  if (values.backend !== 'sqlite') throw new Error(`--backend must be sqlite or postgres, not ${values.backend}`);
  if (values.peer !== undefined && values.peer !== 'postgres') throw new Error(`--peer must be postgres, not ${values.peer}`);
  const rows: SizeRow[] = [];
  const minis: MiniRow[] = [];
  for (const size of sizes) {
    const { db, built } = await ensureStore(self, size, seed, values.reindex);
    const peer = values.peer ? await ensurePeer(db, size, seed) : null;
    const coldRuns = Number(values['cold-runs']);
    const coldMs = coldRuns > 0 ? makeQueries(db, coldRuns, seed + 1).map((q) => cold(db, q)) : [];
    if (coldMs.length) process.stderr.write(`cold: ${coldMs.map((m) => m.toFixed(0)).join(', ')} ms\n`);
    process.stderr.write(`${size}: warm queries${peer ? ' with the PostgreSQL peer interleaved' : ''} …\n`);
    const args = ['--child', 'warm', '--db', db, '--queries', values.queries!, '--exhaustive', values.exhaustive!, '--variants', values.variants!, '--seed', String(seed)];
    const w = await runInChild<WarmResult>(self, [...args, ...(peer ? ['--peer-db', peer.url] : [])]);
    const cover = Number(values.coverage) > 0 ? (await runInChild<SizeRow['coverage']>(self, ['--child', 'coverage', '--db', db, '--coverage', values.coverage!, '--seed', String(seed)])).result : null;
    if (values.minisearch) {
      const b = await runInChild<MiniResult>(self, ['--child', 'mini-build', '--db', db]);
      const l = await runInChild<MiniResult>(self, ['--child', 'mini-load', '--db', db]);
      minis.push({ size, minisearch: { build: b.result, load: l.result, load_peak_rss_bytes: l.peak_rss_bytes } });
    }
    const coldRow = coldMs.length ? { median: percentile(coldMs, 50), max: Math.max(...coldMs), runs: coldMs } : null;
    rows.push({ size, build: built, peer_build: peer?.built ?? null, db_bytes: statSync(db).size, cold_ms: coldRow, warm: w.result, peak_rss_bytes: w.peak_rss_bytes, coverage: cover });
  }
  for (const t of [mainTable(rows), armTable(rows)]) console.log(consoleTable(t));
  const targets = targetLines(rows);
  console.log(targets.join('\n'));
  const body = [
    '## Targets (issue 27)',
    '',
    ...targets,
    '',
    '## tm',
    '',
    markdownTable(mainTable(rows)),
    '',
    '## Every arm on the same queries, interleaved',
    '',
    markdownTable(armTable(rows)),
    '',
    '## Corpus variants per family: copied mark in the top 20 / ranked first',
    '',
    markdownTable(variantTable(rows)),
    '',
    ...(minis.length ? ['## minisearch (the alternative, same marks)', '', markdownTable(miniTable(minis)), ''] : []),
    '## How',
    '',
    `- Corpus: bench/corpus/generate.ts, seed ${seed}, loaded by the product's bulk first load (\`beginLoad\`, then the index sync); the store is kept under ${'`TM_BENCH_DATA`'} or bench/results/tmp by size and seed, and reused.`,
    ...peerBuildLines(rows),
    `- Warm: ${values.queries} queries (stored marks as a searcher types them: verbatim, lowercased, typo, transposition, word dropped or added, sound-alike respelling, lookalike digit) after ${WARM_UP} warm-up queries of another seed on every arm, in one process. Query i runs on tm with the default channels and with all six (in alternating order), then on each PostgreSQL arm, before query i+1. tm: search_trademarks, limit 20, rows with derived blocks. PostgreSQL: \`mark % q ORDER BY similarity(mark, q) DESC LIMIT 20\` over a GIN gin_trgm_ops index (similarity threshold 0.3, the default), and \`dmetaphone(mark) = dmetaphone(q) OR dmetaphone_alt(mark) = dmetaphone_alt(q)\` over two b-tree expression indexes, ranked by similarity(); prepared statements, wall time at the client. PostgreSQL runs on the same 2 cores.`,
    `- Variants: up to ${values.variants} copies per family of marks of the corpus (every 50th stored mark), seed ${VARIANT_SEED}: a vowel swap, a doubled consonant, C→K, PH→F, S→Z, and the judgement issue's families (bench/lib/variants.ts). A copy whose letters are those of another stored mark is left out. Found: a hit in the top 20 with the copied mark's letters (compact form); first: the first hit.`,
    `- Peak RSS serving: the serving process's peak up to the end of the warm and variant queries; in brackets its peak over the whole child, the exhaustive scorer's forms of every mark included.`,
    `- Recall@20: the index's top 20 against an exhaustive scorer that scores every mark with the same function and the same channel set (default, then all six), on the first ${values.exhaustive} queries; ties at the 20th score count as found; in brackets the same over the exhaustive hits in the identical, near_identical and similar tiers. The JSON lists up to 30 missed marks per channel set. Coverage: over the first ${values.coverage} queries, the share of a trigram-Jaccard scan's top 50 that the index scores (all six), in a child of its own.`,
    `- Cold: ${values['cold-runs']} separate \`node bin/tm.js search <q> --json --db …\` processes, wall time including Node start-up.`,
  ].join('\n');
  const paths = writeReport({ name: 'search', title: 'Search benchmark', command: benchCommand('bench:search'), results: { sizes: rows, minisearch: minis } }, body);
  console.log(`wrote ${paths.json} and ${paths.md}`);
};

await main();

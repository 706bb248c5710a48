// `npm run bench:search-cpu`: CPU per warm search query of two builds on one kept store, and
// whether they answer alike (issue 27). Another build (`--base`, a compiled tree such as a copy of
// main's dist/) and this one each run in a child process of their own, in turns, on the same
// queries as bench:search (bench/lib/bench-store.ts makeQueries) after 50 warm-up queries; each
// child reports its CPU per query (process.cpuUsage, the search_trademarks op with limit 20, default
// channels and all six) and a hash of its pages and of its full ranked lists. On a shared machine
// wall time is mostly waiting for a core, so the CPU ratio in one run is the steady figure.
//   --db <kept store>  --base <dist dir>  --queries 80  --full 60  --rounds 2
import { createHash } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { NOW } from './lib/bench-store.js';
import { reportToParent, runInChild } from './lib/child.js';
import { benchCommand, consoleTable, markdownTable, writeReport } from './lib/results.js';

const WARM_UP = 50;
const self = fileURLToPath(import.meta.url);
const thisTree = resolve(dirname(self), '..');

const { values } = parseArgs({
  options: {
    child: { type: 'string' },
    db: { type: 'string' },
    base: { type: 'string' },
    queries: { type: 'string', default: '80' },
    full: { type: 'string', default: '60' },
    rounds: { type: 'string', default: '2' },
  },
});

interface Arm { cpu_default: number; cpu_all: number; pages: string; lists: string }

/** Child: the queries on the tree's own modules (imported at run time, so any compiled tree serves). */
const child = async (tree: string, db: string): Promise<Arm> => {
  const { createContext, closeContext } = (await import(`${tree}/src/context.js`)) as typeof import('../src/context.js');
  const { searchTrademarks } = (await import(`${tree}/src/ops/search-trademarks.js`)) as typeof import('../src/ops/search-trademarks.js');
  const { makeQueries } = (await import(`${tree}/bench/lib/bench-store.js`)) as typeof import('./lib/bench-store.js');
  const { CHANNELS, DEFAULT_CHANNELS } = (await import(`${tree}/src/search/params.js`)) as typeof import('../src/search/params.js');
  const ctx = createContext({ db, now: NOW });
  const all = CHANNELS.join(',');
  for (const q of makeQueries(db, WARM_UP, 44)) for (const s of [undefined, all]) await searchTrademarks.run(ctx, { q, limit: 20, ...(s ? { similarity: s } : {}) });
  const queries = makeQueries(db, Number(values.queries), 42);
  const cpu = { default: 0, all: 0 };
  const pages = createHash('sha1');
  for (const q of queries) {
    for (const arm of ['default', 'all'] as const) {
      const c = process.cpuUsage();
      const r = await searchTrademarks.run(ctx, { q, limit: 20, ...(arm === 'all' ? { similarity: all } : {}) });
      const used = process.cpuUsage(c);
      cpu[arm] += (used.user + used.system) / 1000;
      pages.update(JSON.stringify(r.data.map((d) => [d.id, d.relevance_score, d.match])));
    }
  }
  // Every hit of a query, not only its first page: pages after the first come from the same list.
  const lists = createHash('sha1');
  for (const q of queries.slice(0, Number(values.full))) {
    for (const channels of [DEFAULT_CHANNELS, CHANNELS]) lists.update(JSON.stringify((await ctx.index.search(q, new Set(channels), {}, 'relevance', Infinity)).map((h) => [h.mid, h.scored])));
  }
  await closeContext(ctx);
  return { cpu_default: cpu.default / queries.length, cpu_all: cpu.all / queries.length, pages: pages.digest('hex'), lists: lists.digest('hex') };
};

const main = async (): Promise<void> => {
  if (values.child) return reportToParent(await child(values.child, values.db!));
  // A search cut short by the request budget (5 s) on a busy machine would not be the same search.
  process.env.TM_REQUEST_BUDGET_MS ??= '600000';
  const base = resolve(values.base!);
  const runs: Record<'base' | 'this', Arm[]> = { base: [], this: [] };
  for (let r = 0; r < Number(values.rounds); r++) {
    for (const [name, tree] of [['base', base], ['this', thisTree]] as const) {
      process.stderr.write(`round ${r + 1}: ${name} (${tree})\n`);
      runs[name].push((await runInChild<Arm>(self, ['--child', tree, '--db', values.db!, '--queries', values.queries!, '--full', values.full!])).result);
    }
  }
  const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
  const row = (name: 'base' | 'this') => [name, mean(runs[name].map((a) => a.cpu_default)).toFixed(1), mean(runs[name].map((a) => a.cpu_all)).toFixed(1), runs[name][0]!.pages.slice(0, 12), runs[name][0]!.lists.slice(0, 12)];
  const ratio = (k: 'cpu_default' | 'cpu_all'): string => (mean(runs.this.map((a) => a[k])) / mean(runs.base.map((a) => a[k]))).toFixed(2);
  const same = [...runs.base, ...runs.this].every((a) => a.pages === runs.base[0]!.pages && a.lists === runs.base[0]!.lists);
  const table = { headers: ['build', 'CPU ms / query, default', 'CPU ms / query, all six', 'pages (sha1)', 'full lists (sha1)'], rows: [row('base'), row('this'), ['this / base', ratio('cpu_default'), ratio('cpu_all'), same ? 'identical' : 'DIFFER', '']] };
  console.log(consoleTable(table));
  const body = [
    markdownTable(table),
    '',
    `- Store: ${values.db}. ${values.queries} bench queries (seed 42) after ${WARM_UP} warm-up queries (seed 44), each on the default channels and on all six; the CPU of the serving process per query (process.cpuUsage), averaged over ${values.rounds} rounds; the builds take turns, each in a child process of its own.`,
    `- Base: ${base}. Results: the pages of 20 (id, relevance, match) and, for the first ${values.full} queries, every ranked hit (mark, lanes, score, tier, terms, family, reason) on both channel sets, hashed.`,
  ].join('\n');
  const paths = writeReport({ name: 'search-cpu', title: 'Search CPU per query, two builds on one store', command: benchCommand('bench:search-cpu'), results: runs }, body);
  console.log(`wrote ${paths.json} and ${paths.md}`);
};

await main();

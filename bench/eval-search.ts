// Search evaluation (`npm run eval:search`): the decided pairs of data/similarity/pairs.csv, each
// earlier mark put among ~18,000 real EUIPO marks and each later mark searched. Reports recall@10,
// recall@20 and MRR per split (tune/test) and kind, for tm's channel sets and for a trigram-Jaccard
// full scan computed in the same run; the not-similar pairs that reach the top two tiers; and the
// false-alarm share on 200 seeded corpus queries. Results: bench/results/eval-search.{json,md}.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { createContext } from '../src/context.js';
import { trademarkId } from '../src/core/ids.js';
import { emptyRecord } from '../src/core/empty-record.js';
import type { TrademarkRecord } from '../src/core/schemas/trademark.js';
import { TmError } from '../src/errors.js';
import { searchTrademarks } from '../src/ops/search-trademarks.js';
import type { Channel } from '../src/search/analyze.js';
import { CHANNELS, DEFAULT_CHANNELS } from '../src/search/params.js';
import { acceptableFlag, heldSimilar, isMeaning, loadPairs, sameLetters, type Pair } from './lib/eval-pairs.js';
import { FALSE_ALARM_QUERIES, loadLabels, seededSample, summarise, TOP_TIERS, type TopTierHit } from './lib/false-alarms.js';
import { benchCommand, consoleTable, markdownTable, repoRoot, resultsDir, writeReport, type Table } from './lib/results.js';
import { topCoverage, trigramRank, trigramSet } from './lib/trigram-baseline.js';

const record = (office: string, number: string, text: string, filed: string | null): TrademarkRecord => ({
  ...emptyRecord(office, number, 'eval'),
  mark_text: text,
  mark_type: 'word',
  status: { primary: 'active', stage: 'registered', reason: null, challenges: [], effective_date: null, basis: 'office', raw: null },
  filing_date: filed,
  source_date: '2026-01-01',
});

/** Channel sets compared; `all` is what `tm search Q --all` turns on. */
const CHANNEL_SETS: Record<string, string | undefined> = { default: undefined, all: CHANNELS.join(',') };
const DEPTH = 20;

interface Metrics { n: number; recall_at_10: number | null; recall_at_20: number | null; mrr: number | null }
const metrics = (ranks: (number | null)[]): Metrics => {
  const n = ranks.length;
  if (!n) return { n, recall_at_10: null, recall_at_20: null, mrr: null };
  const within = (k: number) => ranks.filter((r) => r !== null && r <= k).length / n;
  return { n, recall_at_10: within(10), recall_at_20: within(20), mrr: ranks.reduce<number>((s, r) => s + (r !== null && r <= DEPTH ? 1 / r : 0), 0) / n };
};
const pct = (x: number | null) => (x === null ? '—' : `${(x * 100).toFixed(1)}%`);
const mrr = (x: number | null) => (x === null ? '—' : x.toFixed(3));

type SearchOut = Awaited<ReturnType<typeof searchTrademarks.run>>;
/** A query the operation refuses (under 2 characters, such as K+) finds nothing. */
const search = async (ctx: Parameters<typeof searchTrademarks.run>[0], q: string, similarity?: string): Promise<SearchOut['data']> => {
  try {
    return (await searchTrademarks.run(ctx, { q, limit: DEPTH, ...(similarity ? { similarity } : {}) })).data;
  } catch (e) {
    if (e instanceof TmError && e.type === 'validation_error') return [];
    throw e;
  }
};

const main = async () => {
  const pairs = loadPairs();
  const euipo = JSON.parse(gunzipSync(readFileSync(join(repoRoot, 'data', 'similarity', 'euipo-2020-texts.json.gz'))).toString('utf8')) as {
    marks: [string, string, string | null][];
  };
  const dir = mkdtempSync(join(tmpdir(), 'tm-eval-'));
  const ctx = createContext({ db: join(dir, 'tm.db'), now: '2026-11-22T12:00:00.000Z' });
  try {
    const records = euipo.marks.map(([n, text, date]) => record('EM', n, text, date));
    pairs.forEach((p, i) => records.push(record('US', `P${i}`, p.earlier, '2000-01-01')));
    for (let i = 0; i < records.length; i += 5000) await ctx.store.trademarks.upsert(records.slice(i, i + 5000), '2026-01-01T00:00:00.000Z');
    await ctx.index.sync();

    // rank[set][i]: 1-based rank of pair i's earlier mark among the later mark's first DEPTH hits.
    const rank: Record<string, (number | null)[]> = {};
    const tier: Record<string, (string | null)[]> = {};
    for (const [set, similarity] of Object.entries(CHANNEL_SETS)) {
      rank[set] = [];
      tier[set] = [];
      for (const [i, p] of pairs.entries()) {
        const hits = await search(ctx, p.later, similarity);
        const at = hits.findIndex((h) => h.id === trademarkId('US', `P${i}`));
        rank[set]!.push(at >= 0 ? at + 1 : null);
        tier[set]!.push(at >= 0 ? (hits[at]!.match?.tier ?? null) : null);
      }
    }
    const corpusTrigrams = records.map((r) => trigramSet(r.mark_text ?? ''));
    const euipoCount = euipo.marks.length;
    rank.trigram = pairs.map((p, i) => trigramRank(p.later, corpusTrigrams, euipoCount + i));
    const systems = [...Object.keys(CHANNEL_SETS), 'trigram'];

    const groups: [string, (p: Pair) => boolean][] = [
      ['textual', (p) => !isMeaning(p)],
      ['meaning', isMeaning],
      ['all kinds', () => true],
    ];
    const splitRows = (split: string) =>
      groups.map(([name, pick]) => {
        const idx = pairs.flatMap((p, i) => (heldSimilar(p) && pick(p) && (split === 'both' || p.split === split) ? [i] : []));
        return { split, group: name, by: Object.fromEntries(systems.map((s) => [s, metrics(idx.map((i) => rank[s]![i]!))])) as Record<string, Metrics> };
      });
    const overall = [...splitRows('test'), ...splitRows('tune')];
    const summary: Table = {
      headers: ['split', 'pairs held similar', ...systems.flatMap((s) => [`${s} R@10`, `${s} R@20`, `${s} MRR`])],
      rows: overall.map((r) => [`${r.split} · ${r.group}`, r.by[systems[0]!]!.n, ...systems.flatMap((s) => [pct(r.by[s]!.recall_at_10), pct(r.by[s]!.recall_at_20), mrr(r.by[s]!.mrr)])]),
    };
    const kinds = [...new Set(pairs.map((p) => p.kind))].sort();
    const perKind: Table = {
      headers: ['kind', 'split', 'held similar', ...systems.map((s) => `${s} R@10 / R@20 / MRR`)],
      rows: kinds.flatMap((kind) =>
        (['test', 'tune'] as const).flatMap((split) => {
          const idx = pairs.flatMap((p, i) => (p.kind === kind && p.split === split && heldSimilar(p) ? [i] : []));
          if (!idx.length) return [];
          return [[kind, split, idx.length, ...systems.map((s) => { const m = metrics(idx.map((i) => rank[s]![i]!)); return `${pct(m.recall_at_10)} / ${pct(m.recall_at_20)} / ${mrr(m.mrr)}`; })]];
        }),
      ),
    };
    // Pairs held not similar in identical/near_identical although their letters differ: must be none.
    const topTierWrong = Object.fromEntries(Object.keys(CHANNEL_SETS).map((s) => [s, pairs.flatMap((p, i) => (!heldSimilar(p) && !sameLetters(p) && ['identical', 'near_identical'].includes(tier[s]![i] ?? '') ? [`${p.later} / ${p.earlier}`] : []))]));
    const notSimilar = pairs.filter((p) => !heldSimilar(p));
    const misses = Object.fromEntries(Object.keys(CHANNEL_SETS).map((s) => [s, pairs.flatMap((p, i) => (heldSimilar(p) && (rank[s]![i] ?? 99) > 10 ? [`${p.later} -> ${p.earlier} (${p.kind}, ${p.split}${rank[s]![i] ? `, rank ${rank[s]![i]}` : ''})`] : []))]));

    // False alarms: 200 seeded EUIPO marks searched with every channel on.
    const sample = seededSample(euipo.marks.map((m, i) => ({ i, text: m[1] })), FALSE_ALARM_QUERIES, 20261124);
    const topHits: TopTierHit[] = [];
    for (const q of sample) {
      for (const h of await search(ctx, q.text, CHANNEL_SETS.all)) {
        const t = h.match?.tier ?? '';
        if (h.id !== trademarkId('EM', euipo.marks[q.i]![0]) && (TOP_TIERS as readonly string[]).includes(t)) topHits.push({ query: q.text, hit: h.mark_text ?? '', tier: t });
      }
    }
    const alarms = summarise(topHits, loadLabels());

    // Candidate coverage: the share of a trigram scan's top 50 (over the whole store) that the
    // index's scored candidates hold, per channel set, for the pairs' later marks and the corpus queries.
    const stored = ctx.store.db.prepare('SELECT mid, folded FROM search_mark ORDER BY mid').raw().all() as [number, string][];
    const storedSets = stored.map((r) => trigramSet(r[1]));
    const storedIds = stored.map((r) => r[0]);
    const coverageSets: Record<string, Channel[]> = { default: DEFAULT_CHANNELS, all: [...CHANNELS] };
    const coverage = async (queries: readonly string[], channels: Channel[]) => {
      const shares: number[] = [];
      for (const q of queries) {
        const c = topCoverage(q, storedSets, storedIds, new Set(await ctx.index.candidates(q, new Set(channels))));
        if (c !== null) shares.push(c);
      }
      return { queries: shares.length, mean: shares.reduce((a, b) => a + b, 0) / Math.max(1, shares.length), full: shares.filter((x) => x === 1).length / Math.max(1, shares.length) };
    };
    const coverageQueries: [string, string[]][] = [
      ['tune pairs (later marks)', pairs.filter((p) => p.split === 'tune').map((p) => p.later)],
      ['test pairs (later marks)', pairs.filter((p) => p.split === 'test').map((p) => p.later)],
      ['corpus queries (false-alarm sample)', sample.map((q) => q.text)],
    ];
    const coverageRows: Table['rows'] = [];
    for (const [name, qs] of coverageQueries) {
      const row: (string | number)[] = [name];
      for (const channels of Object.values(coverageSets)) {
        const c = await coverage(qs, channels);
        row.push(`${pct(c.mean)} (${pct(c.full)} of ${c.queries} complete)`);
      }
      coverageRows.push(row);
    }
    const coverageTable: Table = { headers: ['queries', ...Object.keys(coverageSets).map((s) => `${s}: mean coverage (queries fully covered)`)], rows: coverageRows };
    if (alarms.unlabelled.length) {
      const csvCell = (s: string) => `"${s.replace(/"/g, '""')}"`;
      writeFileSync(join(resultsDir, 'false-alarm-unlabelled.csv'), ['query,hit,tier', ...alarms.unlabelled.map((h) => [h.query, h.hit, h.tier].map(csvCell).join(','))].join('\n') + '\n');
    }

    console.log(consoleTable(summary));
    console.log(consoleTable(perKind));
    console.log(consoleTable(coverageTable));
    console.log('not-similar pairs in the top two tiers with different letters:', topTierWrong);
    console.log(`false alarms: ${alarms.not_similar} of ${alarms.labelled} labelled top-tier hits not similar (${pct(alarms.share_not_similar)}); ${alarms.unlabelled.length} unlabelled`);
    const bySplit = (s: string) => pairs.filter((p) => p.split === s).length;
    const body = [
      `${pairs.length} decided pairs (${pairs.filter(heldSimilar).length} held similar, ${notSimilar.length} held not similar, ${pairs.filter(acceptableFlag).length} of them with the same text — "acceptable-flag"; ${pairs.filter(isMeaning).length} meaning pairs), split once by decision: ${bySplit('test')} test, ${bySplit('tune')} tune. Each earlier mark is searched for among ${records.length} marks (${euipoCount} real EUIPO marks plus the earlier mark of every pair). Recall@k: the earlier mark is in the first k hits of the later mark's search; MRR over the first ${DEPTH}. "default" is identical, fuzzy, embedded, lookalike; "all" is ${CHANNELS.join(', ')}; "trigram" ranks every mark by the Jaccard similarity of pg_trgm trigram sets (ties split evenly).`,
      '', '## Pairs held similar, per split', '', markdownTable(summary),
      '', '## Per kind', '', markdownTable(perKind),
      '', '## Trigram top-50 coverage of the candidates', '',
      `The share of a trigram-Jaccard scan's top 50 over all ${stored.length} stored marks (marks tied with the 50th count as interchangeable) that the index scores for the query: the candidate set before ranking (src/search/qgram.ts).`, '',
      markdownTable(coverageTable),
      '', '## Pairs held not similar in identical or near_identical with different letters', '',
      ...Object.entries(topTierWrong).map(([s, l]) => `- ${s}: ${l.length ? l.join('; ') : 'none'} (of ${notSimilar.length})`),
      '', '## False alarms', '',
      `${FALSE_ALARM_QUERIES} EUIPO marks drawn with seed 20261124, searched with all channels; every other mark in their identical, near_identical and similar tiers (first ${DEPTH} hits) looked up in data/similarity/false-alarm-labels.csv.`, '',
      markdownTable({ headers: ['tier', 'labelled hits', 'not similar', 'share'], rows: [...TOP_TIERS.map((t) => [t, alarms.by_tier[t]!.labelled, alarms.by_tier[t]!.not_similar, pct(alarms.by_tier[t]!.labelled ? alarms.by_tier[t]!.not_similar / alarms.by_tier[t]!.labelled : null)]), ['all three', alarms.labelled, alarms.not_similar, pct(alarms.share_not_similar)]] }),
      '', `${alarms.unlabelled.length} top-tier hits have no label yet (listed in bench/results/false-alarm-unlabelled.csv when there are any).`,
      '', '## Pairs held similar outside the top 10', '',
      ...Object.entries(misses).map(([s, l]) => `- ${s} (${l.length}): ${l.join('; ') || 'none'}`),
    ].join('\n');
    const { unlabelled: _u, ...alarmTotals } = alarms;
    const paths = writeReport({ name: 'eval-search', title: 'Search evaluation: decided pairs in 18,000 EUIPO marks', command: benchCommand('eval:search'), results: { overall, trigram_top50_coverage: coverageTable.rows, top_tier_not_similar: topTierWrong, false_alarms: alarmTotals, unlabelled: alarms.unlabelled.length, misses } }, body);
    console.log(`wrote ${paths.json} and ${paths.md}`);
  } finally {
    await ctx.store.close();
    rmSync(dir, { recursive: true, force: true });
  }
};

await main();

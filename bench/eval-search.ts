// Search evaluation (`npm run eval:search`): the decided pairs of data/similarity/pairs.csv, each
// earlier mark put among ~18,000 real EUIPO marks and each later mark searched. Reports recall@10,
// recall@20 and MRR per split (tune/test) and kind, for tm's channel sets and for a trigram-Jaccard
// full scan computed in the same run; the not-similar pairs that reach the top two tiers; and the
// false-alarm share on 600 seeded corpus queries in two draws, per half; and variant recall, copies of real marks
// in each copy family (issue 23).
//   --split tune|test|both   which pairs and false-alarm queries to run (default both). Develop on
//                            tune; look at test once a change is final (docs/search.md).
//   --label-pass             only list the top-tier hits that have no label yet
//                            (bench/results/false-alarm-unlabelled.csv), with no figures, so they
//                            can be labelled before anyone sees whether a change helps.
// Results: bench/results/eval-search[-tune|-test].{json,md}.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { trademarkId } from '../src/core/ids.js';
import { TmError } from '../src/errors.js';
import { searchTrademarks } from '../src/ops/search-trademarks.js';
import type { Channel } from '../src/search/analyze.js';
import { CHANNELS, DEFAULT_CHANNELS } from '../src/search/params.js';
import { trigramSet } from '../src/search/trigram.js';
import { corpusTexts, loadEuipo, openEvalStore } from './lib/eval-corpus.js';
import { acceptableFlag, heldSimilar, isMeaning, loadPairs, sameLetters, type Pair } from './lib/eval-pairs.js';
import { FA_SEED, FALSE_ALARM_QUERIES, falseAlarmQueries, labelKey, loadLabels, queryHalf, SECOND_DRAW, summarise, TOP_TIERS, type TopTierHit } from './lib/false-alarms.js';
import { benchCommand, consoleTable, markdownTable, resultsDir, writeReport, type Table } from './lib/results.js';
import { topCoverage, trigramRank } from './lib/trigram-baseline.js';
import { VARIANTS_PER_FAMILY, variantRecall, variantTable } from './lib/variant-eval.js';
import { sqliteDb } from '../src/store/sqlite/store.js';

/** Channel sets compared; `all` is what `tm search Q --all` turns on. */
const CHANNEL_SETS: Record<string, string | undefined> = { default: undefined, all: CHANNELS.join(',') };
const DEPTH = 20;
/** The near_identical families: one slip from the same mark (src/search/families.ts). */
const ONE_SLIP: readonly string[] = ['split_join', 'plural', 'one_edit', 'transposition'];

interface Metrics { n: number; recall_at_10: number | null; recall_at_20: number | null; mrr: number | null }
const metrics = (ranks: (number | null)[]): Metrics => {
  const n = ranks.length;
  if (!n) return { n, recall_at_10: null, recall_at_20: null, mrr: null };
  const within = (k: number) => ranks.filter((r) => r !== null && r <= k).length / n;
  return { n, recall_at_10: within(10), recall_at_20: within(20), mrr: ranks.reduce<number>((s, r) => s + (r !== null && r <= DEPTH ? 1 / r : 0), 0) / n };
};
const pct = (x: number | null) => (x === null ? '—' : `${(x * 100).toFixed(1)}%`);
const mrr = (x: number | null) => (x === null ? '—' : x.toFixed(3));

type Ctx = Parameters<typeof searchTrademarks.run>[0];
type SearchOut = Awaited<ReturnType<typeof searchTrademarks.run>>;
/** A query the operation refuses (under 2 characters, such as K+) finds nothing. */
const search = async (ctx: Ctx, q: string, similarity?: string): Promise<SearchOut['data']> => {
  try {
    return (await searchTrademarks.run(ctx, { q, limit: DEPTH, ...(similarity ? { similarity } : {}) })).data;
  } catch (e) {
    if (e instanceof TmError && e.type === 'validation_error') return [];
    throw e;
  }
};

const csvCell = (s: string) => `"${s.replace(/"/g, '""')}"`;

const main = async () => {
  const { values: args } = parseArgs({ options: { split: { type: 'string', default: 'both' }, 'label-pass': { type: 'boolean', default: false } } });
  if (!['tune', 'test', 'both'].includes(args.split!)) throw new Error(`--split must be tune, test or both, not ${args.split}`);
  const splits = (args.split === 'both' ? ['test', 'tune'] : [args.split]) as ('tune' | 'test')[];
  const pairs = loadPairs();
  const euipo = loadEuipo();
  const store = await openEvalStore(euipo, pairs);
  const { ctx } = store;
  try {
    // False alarms: seeded EUIPO marks (two draws) searched with every channel on, in the chosen halves.
    const sample = falseAlarmQueries(euipo.map((m, i) => ({ i, text: m[1] }))).filter((q) => splits.includes(queryHalf(q.text)));
    const topHits: (TopTierHit & { half: string; draw: string; reason: string })[] = [];
    for (const q of sample) {
      for (const h of await search(ctx, q.text, CHANNEL_SETS.all)) {
        const t = h.match?.tier ?? '';
        if (h.id !== trademarkId('EM', euipo[q.i]![0]) && (TOP_TIERS as readonly string[]).includes(t)) topHits.push({ query: q.text, hit: h.mark_text ?? '', tier: t, half: queryHalf(q.text), draw: q.draw, reason: h.match?.reason ?? '' });
      }
    }
    const labels = loadLabels();
    // The labelled top-tier hits held not similar, with the reason the judgement gave: what to look at.
    const wrongHits = topHits.filter((h) => labels.get(labelKey(h.query, h.hit)) === 'not_similar').map((h) => `${h.query} / ${h.hit} (${h.half}, ${h.draw} draw, ${h.tier}: ${h.reason})`);
    // Per half and draw: the first draw is the issue's measure, the second the larger evidence.
    const draws = ['first', 'second', 'both'] as const;
    const inDraw = (d: string) => (q: { draw: string }) => d === 'both' || q.draw === d;
    const alarms = Object.fromEntries(splits.flatMap((s) => draws.map((d) => [`${s} · ${d}`, summarise(topHits.filter((h) => h.half === s && inDraw(d)(h)), labels)])));
    const unlabelled = splits.flatMap((s) => alarms[`${s} · both`]!.unlabelled);
    const unlabelledFile = join(resultsDir, 'false-alarm-unlabelled.csv');
    if (unlabelled.length) writeFileSync(unlabelledFile, ['query,hit,tier', ...unlabelled.map((h) => [h.query, h.hit, h.tier].map(csvCell).join(','))].join('\n') + '\n');
    else rmSync(unlabelledFile, { force: true });
    if (args['label-pass']) {
      console.log(`${unlabelled.length} unlabelled top-tier hits written to ${unlabelledFile}`);
      return;
    }

    const chosen = (p: Pair) => splits.includes(p.split);
    // rank[set][i]: 1-based rank of pair i's earlier mark among the later mark's first DEPTH hits.
    const rank: Record<string, (number | null)[]> = {};
    const tier: Record<string, (string | null)[]> = {};
    const family: Record<string, (string | null)[]> = {};
    for (const [set, similarity] of Object.entries(CHANNEL_SETS)) {
      rank[set] = [];
      tier[set] = [];
      family[set] = [];
      for (const [i, p] of pairs.entries()) {
        const hits = chosen(p) ? await search(ctx, p.later, similarity) : [];
        const at = hits.findIndex((h) => h.id === trademarkId('US', `P${i}`));
        rank[set]!.push(at >= 0 ? at + 1 : null);
        tier[set]!.push(at >= 0 ? (hits[at]!.match?.tier ?? null) : null);
        family[set]!.push(at >= 0 ? (hits[at]!.match?.family ?? null) : null);
      }
    }
    const corpusTrigrams = corpusTexts(euipo, pairs).map(trigramSet);
    rank.trigram = pairs.map((p, i) => (chosen(p) ? trigramRank(p.later, corpusTrigrams, euipo.length + i) : null));
    const systems = [...Object.keys(CHANNEL_SETS), 'trigram'];

    const groups: [string, (p: Pair) => boolean][] = [
      ['textual', (p) => !isMeaning(p)],
      ['meaning', isMeaning],
      ['all kinds', () => true],
    ];
    const splitRows = (split: string) =>
      groups.map(([name, pick]) => {
        const idx = pairs.flatMap((p, i) => (heldSimilar(p) && pick(p) && p.split === split ? [i] : []));
        return { split, group: name, by: Object.fromEntries(systems.map((s) => [s, metrics(idx.map((i) => rank[s]![i]!))])) as Record<string, Metrics> };
      });
    const overall = splits.flatMap(splitRows);
    const summary: Table = {
      headers: ['split', 'pairs held similar', ...systems.flatMap((s) => [`${s} R@10`, `${s} R@20`, `${s} MRR`])],
      rows: overall.map((r) => [`${r.split} · ${r.group}`, r.by[systems[0]!]!.n, ...systems.flatMap((s) => [pct(r.by[s]!.recall_at_10), pct(r.by[s]!.recall_at_20), mrr(r.by[s]!.mrr)])]),
    };
    const kinds = [...new Set(pairs.map((p) => p.kind))].sort();
    const perKind: Table = {
      headers: ['kind', 'split', 'held similar', ...systems.map((s) => `${s} R@10 / R@20 / MRR`)],
      rows: kinds.flatMap((kind) =>
        splits.flatMap((split) => {
          const idx = pairs.flatMap((p, i) => (p.kind === kind && p.split === split && heldSimilar(p) ? [i] : []));
          if (!idx.length) return [];
          return [[kind, split, idx.length, ...systems.map((s) => { const m = metrics(idx.map((i) => rank[s]![i]!)); return `${pct(m.recall_at_10)} / ${pct(m.recall_at_20)} / ${mrr(m.mrr)}`; })]];
        }),
      ),
    };
    // Pairs held not similar in identical/near_identical although their letters differ. One slip
    // apart (a split or joined word, a plural, one edit, a swap) is near_identical by the issue's
    // definition, so those are listed apart; any other pair there is an error and must be none.
    const topTwo = (s: string, slip: boolean) => pairs.flatMap((p, i) => (chosen(p) && !heldSimilar(p) && !sameLetters(p) && ['identical', 'near_identical'].includes(tier[s]![i] ?? '') && ONE_SLIP.includes(family[s]![i] ?? '') === slip ? [`${p.later} / ${p.earlier}`] : []));
    const topTierWrong = Object.fromEntries(Object.keys(CHANNEL_SETS).map((s) => [s, topTwo(s, false)]));
    const topTierSlip = Object.fromEntries(Object.keys(CHANNEL_SETS).map((s) => [s, topTwo(s, true)]));
    const notSimilar = pairs.filter((p) => chosen(p) && !heldSimilar(p));
    const misses = Object.fromEntries(Object.keys(CHANNEL_SETS).map((s) => [s, pairs.flatMap((p, i) => (chosen(p) && heldSimilar(p) && (rank[s]![i] ?? 99) > 10 ? [`${p.later} -> ${p.earlier} (${p.kind}, ${p.split}${rank[s]![i] ? `, rank ${rank[s]![i]}` : ''})`] : []))]));
    const alarmTable: Table = {
      headers: ['half', 'draw', 'queries', 'tier', 'labelled hits', 'not similar', 'share'],
      rows: splits.flatMap((s) =>
        draws.flatMap((d) => {
          const a = alarms[`${s} · ${d}`]!;
          const n = sample.filter((q) => queryHalf(q.text) === s && inDraw(d)(q)).length;
          return [...TOP_TIERS.map((t) => [s, d, n, t, a.by_tier[t]!.labelled, a.by_tier[t]!.not_similar, pct(a.by_tier[t]!.labelled ? a.by_tier[t]!.not_similar / a.by_tier[t]!.labelled : null)]), [s, d, n, 'all three', a.labelled, a.not_similar, pct(a.share_not_similar)]];
        }),
      ),
    };

    // Candidate coverage: the share of a trigram scan's top 50 over the whole store that the
    // index's scored candidates hold, per channel set, for the pairs' later marks and the corpus queries.
    const stored = sqliteDb(ctx.store).prepare('SELECT mid, folded FROM search_mark ORDER BY mid').raw().all() as [number, string][];
    const storedSets = stored.map((r) => trigramSet(r[1]));
    const storedIds = stored.map((r) => r[0]);
    const coverageSets: Record<string, Channel[]> = { default: DEFAULT_CHANNELS, all: [...CHANNELS] };
    const coverage = async (queries: readonly string[], channels: Channel[]): Promise<string> => {
      const shares: number[] = [];
      for (const q of queries) {
        const c = topCoverage(q, storedSets, storedIds, new Set(await ctx.index.candidates(q, new Set(channels))));
        if (c !== null) shares.push(c);
      }
      const n = Math.max(1, shares.length);
      return `${pct(shares.reduce((a, b) => a + b, 0) / n)} (${pct(shares.filter((x) => x === 1).length / n)} of ${shares.length} complete)`;
    };
    const coverageQueries: [string, string[]][] = [
      ...splits.map((s): [string, string[]] => [`${s} pairs (later marks)`, pairs.filter((p) => p.split === s).map((p) => p.later)]),
      ['corpus queries (false-alarm first draw)', sample.filter((q) => q.draw === 'first').map((q) => q.text)],
    ];
    const coverageTable: Table = { headers: ['queries', ...Object.keys(coverageSets).map((s) => `${s}: mean coverage (queries fully covered)`)], rows: [] };
    for (const [label, qs] of coverageQueries) {
      const row: string[] = [label];
      for (const channels of Object.values(coverageSets)) row.push(await coverage(qs, channels));
      coverageTable.rows.push(row);
    }

    // Variant recall: copies of real EUIPO marks in every family (bench/lib/variant-eval.ts).
    const variantRows = await variantRecall(ctx, euipo, splits, VARIANTS_PER_FAMILY);
    const variants = variantTable(variantRows);

    console.log(consoleTable(summary));
    console.log(consoleTable(variants));
    console.log(consoleTable(perKind));
    console.log(consoleTable(coverageTable));
    console.log('not-similar pairs in the top two tiers with different letters, beyond one slip (must be none):', topTierWrong);
    console.log('not-similar pairs one slip apart (near_identical by definition):', topTierSlip);
    console.log(consoleTable(alarmTable));
    console.log(`${unlabelled.length} unlabelled top-tier hits`);
    console.log('labelled not similar:', wrongHits);
    const bySplit = (s: string) => pairs.filter((p) => p.split === s).length;
    const body = [
      `Split run: ${splits.join(' and ')}. ${pairs.length} decided pairs (${pairs.filter(heldSimilar).length} held similar, ${pairs.filter((p) => !heldSimilar(p)).length} held not similar, ${pairs.filter(acceptableFlag).length} of them with the same text — "acceptable-flag"; ${pairs.filter(isMeaning).length} meaning pairs), split once by decision: ${bySplit('test')} test, ${bySplit('tune')} tune. Each earlier mark is searched for among ${corpusTrigrams.length} marks (${euipo.length} real EUIPO marks plus the earlier mark of every pair). Recall@k: the earlier mark is in the first k hits of the later mark's search; MRR over the first ${DEPTH}. "default" is identical, fuzzy, embedded, lookalike; "all" is ${CHANNELS.join(', ')}; "trigram" ranks every mark by the Jaccard similarity of pg_trgm trigram sets (ties split evenly).`,
      '', '## Pairs held similar, per split', '', markdownTable(summary),
      '', '## Variant recall', '',
      `Copies of real EUIPO marks in each family of src/search/families.ts (bench/lib/variants.ts), up to ${VARIANTS_PER_FAMILY} per family and half (the marks split by a SHA-1 of their text), each searched for among the same store. Recall@10: a filing of the copied mark is in the first 10 hits; "similar or closer": its hit is tiered identical, near_identical or similar; "at its own tier": the tier the family is meant to reach. \`npm run eval:judgement\` gives more.`, '',
      markdownTable(variants),
      '', '## Per kind', '', markdownTable(perKind),
      '', '## Trigram top-50 coverage of the candidates', '',
      `The share of a trigram-Jaccard scan's top 50 over all ${stored.length} stored marks (marks tied with the 50th count as interchangeable) that the index scores for the query: the candidate set before ranking (src/search/qgram.ts).`, '',
      markdownTable(coverageTable),
      '', '## Pairs held not similar in identical or near_identical with different letters', '',
      'Beyond one slip (must be none):', '',
      ...Object.entries(topTierWrong).map(([s, l]) => `- ${s}: ${l.length ? l.join('; ') : 'none'} (of ${notSimilar.length})`),
      '', 'One slip apart, near_identical by the issue\'s definition (a split or joined word, a plural, one edit, a swap) though a tribunal held them not similar (docs/search.md says why they stay there):', '',
      ...Object.entries(topTierSlip).map(([s, l]) => `- ${s} (${l.length}): ${l.length ? l.join('; ') : 'none'}`),
      '', '## False alarms', '',
      `${FALSE_ALARM_QUERIES} EUIPO marks drawn with seed ${FA_SEED} (the first draw, the issue's measure) and ${SECOND_DRAW.queries} others with seed ${SECOND_DRAW.seed} (the second draw, docs/search.md), split into halves by a SHA-1 of their text (tune chooses the tier cut-offs, test reports), searched with all channels; every other mark in their identical, near_identical and similar tiers (first ${DEPTH} hits) looked up in data/similarity/false-alarm-labels.csv.`, '',
      markdownTable(alarmTable),
      '', `${unlabelled.length} top-tier hits have no label yet (listed in bench/results/false-alarm-unlabelled.csv when there are any).`,
      '', 'Labelled not similar, with the reason the judgement gave:', '', ...wrongHits.map((h) => `- ${h}`),
      '', '## Pairs held similar outside the top 10', '',
      ...Object.entries(misses).map(([s, l]) => `- ${s} (${l.length}): ${l.join('; ') || 'none'}`),
    ].join('\n');
    const alarmTotals = Object.fromEntries(Object.entries(alarms).map(([s, { unlabelled: u, ...rest }]) => [s, { ...rest, unlabelled: u.length }]));
    const name = args.split === 'both' ? 'eval-search' : `eval-search-${args.split}`;
    const paths = writeReport({ name, title: `Search evaluation: decided pairs in 18,000 EUIPO marks (${splits.join(' and ')})`, command: benchCommand('eval:search'), results: { overall, variants: variantRows.map(({ misses: _m, ...r }) => r), trigram_top50_coverage: coverageTable.rows, top_tier_not_similar: topTierWrong, top_tier_not_similar_one_slip: topTierSlip, false_alarms: alarmTotals, misses } }, body);
    console.log(`wrote ${paths.json} and ${paths.md}`);
  } finally {
    await store.close();
  }
};

await main();

// Judgement evaluation (`npm run eval:judgement`, issue 23): the one judgement of src/search/judge.ts
// measured as a searcher means it.
//   1. Variant recall: copies of real EUIPO marks in every family (bench/lib/variants.ts) searched
//      among the ~18,000 marks; recall@10, tiered `similar` or closer, at the family's own tier.
//   2. The decided pairs (data/similarity/pairs.csv): the tier each pair gets, judged on its own
//      (default channels), for the pairs held similar and held not similar.
//   3. Surfaces: compare, the search hit, the screening hit and a watch's diagnostics, on generated
//      pairs in the evaluation store: the share on which all agree.
//   4. Channels: over the variants and random channel sets, how often adding a channel lowered a
//      score or a tier (must be never).
//   --split tune|test|both   which halves (default both). Results: bench/results/eval-judgement.{json,md}.
import { parseArgs } from 'node:util';
import type { MatchTier } from '../src/core/schemas/trademark.js';
import { trademarkId } from '../src/core/ids.js';
import { analyze, type Channel } from '../src/search/analyze.js';
import { judge } from '../src/search/judge.js';
import { CHANNELS, DEFAULT_CHANNELS } from '../src/search/params.js';
import { fold } from '../src/search/normalize.js';
import { loadEuipo, openEvalStore } from './lib/eval-corpus.js';
import { heldSimilar, isMeaning, loadPairs } from './lib/eval-pairs.js';
import { benchCommand, consoleTable, markdownTable, writeReport, type Table } from './lib/results.js';
import { agree, readSurfaces } from './lib/surfaces.js';
import { halfVariants, variantRecall, variantTable } from './lib/variant-eval.js';
import { rng } from './lib/variants.js';

const PER_FAMILY = 100;
const SURFACE_PAIRS = 200;
const RANK: Record<MatchTier, number> = { identical: 0, near_identical: 1, similar: 2, related: 3 };
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;


const main = async () => {
  const { values: args } = parseArgs({ options: { split: { type: 'string', default: 'both' } } });
  if (!['tune', 'test', 'both'].includes(args.split!)) throw new Error(`--split must be tune, test or both, not ${args.split}`);
  const splits = (args.split === 'both' ? ['test', 'tune'] : [args.split]) as ('tune' | 'test')[];
  const pairs = loadPairs();
  const euipo = loadEuipo();
  const started = Date.now();

  // 2. Decided pairs, judged on their own.
  const DEFAULT = new Set<Channel>(DEFAULT_CHANNELS);
  const tierRows: Table = { headers: ['split', 'held', 'pairs', 'identical', 'near_identical', 'similar', 'related', 'no hit', 'similar or closer'], rows: [] };
  const decided: Record<string, { similar_or_closer: number; n: number }> = {};
  for (const split of splits) {
    for (const held of ['similar', 'not similar'] as const) {
      const of = pairs.filter((p) => p.split === split && !isMeaning(p) && heldSimilar(p) === (held === 'similar'));
      const tiers = of.map((p) => judge(analyze(p.later), analyze(p.earlier), DEFAULT)?.tier ?? null);
      const count = (t: MatchTier | null) => tiers.filter((x) => x === t).length;
      const close = tiers.filter((t) => t && RANK[t] <= RANK.similar).length;
      decided[`${split} ${held}`] = { similar_or_closer: close / of.length, n: of.length };
      tierRows.rows.push([split, held, of.length, count('identical'), count('near_identical'), count('similar'), count('related'), count(null), pct(close / of.length)]);
    }
  }

  // 4. Channels: a random channel set and one more channel, on every variant.
  const variants = splits.flatMap((s) => halfVariants(euipo, s, PER_FAMILY));
  const r = rng(4);
  let checked = 0;
  const lowered: string[] = [];
  for (const v of variants) {
    const small = new Set<Channel>(CHANNELS.filter(() => r() < 0.5));
    if (!small.size) small.add('identical');
    const big = new Set<Channel>([...small, CHANNELS[Math.floor(r() * CHANNELS.length)]!]);
    const [a, b] = [judge(analyze(v.later), analyze(v.earlier), small), judge(analyze(v.later), analyze(v.earlier), big)];
    if (!a) continue;
    checked++;
    if (!b || b.score < a.score || RANK[b.tier] > RANK[a.tier]) lowered.push(`${v.later} / ${v.earlier}: ${[...small].join(',')} -> ${[...big].join(',')}`);
  }

  const store = await openEvalStore(euipo, pairs);
  try {
    // 1. Variant recall in the store.
    const rows = await variantRecall(store.ctx, euipo, splits, PER_FAMILY);
    // 3. Surfaces, on the first SURFACE_PAIRS variants spread over the families.
    const org = { ...store.ctx, org: { id: 'org_eval', name: 'Eval', livemode: true } };
    const idOf = new Map(euipo.map(([n, text]) => [fold(text), trademarkId('EM', n)]));
    // compare takes marks of up to 200 characters (a few EUIPO marks are longer).
    const fits = variants.filter((v) => v.later.length <= 200 && v.earlier.length <= 200);
    const sample = fits.filter((_, i) => i % Math.max(1, Math.floor(fits.length / SURFACE_PAIRS)) === 0).slice(0, SURFACE_PAIRS);
    let agreed = 0;
    let complete = 0;
    const disagreements: string[] = [];
    for (const v of sample) {
      const read = await readSurfaces(org, v.later, v.earlier, idOf.get(fold(v.earlier))!);
      if (agree(read)) agreed++;
      else disagreements.push(`${v.later} / ${v.earlier}: ${JSON.stringify(read)}`);
      if (read.search && read.screening && read.watch && read.compare.tier) complete++;
    }
    const seconds = Math.round((Date.now() - started) / 1000);

    const vt = variantTable(rows);
    console.log(consoleTable(vt));
    console.log(consoleTable(tierRows));
    console.log(`surfaces: ${agreed} of ${sample.length} agree (${complete} read on all four); channels: ${lowered.length} of ${checked} lowered`);
    const body = [
      `Split run: ${splits.join(' and ')}. ${seconds} s.`,
      '', '## Variant recall', '',
      `Copies of real EUIPO marks (bench/lib/variants.ts, seed in bench/lib/variant-eval.ts), up to ${PER_FAMILY} per family and half, each searched for among the ${euipo.length} EUIPO marks and the ${pairs.length} decided earlier marks of the evaluation store (default channels; the sound families with \`phonetic\` alone too). Recall@10: a filing of the copied mark is in the first 10 hits. "Similar or closer": its hit is tiered identical, near_identical or similar. "At its own tier": the tier the family is meant to reach (same_text identical; split_join, plural, one_edit, transposition near_identical; the rest similar). The halves split the marks by a SHA-1 of their text.`, '',
      markdownTable(vt),
      '', '## Decided pairs, judged on their own', '',
      'Textual pairs of data/similarity/pairs.csv (meaning pairs left out), each later mark judged against its earlier mark on the default channels, whatever the rest of the store.', '',
      markdownTable(tierRows),
      '', '## Surfaces', '',
      `${agreed} of ${sample.length} generated pairs read the same on compare, the search hit, the screening hit and a similarity watch's diagnostics (${complete} of them hits on all four; a surface that did not list the mark, or listed it as a row below the related floor where the judgement found no hit, counts as agreeing).`,
      ...disagreements.map((d) => `- ${d}`),
      '', '## Channels', '',
      `${lowered.length} of ${checked} judgements were lowered (score or tier) by adding one channel to a random channel set.`,
      ...lowered.slice(0, 20).map((d) => `- ${d}`),
    ].join('\n');
    const name = args.split === 'both' ? 'eval-judgement' : `eval-judgement-${args.split}`;
    const paths = writeReport({ name, title: `Judgement evaluation: copy families, decided pairs, surfaces (${splits.join(' and ')})`, command: benchCommand('eval:judgement'), results: { variants: rows, decided, surfaces: { pairs: sample.length, agreed, complete }, channels: { checked, lowered: lowered.length } } }, body);
    console.log(`wrote ${paths.json} and ${paths.md}`);
  } finally {
    await store.close();
  }
};

await main();

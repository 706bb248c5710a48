// Search evaluation (`npm run eval:search`): labelled word-mark pairs from public decisions
// (data/similarity/*.csv), each earlier mark put into a corpus of ~18,000 real EUIPO marks, each
// later mark searched. Reports recall@10 per kind for pairs held similar and how often a pair held
// not similar lands in the identical/near_identical tiers. Results: bench/results/eval-search.*
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { createContext } from '../src/context.js';
import { trademarkId } from '../src/core/ids.js';
import { emptyRecord } from '../src/core/empty-record.js';
import type { TrademarkRecord } from '../src/core/schemas/trademark.js';
import { searchTrademarks } from '../src/ops/search-trademarks.js';
import type { Channel } from '../src/search/analyze.js';
import { DEFAULT_CHANNELS } from '../src/search/params.js';
import { benchCommand, consoleTable, markdownTable, repoRoot, writeReport, type Table } from './lib/results.js';

interface Pair {
  earlier: string;
  later: string;
  similar: boolean;
  /** Held not similar for reasons outside the text (goods, weakness) while the texts match. */
  acceptableFlag: boolean;
  kind: string;
  citation: string;
  file: string;
}

/** Minimal CSV: quoted fields with doubled quotes, no newlines inside fields. */
const parseCsv = (text: string): Record<string, string>[] => {
  const lines = text.trim().split(/\r?\n/);
  const split = (line: string): string[] => {
    const out: string[] = [];
    let cur = '';
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const c = line[i]!;
      if (quoted && c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') quoted = !quoted;
      else if (c === ',' && !quoted) {
        out.push(cur);
        cur = '';
      } else cur += c;
    }
    out.push(cur);
    return out;
  };
  const headers = split(lines[0]!);
  return lines.slice(1).map((l) => Object.fromEntries(split(l).map((v, i) => [headers[i], v])));
};

const loadPairs = (): Pair[] => {
  const dir = join(repoRoot, 'data', 'similarity');
  const bench = parseCsv(readFileSync(join(dir, 'tm-benchmark-pairs.csv'), 'utf8')).map((r) => ({
    earlier: r.mark1!,
    later: r.mark2!,
    similar: r.confusion_found === 'yes',
    acceptableFlag: r.matcher_should_flag === 'acceptable-flag',
    kind: r.test_class!,
    citation: r.citation!,
    file: 'tm-benchmark-pairs.csv',
  }));
  const decided = parseCsv(readFileSync(join(dir, 'decided-pairs.csv'), 'utf8')).map((r) => ({
    earlier: r.earlier!,
    later: r.later!,
    similar: r.outcome === 'similar',
    acceptableFlag: r.flag === 'acceptable-flag',
    kind: r.kind!,
    citation: r.citation!,
    file: 'decided-pairs.csv',
  }));
  return [...bench, ...decided];
};

const record = (office: string, number: string, text: string, filed: string | null): TrademarkRecord => ({
  ...emptyRecord(office, number, 'eval'),
  mark_text: text,
  mark_type: 'word',
  status: { primary: 'active', stage: 'registered', reason: null, challenges: [], effective_date: null, basis: 'office', raw: null },
  filing_date: filed,
  source_date: '2026-01-01',
});

const CHANNEL_SETS: Record<string, string | undefined> = { default: undefined, all: 'identical,fuzzy,embedded,phonetic,lookalike' };

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

    type Outcome = { rank: number | null; tier: string | null; topTierDistractors: number };
    const outcomes: Record<string, Outcome[]> = {};
    for (const [set, similarity] of Object.entries(CHANNEL_SETS)) {
      outcomes[set] = [];
      for (const [i, p] of pairs.entries()) {
        const target = trademarkId('US', `P${i}`);
        const out = await searchTrademarks.run(ctx, { q: p.later, limit: 10, ...(similarity ? { similarity } : {}) });
        const at = out.data.findIndex((h) => h.id === target);
        const distractors = out.data.filter((h) => h.id !== target && h.office_code === 'EM' && (h.match?.tier === 'identical' || h.match?.tier === 'near_identical'));
        outcomes[set]!.push({ rank: at >= 0 ? at + 1 : null, tier: at >= 0 ? (out.data[at]!.match?.tier ?? null) : null, topTierDistractors: distractors.length });
      }
    }

    const kinds = [...new Set(pairs.map((p) => p.kind))].sort();
    const perKind = kinds.map((kind) => {
      const idx = pairs.flatMap((p, i) => (p.kind === kind ? [i] : []));
      const sim = idx.filter((i) => pairs[i]!.similar);
      const not = idx.filter((i) => !pairs[i]!.similar && !pairs[i]!.acceptableFlag);
      const recall = (set: string) => (sim.length ? sim.filter((i) => outcomes[set]![i]!.rank !== null).length / sim.length : null);
      const topTier = (set: string) => not.filter((i) => ['identical', 'near_identical'].includes(outcomes[set]![i]!.tier ?? '')).length;
      return { kind, similar: sim.length, not_similar: not.length, recall_at_10_default: recall('default'), recall_at_10_all: recall('all'), not_similar_in_top_tiers_default: topTier('default'), not_similar_in_top_tiers_all: topTier('all') };
    });
    const simIdx = pairs.flatMap((p, i) => (p.similar ? [i] : []));
    const notIdx = pairs.flatMap((p, i) => (!p.similar && !p.acceptableFlag ? [i] : []));
    const flagIdx = pairs.flatMap((p, i) => (p.acceptableFlag ? [i] : []));
    const overall = Object.fromEntries(
      Object.keys(CHANNEL_SETS).map((set) => {
        const o = outcomes[set]!;
        return [
          set,
          {
            recall_at_10: simIdx.filter((i) => o[i]!.rank !== null).length / simIdx.length,
            recall_at_1: simIdx.filter((i) => o[i]!.rank === 1).length / simIdx.length,
            not_similar_in_top_tiers: notIdx.filter((i) => ['identical', 'near_identical'].includes(o[i]!.tier ?? '')).length,
            not_similar_found_in_top_10: notIdx.filter((i) => o[i]!.rank !== null).length,
            acceptable_flag_in_top_tiers: flagIdx.filter((i) => ['identical', 'near_identical'].includes(o[i]!.tier ?? '')).length,
            queries_with_distractors_in_top_tiers: o.filter((x) => x.topTierDistractors > 0).length,
            similar_hits_by_tier: Object.fromEntries(['identical', 'near_identical', 'similar', 'related'].map((t) => [t, simIdx.filter((i) => o[i]!.tier === t).length])),
          },
        ];
      }),
    );
    // Where a missed earlier mark ended up: its rank and score among all hits, or not a hit at all.
    const explain = async (set: string, i: number): Promise<string> => {
      const p = pairs[i]!;
      const channels = new Set((CHANNEL_SETS[set] ?? DEFAULT_CHANNELS.join(',')).split(',') as Channel[]);
      const all = await ctx.index.search(p.later, channels, {}, 'relevance', Infinity);
      const at = all.findIndex((h) => h.trademarkId === trademarkId('US', `P${i}`));
      const where = at < 0 ? 'not a hit' : `rank ${at + 1}, score ${all[at]!.scored.score}, tier ${all[at]!.scored.tier}; #10 scores ${all[9]?.scored.score ?? '—'}`;
      return `${p.later} -> ${p.earlier} (${p.kind}; ${where})`;
    };
    const misses: Record<string, string[]> = {};
    for (const set of Object.keys(CHANNEL_SETS)) {
      misses[set] = [];
      for (const i of simIdx) if (outcomes[set]![i]!.rank === null) misses[set]!.push(await explain(set, i));
    }
    const pct = (x: number | null) => (x === null ? '—' : `${(x * 100).toFixed(1)}%`);
    const table: Table = {
      headers: ['kind', 'similar', 'not similar', 'recall@10 default', 'recall@10 all five', 'not-similar in top tiers (default/all)'],
      rows: perKind.map((k) => [k.kind, k.similar, k.not_similar, pct(k.recall_at_10_default), pct(k.recall_at_10_all), `${k.not_similar_in_top_tiers_default}/${k.not_similar_in_top_tiers_all}`]),
    };
    const summary: Table = {
      headers: ['channels', 'recall@10', 'recall@1', 'not-similar in top two tiers', 'acceptable-flag in top two tiers', 'queries with a distractor in top two tiers'],
      rows: Object.entries(overall).map(([set, o]) => [set, pct(o.recall_at_10), pct(o.recall_at_1), `${o.not_similar_in_top_tiers} of ${notIdx.length}`, `${o.acceptable_flag_in_top_tiers} of ${flagIdx.length}`, `${o.queries_with_distractors_in_top_tiers} of ${pairs.length}`]),
    };
    console.log(consoleTable(summary));
    console.log(consoleTable(table));
    console.log('misses (default):', misses.default);
    console.log('misses (all):', misses.all);
    const body = [
      `${pairs.length} labelled pairs (${simIdx.length} held similar, ${notIdx.length} held not similar on the text, ${flagIdx.length} held not similar for reasons outside the text — "acceptable-flag"), searched among ${records.length} marks (${euipo.marks.length} real EUIPO marks plus the earlier mark of every pair). A pair counts as found when its earlier mark is in the first 10 hits of the later mark's search. Default channels: identical, fuzzy, embedded, lookalike; "all five" adds phonetic.`,
      '',
      '## Overall',
      '',
      markdownTable(summary),
      '',
      '## Per kind',
      '',
      markdownTable(table),
      '',
      '## Pairs held similar that were not in the top 10',
      '',
      ...Object.entries(misses).map(([set, list]) => `- ${set}: ${list.length ? list.join('; ') : 'none'}`),
    ].join('\n');
    const paths = writeReport({ name: 'eval-search', title: 'Search evaluation: decided pairs in 18,000 EUIPO marks', command: benchCommand('eval:search'), results: { overall, per_kind: perKind, misses, pairs: pairs.length } }, body);
    console.log(`wrote ${paths.json} and ${paths.md}`);
  } finally {
    await ctx.store.close();
    rmSync(dir, { recursive: true, force: true });
  }
};

await main();

// Risk calibration (`npm run eval:risk`): the screening risk model's text floor, crowding factor and
// level cut-offs, chosen on the tune split of the decided pairs (data/similarity/pairs.csv) and
// reported on the test split beside a trigram-Jaccard baseline whose cut-off is chosen the same way.
// Each later mark is screened as `tm clear` does (search_trademarks, all channels, one page of 100)
// among ~18,000 real EUIPO marks plus every pair's earlier mark; the earlier mark's hit gives the
// text score, its tier and whether its matched term is crowded among the page. Goods are taken as
// the same class and the earlier mark as live (factors 1): decided pairs turn on the marks.
import { trademarkId } from '../src/core/ids.js';
import { CALIBRATION, crowdedTerms, levelOf, riskScore, type Calibration, type RiskParts } from '../src/clearance/risk.js';
import { searchTrademarks } from '../src/ops/search-trademarks.js';
import { CHANNELS } from '../src/search/params.js';
import { jaccard, trigramSet } from '../src/search/trigram.js';
import { loadEuipo, openEvalStore } from './lib/eval-corpus.js';
import { acceptableFlag, heldSimilar, loadPairs, type Pair } from './lib/eval-pairs.js';
import { benchCommand, consoleTable, markdownTable, writeReport, type Table } from './lib/results.js';

const PAGE = 100;
/** The model before calibration, set by hand (the first clearance release): the comparison row. */
const HAND_SET: Calibration = { textFloor: 0, crowdFactor: 0.8, crowdHits: 5, cuts: { high: 0.6, medium: 0.4, low: 0.2 } };
const GRID = {
  textFloor: [0, 0.3, 0.4, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8],
  crowdFactor: [0.5, 0.6, 0.7, 0.8, 0.9, 1],
  crowdHits: [3, 5, 10],
};
/** Precision the high level must reach on tune; recall the low level must keep. */
const HIGH_PRECISION = 0.9;
const LOW_RECALL = 0.95;

interface Case {
  pair: Pair;
  similar: boolean;
  hit: { text: number; identical: boolean; terms: string[]; counts: Map<string, number> } | null;
}
const partsOf = (c: Case, cal: Calibration): RiskParts => ({
  text: c.hit?.text ?? 0,
  goods: 1,
  status: 1,
  owner: 1,
  identical: c.hit?.identical ?? false,
  crowded: !!c.hit && crowdedTerms(c.hit.terms, c.hit.counts, cal).length > 0,
  floor: null,
});

interface Rates { n: number; similar: number; tpr: number; tnr: number; balanced: number }
/** Pairs scored at or over `cut` are called similar. */
const rates = (scored: { s: number; similar: boolean }[], cut: number): Rates => {
  const pos = scored.filter((x) => x.similar);
  const neg = scored.filter((x) => !x.similar);
  const tpr = pos.filter((x) => x.s >= cut).length / Math.max(1, pos.length);
  const tnr = neg.filter((x) => x.s < cut).length / Math.max(1, neg.length);
  return { n: scored.length, similar: pos.length, tpr, tnr, balanced: (tpr + tnr) / 2 };
};
const candidates = (scored: { s: number }[]) => [...new Set(scored.map((x) => x.s).filter((s) => s > 0))].sort((a, b) => a - b);
/** The cut that best separates held-similar from not-similar pairs (balanced accuracy); lowest wins ties. */
const bestCut = (scored: { s: number; similar: boolean }[]) =>
  candidates(scored).reduce((best, cut) => (rates(scored, cut).balanced > best.r.balanced ? { cut, r: rates(scored, cut) } : best), { cut: 1, r: rates(scored, 1.01) });
const precisionAt = (scored: { s: number; similar: boolean }[], cut: number) => {
  const over = scored.filter((x) => x.s >= cut);
  return { n: over.length, precision: over.length ? over.filter((x) => x.similar).length / over.length : null };
};

/** Every grid point on tune: the medium cut at the best balanced accuracy, then high and low from it. */
const choose = (tune: Case[]) => {
  let best: { cal: Calibration; balanced: number; distance: number } | null = null;
  for (const textFloor of GRID.textFloor)
    for (const crowdFactor of GRID.crowdFactor)
      for (const crowdHits of GRID.crowdHits) {
        const cal = { textFloor, crowdFactor, crowdHits, cuts: HAND_SET.cuts };
        const scored = tune.map((c) => ({ s: riskScore(partsOf(c, cal), cal), similar: c.similar }));
        const { cut: medium, r } = bestCut(scored);
        const cuts = candidates(scored);
        const high = cuts.find((cut) => cut >= medium && (precisionAt(scored, cut).precision ?? 0) >= HIGH_PRECISION && precisionAt(scored, cut).n >= 5) ?? Math.round(Math.min(1, medium + 0.2) * 1000) / 1000;
        const low = [...cuts].reverse().find((cut) => cut <= medium && rates(scored, cut).tpr >= LOW_RECALL) ?? cuts[0] ?? medium;
        // Ties go to the point closest to the hand-set model, so nothing changes without a gain.
        const distance = Math.abs(textFloor - HAND_SET.textFloor) + Math.abs(crowdFactor - HAND_SET.crowdFactor) + Math.abs(crowdHits - HAND_SET.crowdHits) / 10;
        if (!best || r.balanced > best.balanced + 1e-9 || (Math.abs(r.balanced - best.balanced) < 1e-9 && distance < best.distance))
          best = { cal: { textFloor, crowdFactor, crowdHits, cuts: { high, medium, low } }, balanced: r.balanced, distance };
      }
  return best!.cal;
};

const main = async () => {
  const all = loadPairs();
  const pairs = all.filter((p) => !acceptableFlag(p));
  const euipo = loadEuipo();
  const store = await openEvalStore(euipo, all);
  const cases: Case[] = [];
  try {
    for (const pair of pairs) {
      const i = all.indexOf(pair);
      let found: Awaited<ReturnType<typeof searchTrademarks.run>>['data'] = [];
      try {
        found = (await searchTrademarks.run(store.ctx, searchTrademarks.input.parse({ q: pair.later, similarity: CHANNELS.join(','), include: 'match_details', limit: PAGE }))).data;
      } catch {
        found = []; // a query search refuses (under 2 characters) screens nothing
      }
      const counts = new Map<string, number>();
      for (const h of found) for (const t of h.match?.terms ?? []) counts.set(t, (counts.get(t) ?? 0) + 1);
      const row = found.find((h) => h.id === trademarkId('US', `P${i}`));
      const tier = row?.match?.tier ?? '';
      cases.push({ pair, similar: heldSimilar(pair), hit: row ? { text: (row.relevance_score ?? 0) / 100, identical: tier === 'identical' || tier === 'near_identical', terms: row.match?.terms ?? [], counts } : null });
    }
  } finally {
    await store.close();
  }
  const tune = cases.filter((c) => c.pair.split === 'tune');
  const test = cases.filter((c) => c.pair.split === 'test');
  const chosen = choose(tune);

  const systems: [string, (c: Case) => number, Record<string, number>][] = [
    ['risk model, hand-set (before)', (c) => riskScore(partsOf(c, HAND_SET), HAND_SET), HAND_SET.cuts],
    ['risk model, calibrated', (c) => riskScore(partsOf(c, chosen), chosen), chosen.cuts],
  ];
  const tri = (c: Case) => jaccard(trigramSet(c.pair.later), trigramSet(c.pair.earlier));
  const triCut = bestCut(tune.map((c) => ({ s: tri(c), similar: c.similar }))).cut;
  systems.push(['trigram Jaccard baseline', tri, { medium: triCut }]);

  const pct = (x: number | null) => (x === null ? '—' : x.toFixed(3));
  const results: Record<string, unknown>[] = [];
  for (const [name, score, cuts] of systems)
    for (const [split, list] of [['tune', tune], ['test', test]] as const) {
      const scored = list.map((c) => ({ s: score(c), similar: c.similar }));
      const mid = rates(scored, cuts.medium!);
      const high = cuts.high === undefined ? null : precisionAt(scored, cuts.high);
      const low = cuts.low === undefined ? null : rates(scored, cuts.low);
      const levels = cuts.high === undefined ? null : Object.fromEntries(['high', 'medium', 'low', 'minimal'].map((l) => [l, list.filter((c) => levelOf(score(c), cuts as Calibration['cuts']) === l).map((c) => c.similar).reduce((a, s) => ({ similar: a.similar + (s ? 1 : 0), not: a.not + (s ? 0 : 1) }), { similar: 0, not: 0 })]));
      results.push({ system: name, split, pairs: mid.n, held_similar: mid.similar, medium_or_more: { tpr: mid.tpr, tnr: mid.tnr, balanced: mid.balanced }, high: high && { n: high.n, precision: high.precision }, low_or_more_recall: low?.tpr ?? null, levels });
    }
  const table: Table = {
    headers: ['system', 'split', 'pairs', 'held similar', 'similar flagged (≥ medium)', 'not similar passed (< medium)', 'balanced', 'high: n / precision', 'recall ≥ low'],
    rows: results.map((r) => {
      const m = r.medium_or_more as { tpr: number; tnr: number; balanced: number };
      const h = r.high as { n: number; precision: number | null } | null;
      return [String(r.system), String(r.split), Number(r.pairs), Number(r.held_similar), pct(m.tpr), pct(m.tnr), pct(m.balanced), h ? `${h.n} / ${pct(h.precision)}` : '—', pct(r.low_or_more_recall as number | null)];
    }),
  };
  const levelTable: Table = {
    headers: ['system', 'split', ...['high', 'medium', 'low', 'minimal'].map((l) => `${l}: similar / not`)],
    rows: results.filter((r) => r.levels).map((r) => [String(r.system), String(r.split), ...['high', 'medium', 'low', 'minimal'].map((l) => { const v = (r.levels as Record<string, { similar: number; not: number }>)[l]!; return `${v.similar} / ${v.not}`; })]),
  };
  const inCode = JSON.stringify(CALIBRATION) === JSON.stringify(chosen);
  console.log(consoleTable(table));
  console.log(consoleTable(levelTable));
  console.log('chosen on tune:', JSON.stringify(chosen), inCode ? '(as in src/clearance/risk.ts)' : '(NOT what src/clearance/risk.ts holds: copy it there)');
  const body = [
    `${cases.length} decided pairs of data/similarity/pairs.csv (acceptable-flag pairs left out): ${tune.length} tune, ${test.length} test. Each later mark is screened with all channels (one page of ${PAGE}) among ${euipo.length} EUIPO marks plus every earlier mark; goods are taken as the same class and the earlier mark as live. Grid on tune: text floor ${GRID.textFloor.join(', ')}; crowding factor ${GRID.crowdFactor.join(', ')}; crowded beyond ${GRID.crowdHits.join(', ')} hits. Medium cut: best balanced accuracy (held similar flagged at medium or more, not similar passed below); high: lowest cut with precision ≥ ${HIGH_PRECISION} on at least 5 tune pairs, else the medium cut + 0.2; low: highest cut keeping recall ≥ ${LOW_RECALL}, else the lowest score any found pair has. The trigram baseline's cut is chosen on tune the same way.`,
    '', `Chosen on tune: \`${JSON.stringify(chosen)}\`${inCode ? ' (the values in src/clearance/risk.ts)' : ' — NOT yet copied into src/clearance/risk.ts'}.`,
    '', markdownTable(table), '', '## Pairs per level', '', markdownTable(levelTable),
  ].join('\n');
  writeReport({ name: 'eval-risk', title: 'Risk calibration on the decided pairs', command: benchCommand('eval:risk'), results: { chosen, in_code: inCode, systems: results } }, body);
};

await main();

// Fits the fusion weights of src/search/fusion.ts on the `tune` split alone (`npm run fit:fusion`).
// Ranking: for each tune pair held similar, the decided earlier mark should outscore every other
// candidate of the later mark's query among the evaluation corpus (a pairwise logistic loss, all
// channels on). Calibration: a logistic fit of that ranking score to the labels of the false-alarm
// hits of the tune half and the decided earlier marks, so the fused score reads as a probability
// of "a person would call these similar". Prints the weights and, for candidate tier cut-offs, the
// labelled share not similar above each. The test split and the test half are never read.
import { analyze, type Analysis, type Channel } from '../src/search/analyze.js';
import { FEATURES } from '../src/search/fusion.js';
import { featureVector, laneSet } from '../src/search/score.js';
import { corpusCommonness, corpusTexts, loadEuipo } from './lib/eval-corpus.js';
import { heldSimilar, loadPairs, parseCsv } from './lib/eval-pairs.js';
import { LABELS_FILE, queryHalf } from './lib/false-alarms.js';
import { readFileSync } from 'node:fs';

const ALL = new Set<Channel>(['identical', 'fuzzy', 'embedded', 'phonetic', 'lookalike', 'conceptual']);
const D = FEATURES.length;
const COMMON = FEATURES.indexOf('common');
/** Candidates kept per query as negatives: the strongest by best lane or trigram, as an index would find them. */
const NEGATIVES = 300;
const L2 = 0.01;
/** Weight of the pointwise loss beside the pairwise one. */
const POINT = 1;

const pairs = loadPairs();
const euipo = loadEuipo();
const corpus = corpusTexts(euipo, pairs).map((t) => analyze(t));

const common = corpusCommonness(corpus);

/** Feature vector of a candidate, or null for the two text-identity tiers and for no resemblance. */
const vec = (q: Analysis, c: Analysis): Float64Array | null => {
  const l = laneSet(q, c, ALL);
  if (l.tier) return null;
  const x = featureVector(q, c, l, common);
  return x[10]! > 0 || x[1]! > 0.1 ? x : null;
};
const dot = (w: ArrayLike<number>, x: ArrayLike<number>) => {
  let z = 0;
  for (let i = 0; i < D; i++) z += w[i]! * x[i]!;
  return z;
};

// Ranking data: per tune query, the positive and its strongest other candidates.
const groups: { pos: Float64Array; neg: Float64Array[] }[] = [];
pairs.forEach((p, i) => {
  if (p.split !== 'tune' || !heldSimilar(p)) return;
  const q = analyze(p.later);
  const target = euipo.length + i;
  const pos = vec(q, corpus[target]!);
  if (!pos) return;
  const neg: Float64Array[] = [];
  corpus.forEach((c, j) => {
    if (j === target || pairs[j - euipo.length]?.earlier === p.earlier) return;
    const x = vec(q, c);
    if (x) neg.push(x);
  });
  neg.sort((a, b) => Math.max(b[10]!, b[1]!) - Math.max(a[10]!, a[1]!));
  groups.push({ pos, neg: neg.slice(0, NEGATIVES) });
});

// Labelled hits of the tune half of the false-alarm queries: what a person calls similar.
const labelled: { x: Float64Array; y: number }[] = [];
for (const r of parseCsv(readFileSync(LABELS_FILE, 'utf8'))) {
  if (queryHalf(r.query!) !== 'tune') continue;
  const x = vec(analyze(r.query!), analyze(r.hit!));
  if (x) labelled.push({ x, y: r.label === 'similar' ? 1 : 0 });
}
const point = [...labelled, ...groups.map((g) => ({ x: g.pos, y: 1 }))];

// One model, two losses by gradient descent: pairwise logistic (each query weighs the same) for the
// order, pointwise logistic on the labelled hits and the decided earlier marks for the tier cut.
const w = new Float64Array(D + 1);
const z = (x: Float64Array) => w[0]! + dot(w.subarray(1), x);
for (let it = 0; it < 1500; it++) {
  const g = new Float64Array(D + 1);
  for (const { pos, neg } of groups) {
    const sp = z(pos);
    for (const n of neg) {
      const p = 1 / (1 + Math.exp(-(sp - z(n))));
      for (let k = 0; k < D; k++) g[k + 1]! += ((1 - p) * (pos[k]! - n[k]!)) / neg.length / groups.length;
    }
  }
  for (const { x, y } of point) {
    const p = 1 / (1 + Math.exp(-z(x)));
    g[0]! += (POINT * (y - p)) / point.length;
    for (let k = 0; k < D; k++) g[k + 1]! += (POINT * (y - p) * x[k]!) / point.length;
  }
  for (let k = 0; k <= D; k++) w[k]! += 0.5 * (g[k]! - (k ? L2 * w[k]! : 0));
  // The scorer counts commonness only for would-be hits, which needs a weight of at most 0.
  w[COMMON + 1] = Math.min(0, w[COMMON + 1]!);
}
const weights = [...w].map((v) => Math.round(v * 1000) / 1000);
const auc = (() => {
  const p = labelled.filter((l) => l.y).map((l) => z(l.x));
  const n = labelled.filter((l) => !l.y).map((l) => z(l.x));
  return p.reduce((s, x) => s + n.filter((y) => y < x).length + n.filter((y) => y === x).length / 2, 0) / (p.length * n.length);
})();
console.log(`labelled hits of the tune half: ${labelled.length}, AUC of the fused score on them ${auc.toFixed(3)} (in sample)`);

// Ranking quality on tune: rank of the positive among its kept candidates.
const ranks = groups.map(({ pos, neg }) => 1 + neg.filter((n) => z(n) > z(pos)).length);
console.log(`tune queries ${groups.length}; positive in the first 10 of its candidates: ${ranks.filter((r) => r <= 10).length}`);
console.log(`export const WEIGHTS: readonly number[] = [${weights.join(', ')}];`);
console.log(FEATURES.map((f, i) => `${f} ${weights[i + 1]}`).join(', '));
const prob = (x: Float64Array) => 1 / (1 + Math.exp(-z(x)));
for (const t of [0.3, 0.4, 0.5, 0.6, 0.7, 0.75, 0.8, 0.82, 0.84, 0.85, 0.86, 0.87, 0.88, 0.89, 0.9]) {
  const fa = labelled.filter((l) => prob(l.x) >= t);
  const posAbove = groups.filter((g) => prob(g.pos) >= t).length;
  console.log(`cut ${t}: labelled hits above ${fa.length}, not similar ${fa.filter((l) => !l.y).length} (${((100 * fa.filter((l) => !l.y).length) / Math.max(1, fa.length)).toFixed(1)}%); decided earlier marks above ${posAbove} of ${groups.length}`);
}

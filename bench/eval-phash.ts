// Recall of the figurative-search hash (src/search/figure/phash.ts) on transformed copies: N
// synthetic marks (bench/lib/figure-images.ts) are hashed; each transform of each mark counts as
// found when its similarity to the original reaches the default threshold (0.75) and as ranked
// first when the original is its nearest of the N. False matches: distinct pairs at or above it.
// Run: npm run build && node dist/bench/eval-phash.js [N]   (writes bench/results/eval-phash.{json,md})
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hashSimilarity, imageHash } from '../src/search/figure/phash.js';
import { markPng, TRANSFORMS } from './lib/figure-images.js';

const N = Number(process.argv[2] ?? 200);
const THRESHOLD = 0.75;

const originals: string[] = [];
const pngs: Buffer[] = [];
for (let n = 0; n < N; n++) {
  const png = await markPng(n);
  pngs.push(png);
  originals.push(await imageHash(png));
}
const rows: { transform: string; recall: number; top1: number; mean_similarity: number }[] = [];
for (const [name, transform] of Object.entries(TRANSFORMS)) {
  let found = 0;
  let first = 0;
  let sum = 0;
  for (let n = 0; n < N; n++) {
    const h = await imageHash(await transform(pngs[n]!));
    const own = hashSimilarity(h, originals[n]!);
    sum += own;
    if (own >= THRESHOLD) found++;
    if (originals.every((o, m) => m === n || hashSimilarity(h, o) < own)) first++;
  }
  rows.push({ transform: name, recall: found / N, top1: first / N, mean_similarity: sum / N });
}
let pairs = 0;
let falseMatches = 0;
for (let a = 0; a < N; a++)
  for (let b = a + 1; b < N; b++) {
    pairs++;
    if (hashSimilarity(originals[a]!, originals[b]!) >= THRESHOLD) falseMatches++;
  }
const result = { marks: N, threshold: THRESHOLD, transforms: rows, false_match_rate: falseMatches / pairs, pairs, command: `node dist/bench/eval-phash.js ${N}` };
const dir = join(import.meta.dirname, '../../bench/results');
writeFileSync(join(dir, 'eval-phash.json'), `${JSON.stringify(result, null, 2)}\n`);
const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
const md = [
  '# Figurative hash recall (eval-phash)',
  '',
  `${N} synthetic marks (seeded SVG shapes and words rendered by sharp, bench/lib/figure-images.ts); threshold ${THRESHOLD} (default of POST /v1/search/image).`,
  `Command: \`npm run build && node dist/bench/eval-phash.js ${N}\``,
  '',
  '| transform | recall at threshold | original ranked first | mean similarity |',
  '|---|---|---|---|',
  ...rows.map((r) => `| ${r.transform} | ${pct(r.recall)} | ${pct(r.top1)} | ${r.mean_similarity.toFixed(3)} |`),
  '',
  `Distinct pairs at or above the threshold (false matches): ${falseMatches} of ${pairs} (${pct(falseMatches / pairs)}).`,
  '',
];
writeFileSync(join(dir, 'eval-phash.md'), md.join('\n'));
console.log(md.join('\n'));

// Classification evaluation (`npm run eval:classify`): real goods and services texts with their
// office-assigned class (data/clearance/classify-cases.json, fixed tune/test split), each
// classified by the Nice term index; top-1 and top-3 accuracy per split, for whole descriptions
// and for their single items, beside a class-heading word-overlap baseline run on the same cases.
// `--tune` scores the tune split only and writes nothing: the mode to use while choosing settings.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { classify, splitItems } from '../src/clearance/classify.js';
import { stems } from '../src/clearance/nice-index.js';
import { niceIndex } from '../src/ops/clearance/nice.js';
import { niceClasses } from '../src/ops/reference/data.js';
import { benchCommand, consoleTable, markdownTable, repoRoot, writeReport, type Table } from './lib/results.js';

interface Case {
  text: string;
  class: number;
  file: string;
  split: 'tune' | 'test';
}
const { cases } = JSON.parse(readFileSync(join(repoRoot, 'data', 'clearance', 'classify-cases.json'), 'utf8')) as { cases: Case[] };

// Baseline: the classes whose heading shares the most stemmed words with the text.
const headingStems = niceClasses().classes.map((c) => ({ class: c.number, stems: new Set(stems(c.heading)) }));
const baseline = (text: string): number[] => {
  const own = new Set(stems(text));
  return headingStems
    .map((h) => ({ class: h.class, score: [...own].filter((s) => h.stems.has(s)).length / Math.sqrt(h.stems.size) }))
    .sort((a, b) => b.score - a.score || a.class - b.class)
    .map((h) => h.class);
};

const index = niceIndex();
const model = (text: string): number[] => classify(index, text, 3).map((p) => p.class);

type Unit = { text: string; class: number; split: string };
const units: Record<string, Unit[]> = {
  description: cases,
  item: cases.flatMap((c) => splitItems(c.text).map((text) => ({ text, class: c.class, split: c.split }))),
};

const accuracy = (list: readonly Unit[], rank: (t: string) => number[]) => {
  let top1 = 0;
  let top3 = 0;
  for (const u of list) {
    const ranked = rank(u.text);
    if (ranked[0] === u.class) top1++;
    if (ranked.slice(0, 3).includes(u.class)) top3++;
  }
  return { n: list.length, top1: Math.round((top1 / Math.max(1, list.length)) * 1000) / 1000, top3: Math.round((top3 / Math.max(1, list.length)) * 1000) / 1000 };
};

const tuneOnly = process.argv.includes('--tune');
const results: Record<string, unknown>[] = [];
for (const [level, list] of Object.entries(units))
  for (const split of tuneOnly ? ['tune'] : ['tune', 'test'])
    for (const [method, rank] of [['nice-index', model], ['heading-overlap baseline', baseline]] as const) {
      const r = accuracy(list.filter((u) => u.split === split), rank);
      results.push({ level, split, method, ...r });
    }

const table: Table = {
  headers: ['level', 'split', 'method', 'n', 'top-1', 'top-3'],
  rows: results.map((r) => [String(r.level), String(r.split), String(r.method), Number(r.n), Number(r.top1).toFixed(3), Number(r.top3).toFixed(3)]),
};
console.log(consoleTable(table));
if (tuneOnly) process.exit(0);
const test = results.find((r) => r.level === 'description' && r.split === 'test' && r.method === 'nice-index')!;
writeReport(
  { name: 'eval-classify', title: 'Classification: top-1 and top-3 accuracy on office-assigned classes', command: benchCommand('eval:classify'), results },
  `Cases: ${cases.length} goods and services texts with their office-assigned class (data/clearance/classify-cases.json): ${cases.filter((c) => c.file.startsWith('fixtures/')).length} from the USPTO fixtures, ${cases.filter((c) => !c.file.startsWith('fixtures/')).length} quoted in public decisions (data/clearance/classify-cases-pages.csv); split fixed by text hash; every setting was chosen on \`tune\`. Target: top-3 ≥ 0.90 on \`test\` descriptions; this run: ${test.top3}.\n\n${markdownTable(table)}`,
);

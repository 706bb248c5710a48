// Entity-resolution evaluation (npm run eval:entities): the hand-labelled owner-name pairs of
// data/entities/owner-pairs.csv, each decided by the resolver (equal entity keys) and by a simple
// baseline computed in the same run (equal names after lower-casing and collapsing spaces: how
// owner ids group names today). Precision and recall on the `test` split are the result; `tune` is
// where choices were made.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { entityKey } from '../src/core/entity-key.js';
import { parseCsv } from './lib/eval-pairs.js';
import { benchCommand, consoleTable, markdownTable, repoRoot, writeReport, type Table } from './lib/results.js';

interface LabelledPair {
  name_a: string;
  name_b: string;
  label: 'same' | 'different';
  kind: string;
  split: 'tune' | 'test';
}

const pairs = parseCsv(readFileSync(join(repoRoot, 'data', 'entities', 'owner-pairs.csv'), 'utf8')) as unknown as LabelledPair[];

const baseline = (a: string, b: string): boolean => a.trim().toLowerCase().replace(/\s+/g, ' ') === b.trim().toLowerCase().replace(/\s+/g, ' ');
const resolver = (a: string, b: string): boolean => entityKey(a) === entityKey(b);

interface Scores {
  pairs: number;
  positives: number;
  tp: number;
  fp: number;
  fn: number;
  precision: number | null;
  recall: number | null;
}

const score = (split: string, decide: (a: string, b: string) => boolean): Scores & { errors: string[] } => {
  const rows = pairs.filter((p) => p.split === split);
  let tp = 0;
  let fp = 0;
  let fn = 0;
  const errors: string[] = [];
  for (const p of rows) {
    const said = decide(p.name_a, p.name_b);
    const truth = p.label === 'same';
    if (said && truth) tp++;
    if (said && !truth) {
      fp++;
      errors.push(`false match: ${p.name_a} | ${p.name_b}`);
    }
    if (!said && truth) {
      fn++;
      errors.push(`missed: ${p.name_a} | ${p.name_b}`);
    }
  }
  const ratio = (n: number, d: number) => (d === 0 ? null : Math.round((n / d) * 1000) / 1000);
  return { pairs: rows.length, positives: rows.filter((p) => p.label === 'same').length, tp, fp, fn, precision: ratio(tp, tp + fp), recall: ratio(tp, tp + fn), errors };
};

const results = Object.fromEntries(
  (['test', 'tune'] as const).map((split) => [split, { resolver: score(split, resolver), baseline: score(split, baseline) }]),
);

const fmt = (v: number | null) => (v === null ? 'n/a' : v.toFixed(3));
const table: Table = {
  headers: ['split', 'method', 'pairs', 'same', 'TP', 'FP', 'FN', 'precision', 'recall'],
  rows: Object.entries(results).flatMap(([split, r]) =>
    Object.entries(r).map(([method, s]) => [split, method, s.pairs, s.positives, s.tp, s.fp, s.fn, fmt(s.precision), fmt(s.recall)]),
  ),
};
console.log(consoleTable(table));
for (const [split, r] of Object.entries(results)) for (const e of r.resolver.errors) console.log(`${split} resolver ${e}`);

const { md } = writeReport(
  { name: 'eval-entities', title: 'Entity resolution on hand-labelled owner-name pairs', command: benchCommand('eval:entities'), results },
  [
    'Pairs: `data/entities/owner-pairs.csv` (labelling rules in `docs/parties.md`). Resolver: equal `entityKey` (src/core/entity-key.ts).',
    'Baseline: equal names after lower-casing and collapsing spaces. Report `test`; `tune` is where choices were made.',
    '',
    markdownTable(table),
    '',
    ...Object.entries(results).flatMap(([split, r]) => r.resolver.errors.map((e) => `- ${split}: ${e}`)),
  ].join('\n'),
);
console.log(`wrote ${md}`);

// Entity-resolution evaluation (npm run eval:entities): the hand-labelled owner-record pairs of
// data/entities/owner-pairs.csv (name, country, address where the office gave one, and the mark
// both own where they share one), each decided by the resolver (core/entity-signals.ts: name key,
// country for generic names, a near name corroborated by a shared address or mark), by the name key
// alone (the resolver before those signals) and by a simple baseline computed in the same run
// (equal names after lower-casing and collapsing spaces: how owner ids group names). Precision and
// recall on the `test` split are the result; `tune` is where choices were made.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { entityKey } from '../src/core/entity-key.js';
import { addressKey, baseEntityId, nearNames } from '../src/core/entity-signals.js';
import type { Address } from '../src/core/schemas/parts.js';
import { parseCsv } from './lib/eval-pairs.js';
import { benchCommand, consoleTable, markdownTable, repoRoot, writeReport, type Table } from './lib/results.js';

interface LabelledPair {
  name_a: string;
  country_a: string;
  /** `lines (joined by " | "); city; postal code`, as the office gave them; empty when none. */
  address_a: string;
  name_b: string;
  country_b: string;
  address_b: string;
  /** OFFICE:number of a mark both records are owners of (owner and earlier owner), if any. */
  shared_mark: string;
  label: 'same' | 'different';
  kind: string;
  split: 'tune' | 'test';
}

const pairs = parseCsv(readFileSync(join(repoRoot, 'data', 'entities', 'owner-pairs.csv'), 'utf8')) as unknown as LabelledPair[];

const toAddress = (text: string, country: string): Address | null => {
  if (!text) return null;
  const [lines = '', city = '', postal = ''] = text.split('; ');
  return { lines: lines ? lines.split(' | ') : [], city: city || null, region: null, postal_code: postal || null, country_code: country || null, formatted: null };
};

type Decide = (p: LabelledPair) => boolean;
const baseline: Decide = (p) => p.name_a.trim().toLowerCase().replace(/\s+/g, ' ') === p.name_b.trim().toLowerCase().replace(/\s+/g, ' ');
const nameKeyOnly: Decide = (p) => entityKey(p.name_a) === entityKey(p.name_b);
/** The pairwise form of what ingest does incrementally (store/entity-repo.ts). */
const resolver: Decide = (p) => {
  if (baseEntityId(p.name_a, p.country_a || null) === baseEntityId(p.name_b, p.country_b || null)) return true;
  if (!nearNames(entityKey(p.name_a), entityKey(p.name_b))) return false;
  const a = addressKey(toAddress(p.address_a, p.country_a), p.country_a || null);
  return (a !== null && a === addressKey(toAddress(p.address_b, p.country_b), p.country_b || null)) || p.shared_mark !== '';
};

interface Scores {
  pairs: number;
  positives: number;
  tp: number;
  fp: number;
  fn: number;
  precision: number | null;
  recall: number | null;
}

const score = (split: string, decide: Decide): Scores & { errors: string[] } => {
  const rows = pairs.filter((p) => p.split === split);
  let tp = 0;
  let fp = 0;
  let fn = 0;
  const errors: string[] = [];
  for (const p of rows) {
    const said = decide(p);
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
  (['test', 'tune'] as const).map((split) => [split, { resolver: score(split, resolver), name_key_only: score(split, nameKeyOnly), baseline: score(split, baseline) }]),
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
    'Pairs: `data/entities/owner-pairs.csv` (labelling rules in `docs/parties.md`). Resolver: `baseEntityId` equal (name key; country for a generic name), or near names with a shared address key or mark (src/core/entity-signals.ts).',
    'name_key_only: equal `entityKey` (the resolver before address, country and marks). Baseline: equal names after lower-casing and collapsing spaces. Report `test`; `tune` is where choices were made.',
    '',
    markdownTable(table),
    '',
    ...Object.entries(results).flatMap(([split, r]) => r.resolver.errors.map((e) => `- ${split}: ${e}`)),
  ].join('\n'),
);
console.log(`wrote ${md}`);

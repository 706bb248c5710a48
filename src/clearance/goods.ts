// Goods relatedness between two marks' goods and services: the same Nice class, coordinated
// classes (data/clearance/coordinated-classes.json, with its source) and overlapping goods words.
import { z } from 'zod';
import { readPackageJson } from '../data-files.js';
import { fold, singular, words } from '../search/normalize.js';

const CoordinationFile = z.object({
  source: z.string().min(1),
  retail_class: z.number().int(),
  classes: z.record(z.string(), z.array(z.number().int().min(1).max(45))),
});

export interface Coordination {
  source: string;
  pairs: Map<number, Set<number>>;
  retailClass: number;
}

let table: Coordination | undefined;

/** The coordinated-class table, read once and made symmetric (a row names a pair once). */
export const coordination = (): Coordination => {
  if (table) return table;
  const file = CoordinationFile.parse(readPackageJson('data', 'clearance', 'coordinated-classes.json'));
  const pairs = new Map<number, Set<number>>();
  const add = (a: number, b: number) => (pairs.get(a) ?? pairs.set(a, new Set()).get(a)!).add(b);
  for (const [from, tos] of Object.entries(file.classes))
    for (const to of tos) {
      add(Number(from), to);
      add(to, Number(from));
    }
  table = { source: file.source, pairs, retailClass: file.retail_class };
  return table;
};

export const isCoordinated = (a: number, b: number): boolean => {
  const t = coordination();
  if (t.pairs.get(a)?.has(b)) return true;
  // Retail and wholesale services coordinate with every goods class.
  return (a === t.retailClass && b <= 34) || (b === t.retailClass && a <= 34);
};

// Words that say nothing about which goods are meant.
const FILLER = new Set(
  'a an and as at being by class for from goods in including into namely of on or other others product products related sale service services such the thereof to use used using with all kind parts fitting fittings accessory accessories not retail store'.split(' '),
);

/** The content words of a goods and services text, folded and singular. */
export const goodsWords = (text: string | null | undefined): Set<string> =>
  new Set(
    words(fold(text ?? ''))
      .map(singular)
      .filter((w) => w.length >= 3 && !FILLER.has(w) && !/^\d+$/.test(w)),
  );

export interface GoodsSide {
  classes: readonly number[];
  text: string | null;
}

export const GoodsLevel = z.enum(['same_class', 'coordinated', 'overlapping_terms', 'unrelated', 'unknown']);

export const GoodsRelatedness = z.object({
  level: GoodsLevel,
  score: z.number().min(0).max(1).describe('0 unrelated … 1 the same class'),
  same_classes: z.array(z.number().int()),
  coordinated_classes: z.array(z.tuple([z.number().int(), z.number().int()])).describe('Pairs [this side, other side]'),
  shared_terms: z.array(z.string()),
  explanation: z.string(),
  coordination_source: z.string(),
});
export type GoodsRelatedness = z.infer<typeof GoodsRelatedness>;

const SHARED_TERMS_SHOWN = 12;

export const goodsRelatedness = (a: GoodsSide, b: GoodsSide): GoodsRelatedness => {
  const source = coordination().source;
  const bClasses = new Set(b.classes);
  const same = [...new Set(a.classes)].filter((c) => bClasses.has(c)).sort((x, y) => x - y);
  const coordinated: [number, number][] = [];
  for (const x of new Set(a.classes)) for (const y of bClasses) if (x !== y && isCoordinated(x, y)) coordinated.push([x, y]);
  const aw = goodsWords(a.text);
  const bw = goodsWords(b.text);
  const shared = [...aw].filter((w) => bw.has(w)).sort();
  const jaccard = shared.length ? shared.length / (aw.size + bw.size - shared.length) : 0;
  const termScore = shared.length ? Math.min(0.9, 0.4 + jaccard) : 0;
  const known = (a.classes.length > 0 || aw.size > 0) && (b.classes.length > 0 || bw.size > 0);
  let level: GoodsRelatedness['level'] = known ? 'unrelated' : 'unknown';
  let score = 0;
  // Coordinated classes with shared goods words too are closer than either alone.
  if (same.length) [level, score] = ['same_class', 1];
  else if (coordinated.length) [level, score] = ['coordinated', Math.min(0.95, Math.max(0.6, termScore) + (shared.length ? 0.1 : 0))];
  else if (termScore > 0) [level, score] = ['overlapping_terms', termScore];
  const parts: string[] = [];
  if (same.length) parts.push(`both in class ${same.join(', ')}`);
  if (coordinated.length) parts.push(`coordinated classes ${coordinated.map(([x, y]) => `${x}/${y}`).join(', ')}`);
  if (shared.length) parts.push(`shared goods words: ${shared.slice(0, SHARED_TERMS_SHOWN).join(', ')}`);
  const explanation = level === 'unknown' ? 'No classes or goods given on one side.' : parts.length ? `${parts.join('; ')}.` : 'No shared or coordinated class and no shared goods words.';
  return { level, score: Math.round(score * 1000) / 1000, same_classes: same, coordinated_classes: coordinated, shared_terms: shared.slice(0, SHARED_TERMS_SHOWN), explanation, coordination_source: source };
};

// Variant recall: copies of real EUIPO marks (bench/lib/variants.ts) searched for among the
// ~18,000 marks of the evaluation store. Per family: the share whose real mark is in the first 10
// hits, the share tiered `similar` or closer, and the share at the family's own tier. The marks
// are split into halves by a hash of their text (tune chooses, test reports), as the false-alarm
// queries are. Shared by eval:search and eval:judgement.
import type { Context } from '../../src/context.js';
import { trademarkId } from '../../src/core/ids.js';
import { searchTrademarks } from '../../src/ops/search-trademarks.js';
import { analyze } from '../../src/search/analyze.js';
import { distinctive } from '../../src/search/families.js';
import { fold } from '../../src/search/normalize.js';
import { referenceCommonness } from '../../src/search/reference-commonness.js';
import type { EuipoMark } from './eval-corpus.js';
import { queryHalf } from './false-alarms.js';
import type { Table } from './results.js';
import { generateVariants, INTENDED, type Variant, type VariantFamily } from './variants.js';

export const VARIANT_SEED = 20261127;
/** Copies per family and half that eval:search searches. */
export const VARIANTS_PER_FAMILY = 100;
const TOP = 10;
const RANK = { identical: 0, near_identical: 1, similar: 2, related: 3 } as const;
/** Families that are sounds: measured with `phonetic` alone too (issue 23, point 3). */
export const SOUND_FAMILIES: readonly VariantFamily[] = ['homophone', 'letter_name'];

export interface VariantRow {
  family: VariantFamily;
  split: 'tune' | 'test';
  channels: string;
  n: number;
  recall_at_10: number;
  similar_or_closer: number;
  at_intended_tier: number;
  misses: string[];
}

/** The variants of one half's marks. */
export const halfVariants = (euipo: readonly EuipoMark[], split: 'tune' | 'test', perFamily: number): Variant[] =>
  generateVariants(
    euipo.map((m) => m[1]).filter((t) => queryHalf(t) === split),
    perFamily,
    VARIANT_SEED,
    (part) => distinctive(analyze(part), referenceCommonness),
  );

export const variantRecall = async (ctx: Context, euipo: readonly EuipoMark[], splits: readonly ('tune' | 'test')[], perFamily: number): Promise<VariantRow[]> => {
  // A real mark may be filed more than once: any filing of the same text is the copied mark.
  const idsOf = new Map<string, Set<string>>();
  for (const [n, text] of euipo) {
    const k = fold(text);
    if (!idsOf.has(k)) idsOf.set(k, new Set());
    idsOf.get(k)!.add(trademarkId('EM', n));
  }
  const rows: VariantRow[] = [];
  for (const split of splits) {
    const variants = halfVariants(euipo, split, perFamily);
    const families = [...new Set(variants.map((v) => v.family))];
    for (const family of families) {
      const of = variants.filter((v) => v.family === family);
      for (const similarity of [undefined, ...(SOUND_FAMILIES.includes(family) ? ['phonetic'] : [])]) {
        let found = 0;
        let similar = 0;
        let intended = 0;
        const misses: string[] = [];
        for (const v of of) {
          const hits = (await searchTrademarks.run(ctx, searchTrademarks.input.parse({ q: v.later, limit: TOP, ...(similarity ? { similarity } : {}) }))).data;
          const targets = idsOf.get(fold(v.earlier)) ?? new Set();
          const hit = hits.find((h) => targets.has(h.id));
          const tier = hit?.match?.tier;
          if (hit) found++;
          else misses.push(`${v.later} -> ${v.earlier}`);
          if (tier && RANK[tier] <= RANK.similar) similar++;
          if (tier && RANK[tier] <= RANK[INTENDED[family]]) intended++;
        }
        rows.push({ family, split, channels: similarity ?? 'default', n: of.length, recall_at_10: found / of.length, similar_or_closer: similar / of.length, at_intended_tier: intended / of.length, misses });
      }
    }
  }
  return rows;
};

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export const variantTable = (rows: readonly VariantRow[]): Table => ({
  headers: ['family', 'split', 'channels', 'copies', 'recall@10', 'similar or closer', 'at its own tier'],
  rows: rows.map((r) => [r.family, r.split, r.channels, r.n, pct(r.recall_at_10), pct(r.similar_or_closer), pct(r.at_intended_tier)]),
});

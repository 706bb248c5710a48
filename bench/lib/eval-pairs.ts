// The decided pairs of the search evaluation (data/similarity/pairs.csv): one row per pair of word
// marks from a public decision, with its citation, source URL and the tune/test split it was put in
// once, by decision. Also the small CSV reader the evaluation's data files share.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { compact } from '../../src/search/normalize.js';
import { repoRoot } from './results.js';

/** Minimal CSV: quoted fields with doubled quotes, no newlines inside fields. */
export const parseCsv = (text: string): Record<string, string>[] => {
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

export const Pair = z.object({
  earlier: z.string().min(1),
  later: z.string().min(1),
  outcome: z.enum(['similar', 'not_similar']),
  flag: z.string(),
  kind: z.string().min(1),
  split: z.enum(['tune', 'test']),
  decision: z.string().min(1),
  citation: z.string().min(1),
  url: z.string(),
  url_kind: z.string(),
  origin: z.string(),
});
export type Pair = z.infer<typeof Pair>;

export const PAIRS_FILE = join(repoRoot, 'data', 'similarity', 'pairs.csv');

export const loadPairs = (file = PAIRS_FILE): Pair[] => parseCsv(readFileSync(file, 'utf8')).map((r, i) => {
  const parsed = Pair.safeParse(r);
  if (!parsed.success) throw new Error(`${file} row ${i + 2}: ${parsed.error.issues.map((x) => `${x.path.join('.')}: ${x.message}`).join('; ')}`);
  return parsed.data;
});

/** Meaning pairs (translation, synonym, concept) are reported apart from the textual kinds. */
export const isMeaning = (p: Pair): boolean => p.kind === 'conceptual' || p.kind.startsWith('meaning');

/**
 * The split a decision was put in, once: the first 8 hex digits of the SHA-1 of its key (the
 * `decision` column, the decision's first citation) read as a fraction; under 0.45 is `test`.
 * Several pairs from one decision share its split.
 */
export const splitFor = (decision: string): Pair['split'] =>
  parseInt(createHash('sha1').update(decision, 'utf8').digest('hex').slice(0, 8), 16) / 2 ** 32 < 0.45 ? 'test' : 'tune';

export const heldSimilar = (p: Pair): boolean => p.outcome === 'similar';

/** Held not similar for reasons outside the text while the texts are the same: allowed in the top tiers. */
export const acceptableFlag = (p: Pair): boolean => p.flag === 'acceptable-flag';

/** Same letters and digits: the only not-similar pairs the identical/near_identical tiers may hold. */
export const sameLetters = (p: Pair): boolean => compact(p.earlier) === compact(p.later);

// The sound-alike copies bench:search searches for at register scale (issue 27): a vowel swap, a
// doubled consonant, C→K, PH→F and S→Z, each rewriting one real mark of the generated corpus
// once, beside the judgement issue's families (bench/lib/variants.ts) over the same marks. The
// benchmark asks whether the copied mark comes back in the top 20, and first.
import { compact, fold, words } from '../../src/search/normalize.js';
import { generateVariants, rng, VARIANT_FAMILIES, type Distinctive, type Rng } from './variants.js';

export const SOUND_FAMILIES = ['vowel_swap', 'doubled_consonant', 'c_to_k', 'ph_to_f', 's_to_z'] as const;
export type SoundFamily = (typeof SOUND_FAMILIES)[number];

export interface CorpusVariant {
  family: SoundFamily | (typeof VARIANT_FAMILIES)[number];
  /** The corpus mark copied, and the copy searched for. */
  earlier: string;
  later: string;
}

const VOWELS = 'aeiou';
const at = (s: string, test: (ch: string, i: number) => boolean): number[] => [...s].flatMap((ch, i) => (test(ch, i) ? [i] : []));
const pick = <T>(r: Rng, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

/** One rewrite of a folded, lower-case mark, or null where the family does not apply to it. */
export const SOUND_REWRITES: Record<SoundFamily, (s: string, r: Rng) => string | null> = {
  // Another vowel in place of one, not the word's first letter (a searcher remembers how a mark starts).
  vowel_swap: (s, r) => {
    const is = at(s, (ch, i) => VOWELS.includes(ch) && i > 0 && /[a-z]/.test(s[i - 1]!));
    if (!is.length) return null;
    const i = pick(r, is);
    return s.slice(0, i) + pick(r, [...VOWELS].filter((v) => v !== s[i])) + s.slice(i + 1);
  },
  // A consonant written twice where it stands once, after a letter and before a vowel: TOMY → TOMMY.
  doubled_consonant: (s, r) => {
    const is = at(s, (ch, i) => /[bcdfgklmnprstz]/.test(ch) && i > 0 && /[a-z]/.test(s[i - 1]!) && /[aeiouy]/.test(s[i + 1] ?? '') && s[i - 1] !== ch);
    if (!is.length) return null;
    const i = pick(r, is);
    return s.slice(0, i + 1) + s[i] + s.slice(i + 1);
  },
  // A hard C (before a, o, u, a consonant other than h, or at a word's end) as K.
  c_to_k: (s) => (/c(?=[aoulrt]|\b)/.test(s) ? s.replace(/c(?=[aoulrt]|\b)/, 'k') : null),
  ph_to_f: (s) => (s.includes('ph') ? s.replace('ph', 'f') : null),
  // An S said as Z: between vowels or ending a word after a vowel.
  s_to_z: (s) => (/(?<=[aeiou])s(?=[aeiou]|\b)/.test(s) ? s.replace(/(?<=[aeiou])s(?=[aeiou]|\b)/, 'z') : null),
};

/** Up to `perFamily` copies per sound family from `marks`, in a seeded order, upper-cased as marks are written. */
export const soundVariants = (marks: readonly string[], perFamily: number, seed: number): CorpusVariant[] =>
  SOUND_FAMILIES.flatMap((family, f) => {
    const r = rng(seed + 104_729 * (f + 1));
    const order = marks.map((m, i) => [r(), i] as const).sort((a, b) => a[0] - b[0]).map(([, i]) => marks[i]!);
    const out: CorpusVariant[] = [];
    for (const earlier of order) {
      if (out.length >= perFamily) break;
      const s = words(fold(earlier)).join(' ');
      if (compact(s).length < 4) continue;
      const later = SOUND_REWRITES[family](s, r);
      if (later !== null && compact(later) !== compact(s)) out.push({ family, earlier, later: later.toUpperCase() });
    }
    return out;
  });

/**
 * The sound families and the judgement issue's, over the same corpus marks. A copy that is itself
 * another stored mark (`stored(compact)`) is left out: that mark would rightly rank first.
 */
export const corpusVariants = (marks: readonly string[], perFamily: number, seed: number, distinctive: Distinctive, stored: (compactText: string) => boolean): CorpusVariant[] => {
  const kept = new Map<string, number>();
  return [...soundVariants(marks, perFamily * 3, seed), ...generateVariants(marks, perFamily * 3, seed, distinctive)].filter((v) => {
    const n = kept.get(v.family) ?? 0;
    if (n >= perFamily || (compact(v.later) !== compact(v.earlier) && stored(compact(v.later)))) return false;
    kept.set(v.family, n + 1);
    return true;
  });
};

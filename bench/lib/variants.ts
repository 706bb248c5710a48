// The variant generator of the judgement evaluation: real marks copied in the usual ways (the
// families of src/search/families.ts), so the tiers can be measured on what a searcher means by a
// copy. Each family rewrites a real mark once, seeded, where the family applies to it (an -IGHT
// spelling needs an IGHT). Used by eval:judgement, eval:search (variant recall) and the tests.
import type { MatchTier } from '../../src/core/schemas/trademark.js';
import { TWO_EDITS_MIN } from '../../src/search/families.js';
import { compact, fold, nearWords, singular, words } from '../../src/search/normalize.js';

export const VARIANT_FAMILIES = [
  'same_text', 'split_join', 'plural', 'one_edit', 'transposition', 'two_edits',
  'homophone', 'letter_name', 'lookalike', 'contains', 'inside',
] as const;
export type VariantFamily = (typeof VARIANT_FAMILIES)[number];

/** The tier each family is meant to reach (issue 23). */
export const INTENDED: Record<VariantFamily, MatchTier> = {
  same_text: 'identical', split_join: 'near_identical', plural: 'near_identical', one_edit: 'near_identical', transposition: 'near_identical',
  two_edits: 'similar', homophone: 'similar', letter_name: 'similar', lookalike: 'similar', contains: 'similar', inside: 'similar',
};

export interface Variant {
  family: VariantFamily;
  /** The real mark copied (the earlier mark) and the copy (the new mark searched for). */
  earlier: string;
  later: string;
}

export type Rng = () => number;
/** mulberry32, the evaluation's seeded generator. */
export const rng = (seed: number): Rng => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};
const pick = <T>(r: Rng, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const VOWELS = 'aeiou';
/** Words added to a mark to make a new one around it (the earlier mark whole inside). */
const ADDITIONS = ['group', 'labs', 'plus', 'online', 'pro', 'world', 'one', 'express', 'studio', 'direct', 'my', 'go', 'smart', 'home'];

/** The mark's words, folded, upper-cased: the copies are written as marks usually are. */
const up = (s: string): string => s.toUpperCase();

/** Positions of letters (not digits) in a word list joined by spaces. */
const letterAt = (s: string): number[] => [...s].flatMap((ch, i) => (/[a-z]/.test(ch) ? [i] : []));

const substitute = (r: Rng, s: string, avoid: ReadonlySet<number> = new Set()): [string, number] | null => {
  const at = letterAt(s).filter((i) => !avoid.has(i));
  if (!at.length) return null;
  const i = pick(r, at);
  const from = s[i]!;
  // Vowel for vowel and consonant for consonant: a slip, not a new word.
  const pool = [...(VOWELS.includes(from) ? VOWELS : LETTERS.replace(/[aeiou]/g, ''))].filter((c) => c !== from);
  return [s.slice(0, i) + pick(r, pool) + s.slice(i + 1), i];
};

const oneEdit = (r: Rng, s: string): string | null => {
  const kind = Math.floor(r() * 3);
  const at = letterAt(s);
  if (at.length < 5) return null;
  if (kind === 0) return substitute(r, s)?.[0] ?? null;
  const i = pick(r, at.slice(1));
  if (kind === 1) return s.slice(0, i) + s.slice(i + 1);
  return s.slice(0, i) + pick(r, [...LETTERS]) + s.slice(i);
};

const transpose = (r: Rng, s: string): string | null => {
  const at = [...s].flatMap((c, i) => (i + 1 < s.length && /[a-z]/.test(c) && /[a-z]/.test(s[i + 1]!) && c !== s[i + 1] ? [i] : []));
  if (!at.length || compact(s).length < 5) return null;
  const i = pick(r, at);
  return s.slice(0, i) + s[i + 1] + s[i] + s.slice(i + 2);
};

const twoEdits = (r: Rng, s: string): string | null => {
  if (compact(s).length < TWO_EDITS_MIN) return null;
  const first = substitute(r, s);
  if (!first) return null;
  // Two letters apart, so the two slips are not one transposition.
  const avoid = new Set([first[1] - 1, first[1], first[1] + 1]);
  return substitute(r, first[0], avoid)?.[0] ?? null;
};

// One homophone rewrite each, both ways where both spellings occur in marks.
const HOMOPHONE_REWRITES: ReadonlyArray<[RegExp, string]> = [
  [/ph/, 'f'], [/f/, 'ph'], [/ck/, 'k'], [/c(?=[aou])/, 'k'], [/k/, 'c'], [/qu/, 'kw'], [/x/, 'ks'], [/^ex/, 'x'],
  [/ight/, 'ite'], [/ite\b/, 'ight'], [/oo/, 'u'], [/(?<=[aeiou])s(?=[aeiou])/, 'z'], [/z/, 's'],
];

const homophone = (r: Rng, s: string): string | null => {
  const fits = HOMOPHONE_REWRITES.filter(([from]) => from.test(s));
  if (!fits.length) return null;
  const [from, to] = pick(r, fits);
  return s.replace(from, to);
};

// A word said as a letter or a number, and back.
const NAME_REWRITES: Record<string, string> = { you: 'u', your: 'ur', easy: 'ez', for: '4', four: '4', to: '2', two: '2', too: '2', be: 'b', see: 'c', are: 'r', why: 'y', u: 'you', '4': 'for', '2': 'to', one: '1' };

const letterName = (r: Rng, ws: readonly string[]): string | null => {
  const at = ws.flatMap((w, i) => (Object.hasOwn(NAME_REWRITES, w) ? [i] : []));
  if (!at.length || ws.length < 2) return null;
  const i = pick(r, at);
  return ws.map((w, k) => (k === i ? NAME_REWRITES[w]! : w)).join(' ');
};

const LOOKALIKE_REWRITES: ReadonlyArray<[RegExp, string]> = [[/o/, '0'], [/l/, '1'], [/i/, '1'], [/e/, '3'], [/m/, 'rn'], [/w/, 'vv'], [/d/, 'cl'], [/s/, '5']];

const lookalike = (r: Rng, s: string): string | null => {
  const fits = LOOKALIKE_REWRITES.filter(([from]) => from.test(s));
  if (!fits.length || compact(s).length < 3) return null;
  const [from, to] = pick(r, fits);
  return s.replace(from, to);
};

/** Whether a part of a mark stands for a mark (the containment families: src/search/families.ts). */
export type Distinctive = (part: string) => boolean;

/** One variant of `mark` in `family`, or null where the family does not apply to it. */
export const variantOf = (family: VariantFamily, mark: string, r: Rng, distinctive: Distinctive): string | null => {
  const ws = words(fold(mark));
  const s = ws.join(' ');
  if (!s || compact(mark).length < 3) return null;
  switch (family) {
    case 'same_text':
      return ws.length > 1 ? up(ws.join('-')) : mark === up(s) ? s : up(s);
    case 'split_join': {
      if (ws.length > 1) {
        const i = Math.floor(r() * (ws.length - 1));
        return up([...ws.slice(0, i), ws[i]! + ws[i + 1]!, ...ws.slice(i + 2)].join(' '));
      }
      if (s.length < 6) return null;
      const i = 3 + Math.floor(r() * (s.length - 5));
      return up(`${s.slice(0, i)} ${s.slice(i)}`);
    }
    case 'plural': {
      const last = ws[ws.length - 1]!;
      if (last.length < 3 || /[^a-z]/.test(last) || /[siu]$/.test(last) || singular(`${last}s`) !== last) return null;
      return up([...ws.slice(0, -1), `${last}s`].join(' '));
    }
    case 'one_edit':
      return compact(mark).length >= 5 ? mapUp(oneEdit(r, s)) : null;
    case 'transposition':
      return mapUp(transpose(r, s));
    case 'two_edits':
      return mapUp(twoEdits(r, s));
    case 'homophone':
      return mapUp(homophone(r, s));
    case 'letter_name':
      return mapUp(letterName(r, ws));
    case 'lookalike':
      return mapUp(lookalike(r, s));
    case 'contains': {
      if (nearWords(mark).join('').length < 4 || !distinctive(mark)) return null;
      const add = pick(r, ADDITIONS);
      return up(r() < 0.5 ? `${s} ${add}` : `${add} ${s}`);
    }
    case 'inside': {
      if (ws.length < 2) return null;
      const part = r() < 0.5 ? ws.slice(0, -1) : ws.slice(1);
      if (nearWords(part.join(' ')).join('').length < 4 || !distinctive(part.join(' '))) return null;
      return up(part.join(' '));
    }
  }
};

const mapUp = (s: string | null): string | null => (s === null ? null : up(s));

/** Up to `perFamily` variants of each family from `marks`, in a seeded order; a variant whose
 *  letters equal its mark's (where the family should change them) is skipped. */
export const generateVariants = (marks: readonly string[], perFamily: number, seed: number, distinctive: Distinctive, families: readonly VariantFamily[] = VARIANT_FAMILIES): Variant[] => {
  const out: Variant[] = [];
  families.forEach((family, f) => {
    const r = rng(seed + 7919 * (f + 1));
    const order = marks.map((m, i) => [r(), i] as const).sort((a, b) => a[0] - b[0]).map(([, i]) => marks[i]!);
    let n = 0;
    for (const earlier of order) {
      if (n >= perFamily) break;
      const later = variantOf(family, earlier, r, distinctive);
      if (later === null || (family !== 'same_text' && compact(later) === compact(earlier) && family !== 'split_join')) continue;
      if (family !== 'same_text' && fold(later) === fold(earlier)) continue;
      out.push({ family, earlier, later });
      n++;
    }
  });
  return out;
};

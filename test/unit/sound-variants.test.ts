// bench:search's corpus copies (bench/lib/sound-variants.ts): each sound family makes the one
// edit it names on marks of the generated corpus, and copies that are another stored mark are
// left out.
import { describe, expect, it } from 'vitest';
import { corpusRecords } from '../../bench/corpus/generate.js';
import { corpusVariants, SOUND_FAMILIES, SOUND_REWRITES, soundVariants } from '../../bench/lib/sound-variants.js';
import { rng } from '../../bench/lib/variants.js';
import { compact } from '../../src/search/normalize.js';

const marks = [...corpusRecords({ count: 3000, seed: 42 })].flatMap((r) => (r.mark_text ? [r.mark_text] : []));

/** The one edit between `a` and `b`: the differing middle of each, as `from>to`. */
const editOf = (a: string, b: string): string => {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  let j = 0;
  while (j < a.length - i && j < b.length - i && a[a.length - 1 - j] === b[b.length - 1 - j]) j++;
  return `${a.slice(i, a.length - j)}>${b.slice(i, b.length - j)}`;
};

describe('sound variants over corpus marks', () => {
  const variants = soundVariants(marks, 20, 7);

  it('finds copies of every family in a generated corpus', () => {
    for (const family of SOUND_FAMILIES) expect(variants.filter((v) => v.family === family).length, family).toBeGreaterThan(0);
  });

  it('makes exactly the edit each family names', () => {
    for (const v of variants) {
      const edit = editOf(compact(v.earlier), compact(v.later));
      if (v.family === 'vowel_swap') expect(edit, v.later).toMatch(/^[aeiou]>[aeiou]$/);
      if (v.family === 'doubled_consonant') expect(edit, v.later).toMatch(/^>[bcdfgklmnprstz]$/);
      if (v.family === 'c_to_k') expect(edit, v.later).toBe('c>k');
      if (v.family === 'ph_to_f') expect(edit, v.later).toBe('ph>f');
      if (v.family === 's_to_z') expect(edit, v.later).toBe('s>z');
      expect(v.later, 'written as a mark').toBe(v.later.toUpperCase());
    }
  });

  it('doubles a consonant that stood once', () => {
    const r = rng(1);
    expect(SOUND_REWRITES.doubled_consonant('tomy', r)).toBe('tommy');
    expect(SOUND_REWRITES.doubled_consonant('aaa', r)).toBeNull();
    expect(SOUND_REWRITES.s_to_z('rose', r)).toBe('roze');
    expect(SOUND_REWRITES.c_to_k('cola', r)).toBe('kola');
    expect(SOUND_REWRITES.c_to_k('cinema', r)).toBeNull();
  });

  it('leaves out a copy that is another stored mark, and keeps the per-family quota', () => {
    const stored = new Set(marks.map(compact));
    const all = corpusVariants(marks, 5, 7, () => true, () => false);
    const kept = corpusVariants(marks, 5, 7, () => true, (c) => stored.has(c));
    for (const v of kept) if (compact(v.later) !== compact(v.earlier)) expect(stored.has(compact(v.later)), v.later).toBe(false);
    const families = new Set(all.map((v) => v.family));
    for (const family of families) expect(all.filter((v) => v.family === family).length).toBeLessThanOrEqual(5);
    expect(families.has('homophone') && families.has('vowel_swap')).toBe(true);
  });
});

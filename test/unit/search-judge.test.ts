// The one judgement (src/search/judge.ts): each copy family reaches its tier with its reason, the
// variant generator's copies of real marks are tiered as their family says, and asking for more
// channels never lowers a score or a tier.
import { describe, expect, it } from 'vitest';
import type { MatchTier } from '../../src/core/schemas/trademark.js';
import { analyze, type Channel } from '../../src/search/analyze.js';
import { distinctive } from '../../src/search/families.js';
import { judge } from '../../src/search/judge.js';
import { CHANNELS, DEFAULT_CHANNELS } from '../../src/search/params.js';
import { referenceCommonness } from '../../src/search/reference-commonness.js';
import { loadEuipo } from '../../bench/lib/eval-corpus.js';
import { generateVariants, INTENDED, rng } from '../../bench/lib/variants.js';

const DEFAULT = new Set<Channel>(DEFAULT_CHANNELS);
const PHONETIC = new Set<Channel>(['identical', 'phonetic']);
const j = (a: string, b: string, channels: ReadonlySet<Channel> = DEFAULT) => judge(analyze(a), analyze(b), channels);
const RANK: Record<MatchTier, number> = { identical: 0, near_identical: 1, similar: 2, related: 3 };

describe('families', () => {
  it.each([
    ['Python', 'PYTHON', 'identical', 'same_text', 'the same letters and digits'],
    ['SUN BLAZE', 'SUNBLAZE', 'near_identical', 'split_join', 'the same letters, split or joined differently'],
    ['ROOTS', 'ROOT', 'near_identical', 'plural', 'a plural of the same word'],
    ['PYTON', 'PYTHON', 'near_identical', 'one_edit', 'one letter left out'],
    ['PITHON', 'PYTHON', 'near_identical', 'one_edit', 'one letter changed: I and Y'],
    ['APPEL', 'APPLE', 'near_identical', 'transposition', 'two letters swapped: EL and LE'],
    ['GALEMOTTIR', 'GALEMOTOR', 'similar', 'two_edits', 'two letters changed'],
    ['FONE', 'PHONE', 'similar', 'homophone', 'sounds the same: PH and F'],
    ['KWIK', 'QUICK', 'similar', 'homophone', 'sounds the same: C, K, Q and CK'],
    ['NITE OWL', 'NIGHT OWL', 'similar', 'homophone', 'sounds the same: -IGHT and -ITE'],
    ['EKSTREME', 'XTREME', 'similar', 'homophone', 'sounds the same: X and EKS'],
    ['FUD BOX', 'FOOD BOX', 'similar', 'homophone', 'sounds the same: OO and U'],
    ['EZ TAX', 'EASY TAX', 'similar', 'letter_name', 'a letter or number said by its name: EZ and EASY'],
    ['TAX 4 U', 'TAX FOR YOU', 'similar', 'letter_name', 'a letter or number said by its name: U and YOU'],
    ['4EVER', 'FOREVER', 'similar', 'letter_name', 'a number said as a word: 4EVER and FOREVER'],
    ['G00GLE', 'GOOGLE', 'similar', 'lookalike', 'looks the same: 00 and OO'],
    ['TALENTIA GROUP', 'TALENTIA', 'similar', 'contains', 'one mark contains the other whole: TALENTIA in TALENTIA GROUP'],
  ])('%s / %s is %s (%s)', (a, b, tier, family, reason) => {
    const s = j(a, b)!;
    expect({ tier: s.tier, family: s.family, reason: s.reason }).toEqual({ tier, family, reason });
  });

  it('a mark that is one ordinary word inside another shares a word; it is no copy', () => {
    const s = j('ORANGE', 'ORANGE BABIES')!;
    expect(s.family).toBeNull();
    expect(s.tier).toBe('related');
    expect(s.reason).toBe('shares ORANGE');
  });

  it('an ordinary word few marks use, whole inside another, is the earlier mark: GOLDEN APPLE holds APPLE', () => {
    const s = j('GOLDEN APPLE', 'APPLE')!;
    expect({ tier: s.tier, family: s.family }).toEqual({ tier: 'similar', family: 'contains' });
  });

  it('containment is on word boundaries (spaces aside) or at the start, never a fragment at the end of a word', () => {
    expect(j('B BENZING', 'ZING')?.family).not.toBe('contains');
    expect(j('LAZARA', 'ZARA')?.family).not.toBe('contains');
    expect(j("RICHARD PETTY'S ACCU TUNE", 'ACCUTUNE')?.family).toBe('contains');
    expect(j('TALENTIAGROUP', 'TALENTIA')?.family).toBe('contains');
  });

  it('a short mark sounds the same only with its letters one slip apart', () => {
    expect(j('CCB', 'KBB')?.family).not.toBe('homophone');
    expect(j('ALPS', 'ILP')?.family).not.toBe('homophone');
    expect(j('AMOCO', "I'M ECO")?.family).not.toBe('homophone');
    expect(j('OCS', 'UCS')?.family).toBe('homophone');
    expect(j('KAT', 'CAT')?.family).toBe('homophone');
  });

  it('one letter that turns an ordinary word into another is no slip: IDEAL/IDEAS', () => {
    expect(j('IDEAL', 'IDEAS')?.tier).not.toBe('near_identical');
    expect(j('IDEAL', 'IDEAS')?.family).toBeNull();
  });

  it('a spelling lane alone makes no short mark similar, nor a skeleton one edit apart', () => {
    expect(j('ONE', '1:1')?.tier).not.toBe('similar');
    expect(j('ADRILLTECH', 'AGRITECH')?.tier).not.toBe('similar');
  });

  it('one letter in a mark of four is no near_identical (CAT/CAR are different words)', () => expect(j('CAST', 'CART')?.tier).not.toBe('near_identical'));

  it('sounds the same with phonetic alone: PITHON reaches PYTHON at least as high as the default channels put it', () => {
    const phon = j('PITHON', 'PYTHON', PHONETIC)!;
    const def = j('PITHON', 'PYTHON')!;
    expect(RANK[phon.tier]).toBeLessThanOrEqual(RANK.similar);
    expect(phon.score).toBeGreaterThanOrEqual(def.score);
    expect(j('FONE', 'PHONE', PHONETIC)!.tier).toBe('similar');
  });
});

const euipo = loadEuipo();
const r = rng(2311);
const sources = Array.from({ length: 600 }, () => euipo[Math.floor(r() * euipo.length)]![1]);
const variants = generateVariants(sources, 30, 2311, (part) => distinctive(analyze(part), referenceCommonness));

describe('generated copies of real marks', () => {
  it('each family reaches its tier or closer on the default channels, for nearly every copy', () => {
    const families = [...new Set(variants.map((v) => v.family))];
    expect(families.length).toBe(Object.keys(INTENDED).length);
    for (const f of families) {
      const of = variants.filter((v) => v.family === f);
      const reached = of.filter((v) => {
        const s = j(v.later, v.earlier);
        return s !== null && RANK[s.tier] <= RANK[INTENDED[f]];
      });
      expect(reached.length / of.length, f).toBeGreaterThanOrEqual(0.95);
    }
  });

  it('more channels never lower a score or a tier', () => {
    const subsets = Array.from({ length: 1 << CHANNELS.length }, (_, m) => new Set<Channel>(CHANNELS.filter((_, i) => m & (1 << i))));
    const pr = rng(7);
    let checked = 0;
    for (const v of variants) {
      const small = subsets[1 + Math.floor(pr() * (subsets.length - 1))]!;
      const extra = CHANNELS[Math.floor(pr() * CHANNELS.length)]!;
      const big = new Set([...small, extra]);
      const a = j(v.later, v.earlier, small);
      const b = j(v.later, v.earlier, big);
      if (!a) continue;
      checked++;
      expect(b, `${v.later}/${v.earlier} +${extra}`).not.toBeNull();
      expect(b!.score, `${v.later}/${v.earlier} +${extra}`).toBeGreaterThanOrEqual(a.score);
      expect(RANK[b!.tier], `${v.later}/${v.earlier} +${extra}`).toBeLessThanOrEqual(RANK[a.tier]);
    }
    expect(checked).toBeGreaterThan(200);
  });
});

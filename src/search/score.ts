// Scoring one candidate against the query: a score per channel ("lane", 0..1), the tier, and the
// 0..100 relevance. Calibration of the thresholds: docs/search.md and bench/eval-search.ts.
import type { MatchTier } from '../core/schemas/trademark.js';
import type { Analysis, Channel } from './analyze.js';
import { commonPrefix, dice, fuzzyBudget, osa, soundOsa } from './distance.js';
import { rhymeKey } from './normalize.js';
import { conceptualLane } from './conceptual.js';
// The contains family's minimum: from it, a mark at the start or end of the other is whole inside
// it for the ranking floor (WAVE in POWERWAVE); shorter, only as whole words (BLU starts every BLUE).
import { CONTAINED_MIN } from './families.js';
import { COMMON_MIN, FEATURES, fuse, WEIGHTS, type Commonness } from './fusion.js';
import { containment, sharedTrigrams, trigramSet } from './trigram.js';

/** Scores at or above this are `similar`; below, down to RELATED_MIN, `related`; lower is no hit. */
export const SIMILAR_MIN = 0.88;
export const RELATED_MIN = 0.25;
/** The identical lane of marks whose near forms are equal but whose letters differ. */
const NEAR_FORM = 0.93;
export const RANKING_VERSION = 'v18';

/** Edit similarity within the length-scaled budget, 0 beyond it. */
const editScore = (a: string, b: string, measure: typeof osa): number => {
  const len = Math.max(a.length, b.length);
  const budget = Math.max(fuzzyBudget(len), len >= 3 ? 1 : 0);
  const d = measure(a, b, budget);
  return d > budget ? 0 : 1 - d / len;
};

/** The rhyme key of a mark's near form, computed once per Analysis (a cached candidate meets many queries). */
const rhymeOf = (a: Analysis): string => (a.rhyme ??= rhymeKey(a.near));
const sortedWordsOf = (a: Analysis): string => (a.sortedWords ??= [...a.nearWords].sort().join(' '));

// Spelling edits on the near form (sound-group substitutions cost half), or failing that, edits on
// the sound keys (DOUGIES/HUGGIES rhyme), discounted because sound keys are coarse.
const fuzzyLane = (q: Analysis, c: Analysis, orth: number): number => {
  // A first letter written another way for the same sound (C/K, PH/F, CY/SY) is no first-letter change.
  const firstSame = q.near[0] === c.near[0] || rhymeOf(q)[0] === rhymeOf(c)[0] ? 1 : 0.95;
  const spelling = editScore(q.near, c.near, soundOsa) * firstSame * (0.8 + 0.2 * orth);
  // The rhyme lane tops out at 0.9 × (1 − 1/len): skip it when spelling already wins.
  if (spelling >= 0.9) return spelling;
  const sound = editScore(rhymeOf(q), rhymeOf(c), osa) * (0.5 + 0.4 * orth);
  return Math.max(spelling, sound);
};

const phoneticLane = (q: Analysis, c: Analysis, orth: number): number => {
  let best = Infinity;
  let shortest = 0;
  for (const a of q.pcodes)
    for (const b of c.pcodes) {
      const d = osa(a, b, 1);
      if (d < best) {
        best = d;
        shortest = Math.min(a.length, b.length);
      }
    }
  // Short codes (one or two sounds) are weak evidence: many unrelated marks share them.
  let whole = 0;
  if (best === 0) whole = (shortest >= 3 ? 0.64 : 0.54) + 0.3 * orth;
  else if (best === 1 && shortest >= 3) whole = 0.5 + 0.25 * orth;
  const qWords = q.wcodes.length ? q.wcodes : [q.pcodes];
  const cWords = c.wcodes.length ? c.wcodes : [c.pcodes];
  if (qWords.length + cWords.length <= 2) return whole;
  let matched = 0;
  for (const qc of qWords) if (qc.some((x) => x.length >= 2 && cWords.some((cc) => cc.includes(x)))) matched++;
  const cover = matched / Math.max(qWords.length, cWords.length);
  return Math.max(whole, matched > 0 ? 0.35 + 0.3 * cover : 0);
};

/** Skeletons from this long may differ by one edit beyond the look-alike swaps. */
const LOOKALIKE_EDIT_MIN = 5;

// Look-alike letters cost nothing on the skeletons (rn/m, cl/d, 0/O, 1/l/I, v/y, vv/w), so a long
// mark with a look-alike swap and one more slip (M0DERN HOME/MODERN H0ME5) is one edit away: a
// confusable-letter edit cost. Shorter marks need equal skeletons (one edit is the fuzzy lane's).
const lookalikeLane = (q: Analysis, c: Analysis, orth: number): number => {
  const a = q.skeleton;
  const b = c.skeleton;
  if (a.length < 2) return 0;
  if (a === b) return 0.88 + 0.07 * orth;
  if (Math.min(a.length, b.length) < LOOKALIKE_EDIT_MIN || Math.abs(a.length - b.length) > 1) return 0;
  return osa(a, b, 1) <= 1 ? 0.72 + 0.1 * orth : 0;
};

/** Whether `short` is a run of whole consecutive words of `long`. */
const wordRun = (short: readonly string[], long: readonly string[]): boolean => {
  for (let i = 0; i + short.length <= long.length; i++) if (short.every((w, k) => long[i + k] === w)) return true;
  return false;
};


const embeddedLane = (q: Analysis, c: Analysis): { score: number; terms: string[]; whole: boolean } => {
  const [s, l] = q.near.length <= c.near.length ? [q, c] : [c, q];
  let score = 0;
  let terms: string[] = [];
  let whole = false;
  if (s.near !== l.near && l.near.includes(s.near)) {
    // On word boundaries (ML in ML MARK LEES; BUCKS at the end of ICEBUCKS), or inside one word.
    const r = s.near.length / l.near.length;
    const words = wordRun(s.nearWords, l.nearWords);
    const ends = l.near.startsWith(s.near) || l.near.endsWith(s.near);
    whole = s.near.length >= 3 && (words || (s.near.length >= CONTAINED_MIN && ends));
    if (words || (s.near.length >= 3 && ends)) score = 0.66 + 0.3 * r;
    else if (s.near.length >= 4 && l.nearWords.some((w) => w.includes(s.near))) score = 0.56 + 0.3 * r;
    if (score > 0) terms = [s.near];
  }
  // A long shared beginning (ECHINAID/ECHINACIN): the start of a mark weighs most.
  const prefix = commonPrefix(q.compact, c.compact);
  const longest = Math.max(q.compact.length, c.compact.length);
  if (prefix >= 4 && prefix / longest >= 0.5 && score < 0.55 + 0.3 * (prefix / longest)) {
    score = 0.55 + 0.3 * (prefix / longest);
    terms = [q.compact.slice(0, prefix)];
  }
  const longer = Math.max(q.near.length, c.near.length);
  if (q.nearWords.length > 1 || c.nearWords.length > 1) {
    if (q.near !== c.near && q.nearWords.length === c.nearWords.length && sortedWordsOf(q) === sortedWordsOf(c)) {
      return { score: 0.9, terms: q.nearWords, whole };
    }
    // Shared words weighted by their length, so the distinctive long word counts more than GOLD.
    let shared = 0;
    let firstShared = false;
    const sharedTerms: string[] = [];
    q.nearWords.forEach((w, i) => {
      if (w.length < 3) return;
      const at = c.nearWords.indexOf(w);
      if (at >= 0) {
        shared += w.length;
        sharedTerms.push(w);
        if (i === 0 || at === 0) firstShared = true;
      } else if (w.length >= 4 && c.nearWords.length === 1 && osa(w, c.near, 1) <= 1) shared += 0.7 * w.length;
    });
    const overlap = 0.5 + 0.35 * (shared / longer) + (firstShared ? 0.05 : 0);
    if (shared > 0 && overlap > score) {
      score = overlap;
      terms = sharedTerms;
    }
  }
  return { score, terms, whole };
};

/** Every lane of a candidate (-1 for a channel that is off), the tier of the two text-identity
 *  tiers, and the spelling measures the fusion weighs beside the lanes. The spelling measures
 *  (trigrams, Dice, the shared terms) belong to the pair, not to a channel: they are computed
 *  whatever the channels, so asking for a channel only adds its lane (docs/search.md). */
export interface LaneSet {
  tier: MatchTier | null;
  identical: number;
  fuzzy: number;
  /** pg_trgm Jaccard index of the folded texts, and the share of the smaller trigram set in the larger. */
  trigram: number;
  contained: number;
  embedded: number;
  phonetic: number;
  lookalike: number;
  conceptual: number;
  orth: number;
  /** The shared elements (embedded lane's terms, found whatever the channels: commonness reads them). */
  terms: string[];
  /** The embedded lane's score whether or not the channel is on (0 when nothing is shared). */
  shared: number;
  /** One mark whole inside the other: as whole words, or at its start or end (embeddedLane). */
  whole: boolean;
}

const trigramsOf = (a: Analysis): Int32Array => (a.trigrams ??= trigramSet(a.folded));

export const laneSet = (q: Analysis, c: Analysis, channels: ReadonlySet<Channel>): LaneSet => {
  let tier: MatchTier | null = null;
  if (q.folded === c.folded) tier = 'identical';
  else if (q.compact === c.compact) tier = 'near_identical';
  const orth = dice(q.near, c.near);
  // The top two tiers need the same letters and digits; a plural, a number word or a leading THE
  // (HEARTSPRINGS/HEARTSPRING, FOREVER/4EVER) is a strong `similar` on the identical channel.
  const identical = tier === 'identical' ? 1 : tier ? 0.96 : q.near === c.near ? NEAR_FORM : -1;
  const e = embeddedLane(q, c);
  const [gq, gc] = [trigramsOf(q), trigramsOf(c)];
  const both = sharedTrigrams(gq, gc);
  const union = gq.length + gc.length - both;
  return {
    tier,
    identical,
    fuzzy: channels.has('fuzzy') ? fuzzyLane(q, c, orth) : -1,
    trigram: union ? both / union : 0,
    contained: containment(gq, gc, both),
    embedded: channels.has('embedded') ? e.score : -1,
    phonetic: channels.has('phonetic') ? phoneticLane(q, c, orth) : -1,
    lookalike: channels.has('lookalike') ? lookalikeLane(q, c, orth) : -1,
    conceptual: channels.has('conceptual') ? conceptualLane(q, c) : -1,
    orth,
    terms: e.terms,
    shared: e.score,
    whole: e.whole,
  };
};

const commonSuffix = (a: string, b: string): number => {
  let i = 0;
  while (i < a.length && i < b.length && a[a.length - 1 - i] === b[b.length - 1 - i]) i++;
  return i;
};

const SHORT_SPAN = 10;
/** The same meaning in other words shares no letters, so the spelling measures of the fusion
 *  cannot see it, and too few meaning pairs are decided to fit its weight: a mark whose every
 *  word means what the other's words mean (conceptual lane 0.9) keeps a floor of its own,
 *  `related` but above most spelling hits. Partial meaning matches get no floor: they crowded
 *  textual hits out of the top 10 on tune. Chosen on tune. */
const MEANING_FULL = 0.9;
/** A close spelling (one or two edits, a look-alike letter) is `similar` from a fuzzy or lookalike
 *  lane of 0.78 (TRUCOOL/TURCOOL 0.79) whatever its fused score: on tune's labelled hits, spelling
 *  lanes from 0.78 up were mostly similar, while the fused score, fitted where most hits share a
 *  common word, scores a transposition low (it breaks trigrams). Only the tier: moving these hits
 *  up the ranking lowered recall@10 on tune (88.7% to 85.3%). */
const SPELLING_SIMILAR = 0.78;
const MEANING_FLOOR = 0.75;
/** A mark whole inside the other (as words, or at its start or end) ranks at least here on the
 *  embedded channel, whatever its commonness: THOMSON LIFE holds the earlier mark LIFE, and a
 *  tribunal weighs the earlier mark taken whole, while the fusion put LIFE below marks that only
 *  share letters (0.41 against 0.43 at rank 10). Only the ranking: the tier stays `related`
 *  (the contains family alone makes a distinctive mark `similar`), below every family's floor
 *  and a full translation's. On tune (docs/search.md), textual recall@10 rose from 133 to 137 of
 *  150 with the default channels and from 132 to 136 with all six; 0.6 to 0.8 gave 136 to 137. */
const WHOLE_FLOOR = 0.7;

const pos = (x: number): number => (x > 0 ? x : 0);

/** The fusion's inputs that belong to the pair, not to a lane (FEATURES order): trigrams, Dice,
 *  the length ratio, the shared beginning and ending, shortness and containment. */
const pairInputs = (q: Analysis, c: Analysis, l: LaneSet, out: Float64Array): void => {
  const longest = Math.max(q.compact.length, c.compact.length) || 1;
  out[1] = pos(l.trigram);
  out[6] = l.orth;
  out[7] = Math.min(q.near.length, c.near.length) / (Math.max(q.near.length, c.near.length) || 1);
  out[8] = commonPrefix(q.compact, c.compact) / longest;
  out[9] = commonSuffix(q.compact, c.compact) / longest;
  // A short mark is a weak lead: a fragment of three letters sits inside many marks.
  out[12] = Math.min(SHORT_SPAN, q.compact.length, c.compact.length) / SHORT_SPAN;
  out[14] = pos(l.contained);
};

/** The fusion's inputs (FEATURES order) for a candidate; a lane that is off counts 0. */
export const featureVector = (q: Analysis, c: Analysis, l: LaneSet, common?: Commonness, out: Float64Array = new Float64Array(FEATURES.length)): Float64Array => {
  const lanes = [l.fuzzy, l.embedded, l.phonetic, l.lookalike, l.conceptual];
  pairInputs(q, c, l, out);
  out[0] = pos(l.fuzzy);
  out[2] = pos(l.embedded);
  out[3] = pos(l.phonetic);
  out[4] = pos(l.lookalike);
  out[5] = pos(l.conceptual);
  out[10] = Math.max(0, ...lanes);
  out[11] = lanes.filter((v) => v >= STRONG).length;
  out[13] = common ? rarest(l, common) : 0;
  return out;
};

/** How common the rarest shared element is (one distinctive shared word is enough); 0 without one. */
const rarest = (l: LaneSet, common: Commonness): number => {
  if (l.shared <= 0 || !l.terms.length) return 0;
  let r = 1;
  for (const t of l.terms) r = Math.min(r, t.length < COMMON_MIN ? 1 : common(t));
  return r;
};
const COMMON = FEATURES.indexOf('common');

const features = new Float64Array(FEATURES.length);
/** fusedScore's lanes in LANE_KEYS order, reused by every pair. */
const laneValues = new Float64Array(5);
const BEST = FEATURES.indexOf('best');
const STRONG_AT = FEATURES.indexOf('strong');
/** A lane counts as strong (the `strong` input) from this. */
const STRONG = 0.6;
/** The lanes of featureVector's `lanes` list, a bit each, in its order. */
const LANE_KEYS = ['fuzzy', 'embedded', 'phonetic', 'lookalike', 'conceptual'] as const;
const LANE_BIT = LANE_KEYS.map((_, i) => 1 << i);
const LANE_AT = LANE_KEYS.map((k) => FEATURES.indexOf(k));
/** The lanes whose weight in the fusion is negative (fuzzy and lookalike in the current fit): every
 *  subset of them to leave out, as a mask of LANE_BIT. */
const NEGATIVE = LANE_KEYS.filter((k) => WEIGHTS[1 + FEATURES.indexOf(k)]! < 0);
const MASK_BITS: readonly number[] = NEGATIVE.reduce<number[]>((all, k) => [...all, ...all.map((m) => m | LANE_BIT[LANE_KEYS.indexOf(k)]!)], [0]);
/** The negative lanes that are on (a lane that is off is -1 already: leaving it out changes nothing). */
const onBits = (l: LaneSet): number => NEGATIVE.reduce((m, k) => (l[k] >= 0 ? m | LANE_BIT[LANE_KEYS.indexOf(k)]! : m), 0);

/** The fused score of a pair: the best of the fusion over the lanes asked for, and over the same
 *  lanes without those whose weights are negative. So a channel asked for can only add to the
 *  score (every other input's weight is positive or belongs to the pair, not to a channel). `common` says how common a shared element is; it only lowers the score, so it is
 *  counted only for pairs that would reach RELATED_MIN without it. The vector is built once: a
 *  mask changes only the inputs that read the lanes (a copy of the lanes and a vector per mask
 *  cost every candidate of every search). */
export const fusedScore = (q: Analysis, c: Analysis, l: LaneSet, common?: Commonness): number => {
  // The pair's inputs once; every other input is set for each mask below.
  const x = features;
  pairInputs(q, c, l, x);
  const lanes = laneValues;
  lanes[0] = l.fuzzy;
  lanes[1] = l.embedded;
  lanes[2] = l.phonetic;
  lanes[3] = l.lookalike;
  lanes[4] = l.conceptual;
  const on = onBits(l);
  let rare = -1;
  let best = 0;
  for (const mask of MASK_BITS) {
    if (mask & ~on) continue;
    let top = 0;
    let strong = 0;
    for (let k = 0; k < lanes.length; k++) {
      const v = mask & LANE_BIT[k]! ? -1 : lanes[k]!;
      x[LANE_AT[k]!] = pos(v);
      if (v > top) top = v;
      if (v >= STRONG) strong++;
    }
    x[BEST] = top;
    x[STRONG_AT] = strong;
    x[COMMON] = 0;
    let fused = fuse(x);
    if (common && fused >= RELATED_MIN) {
      if (rare < 0) rare = rarest(l, common);
      x[COMMON] = rare;
      fused = fuse(x);
    }
    best = Math.max(best, fused);
  }
  return best;
};

/** A look-alike lane from this is equal skeletons (0.88 + 0.07·dice); one skeleton edit beyond the
 *  look-alike swaps stays below it. */
const SAME_SKELETON = 0.88;
/** Marks shorter than this (letters and digits) reach `similar` by a spelling lane only through a
 *  family: ONE/1:1 share a skeleton of one letter. */
const SPELLING_MIN = 3;

/** The tier the lanes and the fused score give, before the families of src/search/families.ts:
 *  `similar` from SIMILAR_MIN or a close-spelling lane, `related` from RELATED_MIN. A close
 *  spelling is a fuzzy lane of 0.78 or equal look-alike skeletons: on tune's labels, a skeleton one
 *  edit apart beyond the swaps (ADRILLTECH/AGRITECH, IDEAL/I-DEPIL) was mostly not similar. */
export const laneTier = (l: LaneSet, score: number, q: Analysis, c: Analysis): MatchTier | null => {
  const long = Math.min(q.compact.length, c.compact.length) >= SPELLING_MIN;
  const spelling = long && (l.fuzzy >= SPELLING_SIMILAR || l.lookalike >= SAME_SKELETON);
  return score >= SIMILAR_MIN || spelling ? 'similar' : score >= RELATED_MIN ? 'related' : null;
};

/** The score before the families: the fused score, the identical lane, the meaning floor, the
 *  floor of a mark whole inside the other (embedded channel on), at most 0.95. */
export const laneScore = (q: Analysis, c: Analysis, l: LaneSet, common?: Commonness): number =>
  Math.min(0.95, Math.max(fusedScore(q, c, l, common), l.identical, l.conceptual >= MEANING_FULL ? MEANING_FLOOR : 0, l.embedded >= 0 && l.whole ? WHOLE_FLOOR : 0));

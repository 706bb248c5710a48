// Scoring one candidate against the query: a score per channel ("lane", 0..1), the tier, and the
// 0..100 relevance. Calibration of the thresholds: docs/search.md and bench/eval-search.ts.
import type { MatchTier } from '../core/schemas/trademark.js';
import type { Analysis, Channel } from './analyze.js';
import { commonPrefix, dice, fuzzyBudget, osa, soundOsa } from './distance.js';
import { rhymeKey } from './normalize.js';
import { conceptualLane } from './conceptual.js';

/** Scores at or above this are `similar`; below, down to RELATED_MIN, `related`; lower is no hit. */
export const SIMILAR_MIN = 0.75;
export const RELATED_MIN = 0.5;
/** The identical lane of marks whose near forms are equal but whose letters differ. */
const NEAR_FORM = 0.93;
export const RANKING_VERSION = 'v14';

export interface Scored {
  lanes: Partial<Record<Channel, number>>;
  score: number;
  tier: MatchTier;
  terms: string[];
}

const round3 = (x: number): number => Math.round(x * 1000) / 1000;

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
  const firstSame = q.near[0] === c.near[0] ? 1 : 0.95;
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

// One edit beyond a lookalike swap is the fuzzy lane's business.
const lookalikeLane = (q: Analysis, c: Analysis, orth: number): number =>
  q.skeleton.length >= 2 && q.skeleton === c.skeleton ? 0.88 + 0.07 * orth : 0;

/** Whether `short` is a run of whole consecutive words of `long`. */
const wordRun = (short: readonly string[], long: readonly string[]): boolean => {
  for (let i = 0; i + short.length <= long.length; i++) if (short.every((w, k) => long[i + k] === w)) return true;
  return false;
};

const embeddedLane = (q: Analysis, c: Analysis): { score: number; terms: string[] } => {
  const [s, l] = q.near.length <= c.near.length ? [q, c] : [c, q];
  let score = 0;
  let terms: string[] = [];
  if (s.near !== l.near && l.near.includes(s.near)) {
    // On word boundaries (ML in ML MARK LEES; BUCKS at the end of ICEBUCKS), or inside one word.
    const r = s.near.length / l.near.length;
    const boundary = wordRun(s.nearWords, l.nearWords) || (s.near.length >= 3 && (l.near.startsWith(s.near) || l.near.endsWith(s.near)));
    if (boundary) score = 0.66 + 0.3 * r;
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
      return { score: 0.9, terms: q.nearWords };
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
  return { score, terms };
};

/** Scores a candidate on the requested channels; null when it is not a hit on any of them. Lanes
 *  are plain numbers until the candidate is known to be a hit: most candidates are not. With
 *  `weak`, a candidate below RELATED_MIN with any lane above 0 is a `related` hit too (the rows
 *  that fill a short result list, docs/search.md). */
export const scoreCandidate = (q: Analysis, c: Analysis, channels: ReadonlySet<Channel>, weak = false): Scored | null => {
  let tier: MatchTier | null = null;
  if (q.folded === c.folded) tier = 'identical';
  else if (q.compact === c.compact) tier = 'near_identical';
  const orth = dice(q.near, c.near);
  // The top two tiers need the same letters and digits; a plural, a number word or a leading THE
  // (HEARTSPRINGS/HEARTSPRING, FOREVER/4EVER) is a strong `similar` on the identical channel.
  const identical = tier === 'identical' ? 1 : tier ? 0.96 : q.near === c.near ? NEAR_FORM : -1;
  const fuzzy = channels.has('fuzzy') ? fuzzyLane(q, c, orth) : -1;
  const phonetic = channels.has('phonetic') ? phoneticLane(q, c, orth) : -1;
  const lookalike = channels.has('lookalike') ? lookalikeLane(q, c, orth) : -1;
  const e = channels.has('embedded') ? embeddedLane(q, c) : null;
  const embedded = e ? e.score : -1;
  const conceptual = channels.has('conceptual') ? conceptualLane(q, c) : -1;
  let best = 0;
  let strong = 0;
  for (const v of [identical, fuzzy, phonetic, lookalike, embedded, conceptual]) {
    if (v > best) best = v;
    if (v >= 0.6) strong++;
  }
  const score = Math.min(tier ? 1 : 0.95, best + 0.02 * Math.max(0, strong - 1));
  if (!tier) {
    if (score >= SIMILAR_MIN) tier = 'similar';
    else if (score >= RELATED_MIN || (weak && score > 0)) tier = 'related';
    else return null;
  }
  const lanes: Partial<Record<Channel, number>> = {};
  if (identical > 0) lanes.identical = round3(identical);
  if (fuzzy > 0) lanes.fuzzy = round3(fuzzy);
  if (phonetic > 0) lanes.phonetic = round3(phonetic);
  if (lookalike > 0) lanes.lookalike = round3(lookalike);
  if (embedded > 0) lanes.embedded = round3(embedded);
  if (conceptual > 0) lanes.conceptual = round3(conceptual);
  const terms = e?.terms ?? [];
  return { lanes, score: round3(score), tier, terms: terms.length ? terms : [c.folded] };
};

/** The channels that found the hit: every lane at or above the related floor; for a weak hit
 *  below it, its best lane. */
export const via = (s: Scored): Channel[] => {
  const lanes = Object.entries(s.lanes) as [Channel, number][];
  const strong = lanes.filter(([, v]) => v >= RELATED_MIN);
  if (strong.length || !lanes.length) return strong.map(([k]) => k);
  const best = Math.max(...lanes.map(([, v]) => v));
  return lanes.filter(([, v]) => v === best).map(([k]) => k);
};

/** 0..100 for the public `relevance_score`. */
export const relevance = (s: Scored): number => Math.round(s.score * 100);

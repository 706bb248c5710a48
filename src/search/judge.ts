// The one judgement of a pair of marks: score, tier, the family that made them alike and its reason
// in plain words. Search hits, `compare`, screening hits (through search), watch evaluation,
// preview and diagnostics, and alerts all take their score and tier from `judge`, so the same pair
// on the same channels reads the same everywhere. It is pure: commonness comes from a fixed
// reference list, not from the store (src/search/reference-commonness.ts). docs/search.md.
import type { MatchTier } from '../core/schemas/trademark.js';
import type { Analysis, Channel } from './analyze.js';
import { commonElementOnly, familyOf, foldedWords, type FamilyName } from './families.js';
import type { Commonness } from './fusion.js';
import { numberCanon, singular } from './normalize.js';
import { referenceCommonness } from './reference-commonness.js';
import { laneScore, laneSet, laneTier, RELATED_MIN, SIMILAR_MIN, type LaneSet } from './score.js';

export interface Scored {
  lanes: Partial<Record<Channel, number>>;
  score: number;
  tier: MatchTier;
  terms: string[];
  /** The family that made the pair alike (src/search/families.ts), null for a resemblance of the
   *  fused score alone. */
  family: FamilyName | null;
  /** Why, in plain words: "sounds the same: PH and F", "one letter changed: I and Y". */
  reason: string;
}

const TIER_RANK: Record<MatchTier, number> = { identical: 0, near_identical: 1, similar: 2, related: 3 };
const closer = (a: MatchTier | null, b: MatchTier | null): MatchTier | null => (a && b ? (TIER_RANK[a] <= TIER_RANK[b] ? a : b) : (a ?? b));

/** Scores of the families' tiers: a family lifts the score to its tier's floor, so a hit's score
 *  and tier agree and a copy ranks above loose resemblances. Chosen on tune (docs/search.md). */
export const FLOORS: Record<MatchTier, number> = { identical: 1, near_identical: 0.9, similar: 0.8, related: 0 };
/** Same letters split or joined, and a plural, keep the scores they had as text-identity lanes. */
const SPLIT_JOIN = 0.96;
const PLURAL = 0.95;

/** The score of a pair kept below `similar` by its dominant element: the top of `related`. */
const DOMINANT_CAP = SIMILAR_MIN - 0.01;

const round3 = (x: number): number => Math.round(x * 1000) / 1000;

/** A shared term as the mark writes it (the near form reads TOBACCO as 2BACCO); the words are
 *  the ones the families split once per mark. */
const written = (c: Analysis, term: string): string => foldedWords(c).find((w) => singular(numberCanon(w)) === term) ?? term;

/** Plain words for a resemblance no family names: the strongest lane's. */
const laneReason = (l: LaneSet, terms: readonly string[]): string => {
  if (l.identical > 0) return 'the same name once THE, a plural or a web address is set aside';
  const best = (['identical', 'embedded', 'fuzzy', 'phonetic', 'lookalike', 'conceptual'] as const).reduce((b, k) => (l[k] > l[b] ? k : b), 'identical' as const);
  if (l[best] <= 0) return 'a similar spelling';
  switch (best) {
    case 'identical':
    case 'fuzzy':
      return 'a similar spelling';
    case 'embedded':
      return l.embedded === 0.9 ? 'the same words in another order' : `shares ${terms.map((t) => t.toUpperCase()).join(', ')}`;
    case 'phonetic':
      return 'sounds alike';
    case 'lookalike':
      return 'looks alike at a glance';
    case 'conceptual':
      return 'the same meaning in other words';
  }
};

/**
 * The judgement of mark `c` against mark `q` on the channels asked for; null when it is no hit.
 * With `weak`, a pair below RELATED_MIN with any lane above 0 is a `related` hit too (the rows
 * that fill a short result list). `common` replaces the reference commonness (the evaluation's
 * corpus counts); every surface leaves it out.
 */
export const judge = (q: Analysis, c: Analysis, channels: ReadonlySet<Channel>, weak = false, common: Commonness = referenceCommonness): Scored | null => {
  const l = laneSet(q, c, channels);
  const fam = familyOf(q, c, channels, common);
  const spelling = channels.has('fuzzy');
  const anyLane = (spelling && (l.fuzzy > 0 || l.trigram > 0)) || l.embedded > 0 || l.phonetic > 0 || l.lookalike > 0 || l.conceptual > 0 || l.identical > 0;
  if (!fam && !anyLane) return null;
  let score = laneScore(q, c, l, common);
  let tier = laneTier(l, score, q, c);
  // Only a common element shared, the distinctive parts unlike (src/search/families.ts): the
  // resemblance of the whole is that element's, so neither the fused score nor a spelling lane
  // makes the pair `similar` (nor two edits: see familyOf). Text only, no channel: a channel
  // asked for still only adds.
  if (!fam && tier === 'similar' && commonElementOnly(q, c, common)) {
    score = Math.min(score, DOMINANT_CAP);
    tier = score >= RELATED_MIN ? 'related' : null;
  }
  if (fam) {
    tier = closer(tier, fam.tier);
    const floor = fam.family === 'split_join' ? SPLIT_JOIN : fam.family === 'plural' ? PLURAL : FLOORS[fam.tier];
    score = Math.max(score, floor);
  }
  if (!tier) {
    if (!(weak && score > 0)) return null;
    tier = 'related';
  }
  const lanes: Partial<Record<Channel, number>> = {};
  if (l.identical > 0) lanes.identical = round3(l.identical);
  // Shared trigrams are a spelling resemblance: the fuzzy channel's.
  const fuzzy = spelling ? Math.max(l.fuzzy, l.trigram) : 0;
  if (fuzzy > 0) lanes.fuzzy = round3(fuzzy);
  if (l.phonetic > 0) lanes.phonetic = round3(l.phonetic);
  if (l.lookalike > 0) lanes.lookalike = round3(l.lookalike);
  if (l.embedded > 0) lanes.embedded = round3(l.embedded);
  if (l.conceptual > 0) lanes.conceptual = round3(l.conceptual);
  const terms = l.terms.length ? l.terms : [c.folded];
  return { lanes, score: round3(score), tier, terms, family: fam?.family ?? null, reason: fam?.reason ?? laneReason(l, terms.map((t) => written(c, t))) };
};

/** Lanes at or above this name their channel in `match.via`. */
const VIA_MIN = 0.5;

/** The channels that found the hit: every lane of at least 0.5; for a hit without one, its best lane. */
export const via = (s: Scored): Channel[] => {
  const lanes = Object.entries(s.lanes) as [Channel, number][];
  const strong = lanes.filter(([, v]) => v >= VIA_MIN);
  if (strong.length || !lanes.length) return strong.map(([k]) => k);
  const best = Math.max(...lanes.map(([, v]) => v));
  return lanes.filter(([, v]) => v === best).map(([k]) => k);
};

/** 0..100 for the public `relevance_score`. */
export const relevance = (s: Scored): number => Math.round(s.score * 100);

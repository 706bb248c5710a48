// The risk of one earlier mark to a proposed mark: the engine's text score, discounted by how far
// apart the goods are, the earlier mark's status and strength, and the owner, with the reasons a
// person can check. Clearance leans towards the conflict: a missed one costs an opposition, a false
// alarm a minute, so the tier sets a floor (identical or near-identical and live: high; similar:
// medium) unless the goods are known to be unrelated. Rules and cut-offs: docs/clearance.md.
import { z } from 'zod';
import type { MatchTier, TrademarkRow } from '../core/schemas/trademark.js';
import { fold } from '../search/normalize.js';
import { goodsRelatedness, type GoodsRelatedness, type GoodsSide } from './goods.js';

export const RiskLevel = z.enum(['high', 'medium', 'low', 'minimal']);
export type RiskLevel = z.infer<typeof RiskLevel>;

export const Reason = z.object({
  factor: z.enum(['text', 'goods', 'status', 'strength', 'owner', 'dates']),
  effect: z.enum(['raises', 'lowers', 'neutral']),
  detail: z.string(),
});
export type Reason = z.infer<typeof Reason>;

export const HitRisk = z.object({ level: RiskLevel, score: z.number().min(0).max(1), reasons: z.array(Reason) });
export type HitRisk = z.infer<typeof HitRisk>;

export interface Calibration {
  /** A text score below this rates minimal whatever the goods: too far apart to be a bar. */
  textFloor: number;
  /** Strength factor of a crowded matched term. */
  crowdFactor: number;
  /** Hits of one screening sharing a matched term beyond this make it crowded. */
  crowdHits: number;
  /** Level cut-offs on the 0..1 risk score. */
  cuts: Record<Exclude<RiskLevel, 'minimal'>, number>;
}

/** Chosen on the decided pairs' tune split by `npm run eval:risk` for clearance's objective: at least
 *  95% of the pairs held similar at medium or above (bench/calibrate-risk.ts; docs/clearance.md). */
export const CALIBRATION: Calibration = { textFloor: 0.3, crowdFactor: 1, crowdHits: 5, cuts: { high: 0.93, medium: 0.32, low: 0.16 } };
/** Goods factor when either side's goods are unknown: the text alone decides, as for the same goods. */
const GOODS_UNKNOWN = 1;
/** The same mark needs no further similarity. */
const IDENTICAL_FACTOR = 1.1;

export const levelOf = (score: number, cuts = CALIBRATION.cuts): RiskLevel => (score >= cuts.high ? 'high' : score >= cuts.medium ? 'medium' : score >= cuts.low ? 'low' : 'minimal');

export const goodsFactor = (g: GoodsRelatedness | null): number => (g === null || g.level === 'unknown' ? GOODS_UNKNOWN : 0.3 + 0.7 * g.score);

/** The least level a hit gets whatever its score: set by its tier, when the earlier mark is still live. */
export type RiskFloor = 'high' | 'medium';

/** The factors of one hit's risk, each a multiplier except the text score, the two flags and the floor. */
export interface RiskParts {
  text: number;
  goods: number;
  status: number;
  owner: number;
  identical: boolean;
  crowded: boolean;
  floor: RiskFloor | null;
}

/**
 * The floor of a hit: an identical or near-identical earlier mark is high, a similar one at least
 * medium, while it is live (not known dead: grace and restoration count as live) and its goods are
 * not known to be unrelated. The proposal's own marks have none.
 */
export const floorOf = (tier: MatchTier | null, s: { live: boolean; goodsUnrelated: boolean; own: boolean }): RiskFloor | null => {
  if (!s.live || s.goodsUnrelated || s.own) return null;
  if (tier === 'identical' || tier === 'near_identical') return 'high';
  return tier === 'similar' ? 'medium' : null;
};

export const riskScore = (p: RiskParts, cal: Calibration = CALIBRATION): number => {
  if (p.owner === 0) return 0;
  const strength = (p.identical ? IDENTICAL_FACTOR : 1) * (p.crowded ? cal.crowdFactor : 1);
  const raw = p.text < cal.textFloor ? 0 : Math.min(1, p.text * p.goods * p.status * strength);
  // A floored hit scores at least its level's cut, so the score, the level and the order agree.
  return Math.round(Math.max(raw, p.floor ? cal.cuts[p.floor] : 0) * 1000) / 1000;
};

/** A matched term is crowded when more hits of the screening than `crowdHits` share it. */
export const crowdedTerms = (terms: readonly string[], termCounts: ReadonlyMap<string, number>, cal: Calibration = CALIBRATION): string[] =>
  terms.filter((t) => (termCounts.get(t) ?? 0) > cal.crowdHits);

/** The status factor, and whether the mark is live: anything not known to be dead. */
const statusFactor = (row: TrademarkRow): { factor: number; live: boolean; reason: Reason } => {
  const s = row.status;
  const term = row.derived.term.state;
  if (s.primary === 'inactive') {
    if (term === 'in_grace' || term === 'in_restoration')
      return { factor: 0.6, live: true, reason: { factor: 'status', effect: 'neutral', detail: `Inactive (${s.stage}) but still ${term.replace('_', ' ')}: the owner can revive it.` } };
    return { factor: 0.15, live: false, reason: { factor: 'status', effect: 'lowers', detail: `Dead (${s.stage}): no longer a bar, though the owner may still use it.` } };
  }
  if (s.primary === 'active') return { factor: 1, live: true, reason: { factor: 'status', effect: 'raises', detail: `Registered and live (${s.stage}).` } };
  if (s.primary === 'pending') return { factor: 0.9, live: true, reason: { factor: 'status', effect: 'raises', detail: `Pending (${s.stage}): an earlier application.` } };
  return { factor: 0.7, live: true, reason: { factor: 'status', effect: 'neutral', detail: `Status ${s.primary}: not known to be dead, so treated as live.` } };
};

/** Whether a mark carries any class or goods data. */
export const hasGoodsData = (row: Pick<TrademarkRow, 'classifications'>): boolean => row.classifications.some((c) => c.nice_class !== null || !!c.goods_services?.trim());

const FLOOR_DETAIL: Record<RiskFloor, string> = {
  high: 'Identical or near-identical to an earlier mark that is still live, with goods not known to be unrelated: high whatever the other factors.',
  medium: 'Similar to an earlier mark that is still live, with goods not known to be unrelated: at least medium whatever the other factors.',
};

/** Whether a reason is the tier floor's: it, not the product of the factors, set the level. */
export const isFloorReason = (r: Reason): boolean => Object.values(FLOOR_DETAIL).includes(r.detail);

export interface RiskInput {
  row: TrademarkRow;
  /** The engine's 0..1 score of the hit (relevance / 100). */
  text: number;
  proposal: GoodsSide & { owner: string | null };
  /** How many hits of the screening share each matched term. */
  termCounts: Map<string, number>;
}

export const assessHit = ({ row, text, proposal, termCounts }: RiskInput): HitRisk & { goods: GoodsRelatedness | null } => {
  const reasons: Reason[] = [];
  const tier = row.match?.tier ?? 'related';
  const via = row.match?.via ?? [];
  reasons.push({ factor: 'text', effect: text >= 0.75 ? 'raises' : 'neutral', detail: `${tier.replace('_', '-')} text (score ${Math.round(text * 100)}) via ${via.join(', ') || 'identical'}${row.match?.terms.length ? `; matched ${row.match.terms.join(', ')}` : ''}.` });

  const hasGoods = proposal.classes.length > 0 || !!proposal.text;
  const goods = hasGoods
    ? goodsRelatedness(proposal, { classes: row.classifications.flatMap((c) => (c.nice_class === null ? [] : [c.nice_class])), text: row.classifications.map((c) => c.goods_services ?? '').join('; ') })
    : null;
  const gf = goodsFactor(goods);
  const goodsDetail = !goods
    ? 'No goods or classes given for the proposal: goods were not compared, so the text alone decides.'
    : goods.level === 'unknown' && !hasGoodsData(row)
      ? 'The earlier mark has no class or goods data: its goods are unknown, so they are taken as possibly the same.'
      : goods.explanation;
  reasons.push({ factor: 'goods', effect: gf >= 0.7 ? 'raises' : 'lowers', detail: goodsDetail });

  const status = statusFactor(row);
  reasons.push(status.reason);

  const identical = tier === 'identical' || tier === 'near_identical';
  if (identical) reasons.push({ factor: 'strength', effect: 'raises', detail: 'The same mark: confusion needs no further similarity.' });
  const crowded = tier === 'identical' ? [] : crowdedTerms(row.match?.terms ?? [], termCounts);
  if (crowded.length) {
    reasons.push({ factor: 'strength', effect: CALIBRATION.crowdFactor < 1 ? 'lowers' : 'neutral', detail: `Crowded element: ${crowded.map((t) => `${t} (${termCounts.get(t)} hits)`).join(', ')} is common${CALIBRATION.crowdFactor < 1 ? ', so its owner\'s rights are narrow' : '; on the decided pairs that did not lower the odds of a conflict, so the score is not discounted'}.` });
  }

  let ownerFactor = 1;
  const own = proposal.owner ? fold(proposal.owner) : null;
  const owners = row.owners.map((o) => o.name).filter(Boolean);
  const ownMark = !!own && owners.some((n) => fold(n).includes(own));
  if (ownMark) {
    ownerFactor = 0;
    reasons.push({ factor: 'owner', effect: 'lowers', detail: `Owned by ${owners.join(', ')}: the proposal's own owner.` });
  } else if (owners.length) reasons.push({ factor: 'owner', effect: 'neutral', detail: `Owner: ${owners.slice(0, 3).join(', ')}.` });

  const dates = [row.filing_date && `filed ${row.filing_date}`, row.registration_date && `registered ${row.registration_date}`, (row.expiry_date ?? row.derived.expiry_date) && `expires ${row.expiry_date ?? row.derived.expiry_date}`].filter(Boolean);
  if (dates.length) reasons.push({ factor: 'dates', effect: 'neutral', detail: `${dates.join(', ')}.` });

  const floor = floorOf(row.match?.tier ?? null, { live: status.live, goodsUnrelated: goods?.level === 'unrelated', own: ownMark });
  if (floor) reasons.splice(1, 0, { factor: 'text', effect: 'raises', detail: FLOOR_DETAIL[floor] });
  else if (text < CALIBRATION.textFloor) reasons.push({ factor: 'text', effect: 'lowers', detail: `Text score under the floor ${Math.round(CALIBRATION.textFloor * 100)}: rated minimal.` });
  const score = riskScore({ text, goods: gf, status: status.factor, owner: ownerFactor, identical, crowded: crowded.length > 0, floor });
  return { level: levelOf(score), score, reasons, goods };
};

// The risk of one earlier mark to a proposed mark: the engine's text score, discounted by how far
// apart the goods are, the earlier mark's status and strength, and the owner, with the reasons a
// person can check. Weights and level cut-offs: docs/clearance.md (chosen on decided pairs, tune split).
import { z } from 'zod';
import type { TrademarkRow } from '../core/schemas/trademark.js';
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

/** Chosen on the decided pairs' tune split by `npm run eval:risk` (bench/calibrate-risk.ts; docs/clearance.md). */
export const CALIBRATION: Calibration = { textFloor: 0, crowdFactor: 1, crowdHits: 5, cuts: { high: 0.93, medium: 0.73, low: 0.05 } };
/** Goods factor when the proposal names no goods: the text alone decides, somewhat discounted. */
const GOODS_UNKNOWN = 0.7;
/** The same mark needs no further similarity. */
const IDENTICAL_FACTOR = 1.1;

export const levelOf = (score: number, cuts = CALIBRATION.cuts): RiskLevel => (score >= cuts.high ? 'high' : score >= cuts.medium ? 'medium' : score >= cuts.low ? 'low' : 'minimal');

export const goodsFactor = (g: GoodsRelatedness | null): number => (g === null || g.level === 'unknown' ? GOODS_UNKNOWN : 0.3 + 0.7 * g.score);

/** The factors of one hit's risk, each a multiplier except the text score and the two flags. */
export interface RiskParts {
  text: number;
  goods: number;
  status: number;
  owner: number;
  identical: boolean;
  crowded: boolean;
}

export const riskScore = (p: RiskParts, cal: Calibration = CALIBRATION): number => {
  if (p.text < cal.textFloor) return 0;
  const strength = (p.identical ? IDENTICAL_FACTOR : 1) * (p.crowded ? cal.crowdFactor : 1);
  return Math.round(Math.min(1, p.text * p.goods * p.status * strength * p.owner) * 1000) / 1000;
};

/** A matched term is crowded when more hits of the screening than `crowdHits` share it. */
export const crowdedTerms = (terms: readonly string[], termCounts: ReadonlyMap<string, number>, cal: Calibration = CALIBRATION): string[] =>
  terms.filter((t) => (termCounts.get(t) ?? 0) > cal.crowdHits);

const statusFactor = (row: TrademarkRow): { factor: number; reason: Reason } => {
  const s = row.status;
  const term = row.derived.term.state;
  if (s.primary === 'inactive') {
    if (term === 'in_grace' || term === 'in_restoration')
      return { factor: 0.6, reason: { factor: 'status', effect: 'neutral', detail: `Inactive (${s.stage}) but still ${term.replace('_', ' ')}: the owner can revive it.` } };
    return { factor: 0.15, reason: { factor: 'status', effect: 'lowers', detail: `Dead (${s.stage}): no longer a bar, though the owner may still use it.` } };
  }
  if (s.primary === 'active') return { factor: 1, reason: { factor: 'status', effect: 'raises', detail: `Registered and live (${s.stage}).` } };
  if (s.primary === 'pending') return { factor: 0.9, reason: { factor: 'status', effect: 'raises', detail: `Pending (${s.stage}): an earlier application.` } };
  return { factor: 0.7, reason: { factor: 'status', effect: 'neutral', detail: `Status ${s.primary}.` } };
};

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
  reasons.push({ factor: 'goods', effect: gf >= 0.7 ? 'raises' : 'lowers', detail: goods ? goods.explanation : 'No goods or classes given for the proposal: text only.' });

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
  if (own && owners.some((n) => fold(n).includes(own))) {
    ownerFactor = 0;
    reasons.push({ factor: 'owner', effect: 'lowers', detail: `Owned by ${owners.join(', ')}: the proposal's own owner.` });
  } else if (owners.length) reasons.push({ factor: 'owner', effect: 'neutral', detail: `Owner: ${owners.slice(0, 3).join(', ')}.` });

  const dates = [row.filing_date && `filed ${row.filing_date}`, row.registration_date && `registered ${row.registration_date}`, (row.expiry_date ?? row.derived.expiry_date) && `expires ${row.expiry_date ?? row.derived.expiry_date}`].filter(Boolean);
  if (dates.length) reasons.push({ factor: 'dates', effect: 'neutral', detail: `${dates.join(', ')}.` });

  if (text < CALIBRATION.textFloor) reasons.push({ factor: 'text', effect: 'lowers', detail: `Text score under the floor ${Math.round(CALIBRATION.textFloor * 100)}: rated minimal.` });
  const score = riskScore({ text, goods: gf, status: status.factor, owner: ownerFactor, identical, crowded: crowded.length > 0 });
  return { level: levelOf(score), score, reasons, goods };
};

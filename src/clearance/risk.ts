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

/** Level cut-offs on the 0..1 risk score. */
export const CUTS: Record<Exclude<RiskLevel, 'minimal'>, number> = { high: 0.6, medium: 0.4, low: 0.2 };
/** Goods factor when the proposal names no goods: the text alone decides, somewhat discounted. */
const GOODS_UNKNOWN = 0.7;
/** Hits sharing one matched term beyond this make it a crowded, weaker element. */
const CROWD = 5;

export const levelOf = (score: number): RiskLevel => (score >= CUTS.high ? 'high' : score >= CUTS.medium ? 'medium' : score >= CUTS.low ? 'low' : 'minimal');

export const goodsFactor = (g: GoodsRelatedness | null): number => (g === null || g.level === 'unknown' ? GOODS_UNKNOWN : 0.3 + 0.7 * g.score);

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

  let strength = 1;
  if (tier === 'identical' || tier === 'near_identical') {
    strength = 1.1;
    reasons.push({ factor: 'strength', effect: 'raises', detail: 'The same mark: confusion needs no further similarity.' });
  }
  const crowded = (row.match?.terms ?? []).filter((t) => (termCounts.get(t) ?? 0) > CROWD);
  if (crowded.length && tier !== 'identical') {
    strength *= 0.8;
    reasons.push({ factor: 'strength', effect: 'lowers', detail: `Crowded element: ${crowded.map((t) => `${t} (${termCounts.get(t)} hits)`).join(', ')} is common, so its owner's rights are narrow.` });
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

  const score = Math.round(Math.min(1, text * gf * status.factor * strength * ownerFactor) * 1000) / 1000;
  return { level: levelOf(score), score, reasons, goods };
};

// A screening's shapes and the pure parts of running one: channel presets, the overall risk and
// its summary, and what changed between two runs of the same screening.
import { z } from 'zod';
import { TrademarkRow } from '../core/schemas/trademark.js';
import type { Channel } from '../search/analyze.js';
import { CHANNELS, DEFAULT_CHANNELS } from '../search/params.js';
import { GoodsRelatedness } from './goods.js';
import { HitRisk, RiskLevel } from './risk.js';

export const PRESETS = {
  all: [...CHANNELS],
  default: DEFAULT_CHANNELS,
  sound: ['identical', 'phonetic', 'fuzzy'],
  look: ['identical', 'lookalike', 'fuzzy'],
} satisfies Record<string, Channel[]>;
export const Preset = z.enum(['all', 'default', 'sound', 'look']);

export const DecisionValue = z.enum(['conflict', 'watch', 'dismiss']);
export type DecisionValue = z.infer<typeof DecisionValue>;
export const HitDecision = z.object({ decision: DecisionValue, note: z.string().nullable(), decided_at: z.string() });

export const ScreeningHit = TrademarkRow.extend({ risk: HitRisk, goods: GoodsRelatedness.nullable(), decision: HitDecision.nullable() });
export type ScreeningHit = z.infer<typeof ScreeningHit>;

export const Proposal = z.object({
  mark: z.string(),
  goods: z.string().nullable(),
  classes: z.array(z.number().int()),
  /** Classes searched: the proposal's and their coordinated classes; empty means all. */
  searched_classes: z.array(z.number().int()),
  offices: z.array(z.string()),
  channels: z.array(z.string()),
  preset: Preset,
  owner: z.string().nullable(),
});
export type Proposal = z.infer<typeof Proposal>;

export const OverallRisk = z.enum(['high', 'medium', 'low', 'clear']);
const Brief = z.object({ id: z.string(), mark_text: z.string().nullable(), office_code: z.string(), level: RiskLevel });
export const Changes = z.object({
  since: z.string(),
  added: z.array(Brief),
  removed: z.array(Brief),
  changed: z.array(Brief.extend({ from: RiskLevel })),
});
export type Changes = z.infer<typeof Changes>;

export const Screening = z.object({
  id: z.string(),
  object: z.literal('screening'),
  created_at: z.string(),
  updated_at: z.string(),
  run_count: z.number().int(),
  proposal: Proposal,
  overall: z.object({ risk: OverallRisk, score: z.number(), summary: z.string() }),
  counts: z.record(RiskLevel, z.number().int()),
  hits: z.array(ScreeningHit),
  changes: Changes.nullable(),
  data_date: z.string().nullable().describe('Latest office sync of the store the screening read'),
  method: z.string(),
  warnings: z.array(z.string()),
});
export type Screening = z.infer<typeof Screening>;

export const METHOD =
  'Candidates from search_trademarks on the chosen channels (proposal classes and their coordinated classes, and marks with no class data; chosen offices); risk = text score × goods factor × status factor × strength × owner, with a floor from the tier for a live mark whose goods are not known to be unrelated: identical or near-identical high, similar medium (docs/clearance.md).';

const LEVELS = RiskLevel.options;

export const overallOf = (proposal: Proposal, hits: readonly ScreeningHit[]): Screening['overall'] & { counts: Screening['counts'] } => {
  const counts = Object.fromEntries(LEVELS.map((l) => [l, hits.filter((h) => h.risk.level === l).length])) as Screening['counts'];
  const top = hits[0];
  const risk = !top || top.risk.level === 'minimal' ? 'clear' : top.risk.level;
  const where = proposal.offices.length ? ` in ${proposal.offices.join(', ')}` : '';
  const cls = proposal.classes.length ? ` for class ${proposal.classes.join(', ')}` : '';
  const tally = LEVELS.filter((l) => l !== 'minimal' && counts[l] > 0).map((l) => `${counts[l]} ${l}`).join(', ');
  const summary = top && risk !== 'clear'
    ? `${proposal.mark}${cls}${where}: ${risk} risk. ${tally}-risk earlier mark${hits.length === 1 ? '' : 's'}; the closest is ${top.mark_text} (${top.office_code} ${top.application_number}, ${top.status.primary}), ${top.risk.reasons[0]?.detail ?? ''}`
    : `${proposal.mark}${cls}${where}: clear. No earlier mark above minimal risk among ${hits.length} candidate${hits.length === 1 ? '' : 's'}.`;
  return { risk, score: top?.risk.score ?? 0, summary: summary.trim(), counts };
};

/** What a re-run found that the previous run did not, lost, or rated differently. */
export const diffRuns = (before: readonly ScreeningHit[], after: readonly ScreeningHit[], since: string): Changes => {
  const brief = (h: ScreeningHit) => ({ id: h.id, mark_text: h.mark_text, office_code: h.office_code, level: h.risk.level });
  const old = new Map(before.map((h) => [h.id, h]));
  const now = new Map(after.map((h) => [h.id, h]));
  return {
    since,
    added: after.filter((h) => !old.has(h.id)).map(brief),
    removed: before.filter((h) => !now.has(h.id)).map(brief),
    changed: after.flatMap((h) => {
      const prev = old.get(h.id);
      return prev && prev.risk.level !== h.risk.level ? [{ ...brief(h), from: prev.risk.level }] : [];
    }),
  };
};

// Running a screening: candidates from the search operation (so every engine improvement reaches
// clearance), each rated by the risk model, sorted by risk, with the reviewer's decisions attached.
import { classify } from '../../clearance/classify.js';
import { isCoordinated } from '../../clearance/goods.js';
import { assessHit } from '../../clearance/risk.js';
import { PRESETS, type Proposal, type ScreeningHit } from '../../clearance/screening.js';
import type { Context } from '../../context.js';
import { TmError } from '../../errors.js';
import type { Decision, Scope } from '../../store/screening-repo.js';
import { searchTrademarks } from '../search-trademarks.js';
import { niceIndex } from './nice.js';

/** Candidates read from search per run (one page). */
const CANDIDATES = 100;
/** Inferred classes need at least this share of the goods text's votes. */
const INFER_MIN = 0.15;

export const scopeOf = (ctx: Context): Scope => ({ orgId: ctx.org?.id ?? null, livemode: ctx.org?.livemode ?? true });

export interface ScreeningRequest {
  mark: string;
  goods?: string;
  classes?: number[];
  offices: string[];
  preset: Proposal['preset'];
  owner?: string;
}

/** The proposal as run: classes inferred from the goods when none are given, and the classes searched. */
export const proposalOf = (req: ScreeningRequest): { proposal: Proposal; warnings: string[] } => {
  const warnings: string[] = [];
  let classes = [...new Set(req.classes ?? [])].sort((a, b) => a - b);
  if (classes.length === 0 && req.goods) {
    classes = classify(niceIndex(), req.goods, 3).filter((p) => p.confidence >= INFER_MIN).map((p) => p.class).sort((a, b) => a - b);
    if (classes.length) warnings.push(`No classes given: classes ${classes.join(', ')} were inferred from the goods (classify_goods).`);
  }
  const searched = classes.length ? Array.from({ length: 45 }, (_, i) => i + 1).filter((c) => classes.some((p) => p === c || isCoordinated(p, c))) : [];
  return {
    proposal: { mark: req.mark, goods: req.goods ?? null, classes, searched_classes: searched, offices: req.offices, channels: PRESETS[req.preset], preset: req.preset, owner: req.owner ?? null },
    warnings,
  };
};

export const runScreening = async (ctx: Context, proposal: Proposal, decisions: readonly Decision[]): Promise<{ hits: ScreeningHit[]; warnings: string[]; dataDate: string | null }> => {
  const found = await searchTrademarks.run(
    ctx,
    searchTrademarks.input.parse({
      q: proposal.mark,
      similarity: proposal.channels,
      ...(proposal.offices.length ? { offices: proposal.offices } : {}),
      ...(proposal.searched_classes.length ? { nice_classes: proposal.searched_classes } : {}),
      include: 'match_details',
      limit: CANDIDATES,
    }),
  );
  const termCounts = new Map<string, number>();
  for (const h of found.data) for (const t of h.match?.terms ?? []) termCounts.set(t, (termCounts.get(t) ?? 0) + 1);
  const decided = new Map(decisions.map((d) => [d.trademark_id, d]));
  const hits = found.data.map((row): ScreeningHit => {
    const { goods, ...risk } = assessHit({ row, text: (row.relevance_score ?? 0) / 100, proposal: { classes: proposal.classes, text: proposal.goods, owner: proposal.owner }, termCounts });
    const d = decided.get(row.id);
    const { match_explanation: _legacy, ...plain } = row;
    return { ...plain, risk, goods, decision: d ? { decision: d.decision as 'conflict', note: d.note, decided_at: d.decided_at } : null };
  });
  hits.sort((a, b) => b.risk.score - a.risk.score || (b.relevance_score ?? 0) - (a.relevance_score ?? 0) || a.id.localeCompare(b.id));
  const syncs = await ctx.store.offices.syncs();
  const dates = [...syncs.values()].map((s) => s.last_successful_sync).sort();
  return { hits, warnings: found.search_meta.warnings.map((w) => w.detail ?? w.code), dataDate: dates.at(-1) ?? null };
};

export const checkScreeningId = (id: string): void => {
  if (!id.startsWith('scr_'))
    throw new TmError('id_type_mismatch', `'${id}' is not a screening id; screening ids start with scr_.`, { param: 'id' });
};

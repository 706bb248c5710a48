// Running a screening: candidates from the search operation (so every engine improvement reaches
// clearance), each rated by the risk model, sorted by risk, with the reviewer's decisions attached.
import { classify } from '../../clearance/classify.js';
import { isCoordinated } from '../../clearance/goods.js';
import { assessHit, hasGoodsData } from '../../clearance/risk.js';
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

export const inferredNote = (classes: readonly number[]): string => `No classes given: classes ${classes.join(', ')} were inferred from the goods (classify_goods).`;

/** The proposal as run: classes inferred from the goods when none are given, and the classes searched. */
export const proposalOf = (req: ScreeningRequest): { proposal: Proposal; warnings: string[] } => {
  const warnings: string[] = [];
  let classes = [...new Set(req.classes ?? [])].sort((a, b) => a - b);
  if (classes.length === 0 && req.goods) {
    classes = classify(niceIndex(), req.goods, 3).filter((p) => p.confidence >= INFER_MIN).map((p) => p.class).sort((a, b) => a - b);
    if (classes.length) warnings.push(inferredNote(classes));
  }
  const searched = classes.length ? ALL_CLASSES.filter((c) => classes.some((p) => p === c || isCoordinated(p, c))) : [];
  return {
    proposal: { mark: req.mark, goods: req.goods ?? null, classes, searched_classes: searched, offices: req.offices, channels: PRESETS[req.preset], preset: req.preset, owner: req.owner ?? null },
    warnings,
  };
};

const ALL_CLASSES = Array.from({ length: 45 }, (_, i) => i + 1);

/**
 * The candidates: one page of search on the proposal's text. A class-scoped screening reads a
 * second page of the marks with no class data at all (excluding every class leaves exactly those),
 * so an earlier mark is never dropped because its goods are unknown.
 */
const candidatesOf = async (ctx: Context, proposal: Proposal) => {
  const search = async (scope: Record<string, unknown>) => {
    const found = await searchTrademarks.run(
      ctx,
      searchTrademarks.input.parse({
        q: proposal.mark,
        similarity: proposal.channels,
        ...(proposal.offices.length ? { offices: proposal.offices } : {}),
        ...scope,
        include: 'match_details',
        limit: CANDIDATES,
      }),
    );
    return { data: found.data, warnings: found.search_meta.warnings.map((w) => w.detail ?? w.code) };
  };
  if (!proposal.searched_classes.length) return search({});
  const classed = await search({ nice_classes: proposal.searched_classes });
  const unclassed = await search({ exclude: { nice_classes: ALL_CLASSES } });
  const seen = new Set(classed.data.map((h) => h.id));
  return { data: [...classed.data, ...unclassed.data.filter((h) => !seen.has(h.id))], warnings: [...new Set([...classed.warnings, ...unclassed.warnings])] };
};

/**
 * The warnings every reader of a screening needs first, before the search's own: that goods were
 * not compared, and how many earlier marks were screened with their goods unknown (of all the
 * candidates rated, and of the hits kept).
 */
export const goodsWarnings = (proposal: Proposal, screened: readonly ScreeningHit[], kept: readonly ScreeningHit[]): string[] => {
  const out: string[] = [];
  if (!proposal.classes.length && !proposal.goods)
    out.push('Goods were not compared: the proposal names no goods or classes, so the text alone decides each risk, as if the goods were the same. Give goods or classes to weigh them.');
  const unknown = screened.filter((h) => !hasGoodsData(h)).length;
  if (unknown) {
    const listed = kept.filter((h) => !hasGoodsData(h)).length;
    out.push(
      `${unknown} earlier mark${unknown === 1 ? '' : 's'} with no class or goods data ${unknown === 1 ? 'was' : 'were'} screened with the goods unknown, taken as possibly the same${proposal.searched_classes.length ? ' (kept although the screening is limited to classes)' : ''}; ${listed} ${listed === 1 ? 'is' : 'are'} among the ${kept.length} hits listed.`,
    );
  }
  return out;
};

export const runScreening = async (ctx: Context, proposal: Proposal, decisions: readonly Decision[]): Promise<{ hits: ScreeningHit[]; warnings: string[]; dataDate: string | null }> => {
  const found = await candidatesOf(ctx, proposal);
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
  return { hits, warnings: found.warnings, dataDate: dates.at(-1) ?? null };
};

export const checkScreeningId = (id: string): void => {
  if (!id.startsWith('scr_'))
    throw new TmError('id_type_mismatch', `'${id}' is not a screening id; screening ids start with scr_.`, { param: 'id' });
};

// Matching one changed mark against one watch, shared by evaluation, preview and diagnostics. A
// watch is compiled once (sets, the analysed `q`); each test then walks the same steps in the same
// order, so diagnostics can name the first step that failed. Similarity is the search engine's
// one judgement (src/search/judge.ts) on the mark's text directly, not a search per change.
import type { TrademarkRecord } from '../core/schemas/trademark.js';
import type { Analysis, Channel } from '../search/analyze.js';
import { analyzeText } from '../search/indexer.js';
import { judge, via, type Scored } from '../search/judge.js';
import type { WatchRow } from '../store/watch-repo.js';
import { reachesTier, type Matching, type WatchQuery, type WatchType } from './watch-query.js';

export interface CompiledWatch {
  row: WatchRow;
  type: WatchType;
  triggers: ReadonlySet<string>;
  offices: ReadonlySet<string> | null;
  classes: ReadonlySet<number> | null;
  statuses: ReadonlySet<string> | null;
  trademarkIds: ReadonlySet<string> | null;
  portfolioId: string | null;
  ownerId: string | null;
  q: Analysis | null;
  channels: ReadonlySet<Channel>;
  matching: Matching;
}

export interface MatchResult {
  tier: 'identical' | 'near_identical' | 'similar' | 'related';
  score: number;
  via: Channel[];
  /** Why the marks are alike, in plain words (src/search/judge.ts). */
  reason: string;
}

/** Why a mark did not match, in the order the steps run. */
export type Miss =
  | { step: 'trigger'; detail: string }
  | { step: 'office'; detail: string }
  | { step: 'filter'; detail: string }
  | { step: 'score'; detail: string };

const setOf = <T>(values: readonly T[] | undefined): ReadonlySet<T> | null => (values?.length ? new Set(values) : null);

export const compileWatch = (row: WatchRow): CompiledWatch => {
  const query = JSON.parse(row.query) as WatchQuery;
  const matching = JSON.parse(row.matching) as Matching;
  const f = query.filters ?? {};
  const offices = [...(f.offices ?? []), ...(f.jurisdictions ?? [])].map((o) => o.toUpperCase());
  return {
    row,
    type: row.watch_type as WatchType,
    triggers: new Set(JSON.parse(row.trigger_events) as string[]),
    offices: setOf(offices),
    classes: setOf(f.niceClasses),
    statuses: setOf(f.statusPrimary),
    trademarkIds: setOf(f.trademarkIds),
    portfolioId: f.portfolioId ?? null,
    ownerId: f.ownerId ?? null,
    q: query.q ? analyzeText(query.q) : null,
    channels: new Set(matching.channels),
    matching,
  };
};

/** The analysed mark text, computed once per changed mark however many watches score it. */
export type TextOf = (r: TrademarkRecord) => Analysis;

export const cachedText = (): TextOf => {
  const cache = new Map<string, Analysis>();
  return (r) => {
    let a = cache.get(r.id);
    if (!a) {
      a = analyzeText(r.mark_text);
      cache.set(r.id, a);
    }
    return a;
  };
};

/** The judgement of a mark against the watch's text on the watch's channels; null without a text
 *  or when it is no hit. Evaluation, preview and diagnostics all read it. */
export const judgeMark = (w: CompiledWatch, r: TrademarkRecord, textOf: TextOf): Scored | null => (w.q ? judge(w.q, textOf(r), w.channels) : null);

/**
 * Tests one mark (and the event type, when evaluating a change) against a watch. `inPortfolio`
 * answers membership for portfolio watches. Returns the match, or the first step that failed.
 */
export const testMark = (
  w: CompiledWatch,
  r: TrademarkRecord,
  eventType: string | null,
  inPortfolio: (portfolioId: string, trademarkId: string) => boolean,
  textOf: TextOf,
): { match: MatchResult | null } | { miss: Miss } => {
  if (eventType !== null && !w.triggers.has(eventType)) {
    return { miss: { step: 'trigger', detail: `The trigger event ${eventType} is not in trigger_events (${[...w.triggers].join(', ')}).` } };
  }
  if (w.offices && !w.offices.has(r.office_code)) {
    return { miss: { step: 'office', detail: `The watch does not include the office ${r.office_code} (it watches ${[...w.offices].join(', ')}).` } };
  }
  if (w.trademarkIds && !w.trademarkIds.has(r.id)) return { miss: { step: 'filter', detail: 'The mark is not one of the watch\'s trademarkIds.' } };
  if (w.portfolioId && !inPortfolio(w.portfolioId, r.id)) return { miss: { step: 'filter', detail: `The mark is not in the portfolio ${w.portfolioId}.` } };
  if (w.ownerId && !r.owners.some((o) => o.owner_id === w.ownerId || o.entity_id === w.ownerId)) {
    return { miss: { step: 'filter', detail: `The mark is not held by ${w.ownerId}.` } };
  }
  if (w.classes && !r.classifications.some((c) => c.nice_class !== null && w.classes!.has(c.nice_class))) {
    return { miss: { step: 'filter', detail: `The mark is in none of the classes ${[...w.classes].join(', ')}.` } };
  }
  if (w.statuses && !w.statuses.has(r.status.primary)) return { miss: { step: 'filter', detail: `The mark's status ${r.status.primary} is not watched.` } };
  if (!w.q) return { match: null };
  const scored = judgeMark(w, r, textOf);
  const threshold = w.matching.scoreThreshold;
  if (!scored || !reachesTier(scored.tier, w.matching.minTier) || (threshold !== undefined && scored.score < threshold)) {
    const got = scored ? `${scored.score} (${scored.tier}: ${scored.reason})` : 'below the related floor';
    return { miss: { step: 'score', detail: `The score ${got} was below the threshold min_tier ${w.matching.minTier}.` } };
  }
  return { match: { tier: scored.tier, score: scored.score, via: via(scored), reason: scored.reason } };
};

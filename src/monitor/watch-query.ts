// The watch `query` (spec §9.6): one shape for the five watch types, strict camelCase filters, the
// field each type requires, and the earlier keys (`strategies`, `min_match_tier`) that keep legacy
// matching with a deprecation. Pure validation: ids are resolved by the caller.
import { z } from 'zod';
import { MatchTier } from '../core/schemas/trademark.js';
import { TmError } from '../errors.js';
import type { Channel } from '../search/analyze.js';
import { STRATEGY_CHANNELS, SUNSET, type Deprecation } from '../search/legacy.js';
import { forAgents } from '../core/agent-schema.js';
import { CHANNELS, parseChannels } from '../search/params.js';

export const WATCH_TYPES = ['mark', 'portfolio', 'owner', 'class', 'similarity'] as const;
export type WatchType = (typeof WATCH_TYPES)[number];

/** The five trademark event types a watch can trigger on; the first three are the default (§6.1). */
export const TRIGGER_EVENTS = ['trademark.created', 'trademark.updated', 'trademark.status_changed', 'trademark.retracted', 'trademark.corrected'] as const;
export const DEFAULT_TRIGGERS = TRIGGER_EVENTS.slice(0, 3);

export const Filters = z.strictObject({
  trademarkIds: z.array(z.string().min(1)).min(1).max(1000).optional(),
  portfolioId: z.string().min(1).optional(),
  ownerId: z.string().regex(/^(own|ent)_/, 'expected an owner (own_…) or entity (ent_…) id').optional(),
  niceClasses: z.array(z.number().int().min(1).max(45)).min(1).max(45).optional(),
  jurisdictions: z.array(z.string().regex(/^[A-Za-z]{2}$/, 'expected two-letter codes')).min(1).optional(),
  offices: z.array(z.string().regex(/^[A-Za-z]{2}$/, 'expected two-letter office codes')).min(1).optional(),
  statusPrimary: z.array(z.string().min(1)).min(1).optional(),
});
export type Filters = z.infer<typeof Filters>;

export const WatchQuery = z.strictObject({
  version: z.enum(['v1', 'v3']).optional(),
  q: z.string().trim().min(1).max(200).optional().describe('Mark text to match new filings against (required for a similarity watch)'),
  similarity: forAgents(z.union([z.string(), z.array(z.string())]).optional().describe('Channels, as in search_trademarks'), z.array(z.enum(CHANNELS))),
  min_tier: MatchTier.optional().describe('Lowest match tier that raises an alert (default similar)'),
  filters: Filters.optional().describe('Which marks: the one the watch type requires, and any narrowing'),
  strategies: z.union([z.string(), z.array(z.string())]).optional().describe('Deprecated: use similarity'),
  min_match_tier: MatchTier.optional().describe('Deprecated: use min_tier'),
  // The v1 query language of the service's public documentation (spec §9.6: legacy matching).
  trigger_events: forAgents(z.array(z.string()).min(1).optional().describe('Deprecated (v1): the watch\'s trigger_events'), null),
  score_threshold: forAgents(z.number().min(0).max(1).optional().describe('Deprecated (v1): lowest 0-1 match score that raises an alert; use min_tier'), null),
});
export type WatchQuery = z.infer<typeof WatchQuery>;

/** What evaluation needs, settled once at save time. */
export interface Matching {
  mode: 'v3' | 'legacy';
  channels: Channel[];
  minTier: z.infer<typeof MatchTier>;
  /** A v1 query's `score_threshold`: the 0-1 engine score a match must reach (legacy matching). */
  scoreThreshold?: number;
}

const SNAKE_HINTS: Record<string, string> = {
  trademark_ids: 'trademarkIds',
  portfolio_id: 'portfolioId',
  owner_id: 'ownerId',
  nice_classes: 'niceClasses',
  status_primary: 'statusPrimary',
  status: 'statusPrimary',
};
const TEXT_FILTER = /^(mark_text|markText|exclude|exclusions|not_|q$)/;

/** Names unknown keys before zod does, with the fix: snake_case typos, text filters, exclusions. */
const checkKeys = (raw: unknown): void => {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return;
  const q = raw as Record<string, unknown>;
  for (const key of Object.keys(q)) {
    if (TEXT_FILTER.test(key) && key !== 'q') {
      throw new TmError('validation_error', `query.${key}: watch queries do not take text filters or exclusions.`, { param: `query.${key}`, suggestion: 'Use q with similarity and min_tier.' });
    }
  }
  const filters = q.filters;
  if (filters === null || typeof filters !== 'object' || Array.isArray(filters)) return;
  for (const key of Object.keys(filters)) {
    const hint = SNAKE_HINTS[key];
    if (hint) throw new TmError('validation_error', `query.filters.${key} is not a filter key; filter keys are camelCase.`, { param: `query.filters.${key}`, suggestion: `Use ${hint}.` });
    if (TEXT_FILTER.test(key)) {
      throw new TmError('validation_error', `query.filters.${key}: watch queries do not take text filters or exclusions.`, { param: `query.filters.${key}` });
    }
  }
};

const REQUIRED: Record<WatchType, { field: string; present: (q: WatchQuery) => boolean }> = {
  mark: { field: 'query.filters.trademarkIds', present: (q) => !!q.filters?.trademarkIds?.length },
  portfolio: { field: 'query.filters.portfolioId', present: (q) => !!q.filters?.portfolioId },
  owner: { field: 'query.filters.ownerId', present: (q) => !!q.filters?.ownerId },
  class: { field: 'query.filters.niceClasses', present: (q) => !!q.filters?.niceClasses?.length },
  similarity: { field: 'query.q', present: (q) => !!q.q },
};

const conflict = (old: string, current: string): TmError =>
  new TmError('conflicting_params', `query.${old} (an earlier watch key) and query.${current} were both sent.`, { param: `query.${old}`, suggestion: `Send only ${current}.` });

/**
 * Validates a query for a watch type: the shape, the field the type requires, and earlier keys.
 * Returns the parsed query, the matching it selects and the deprecations to report.
 */
export const parseWatchQuery = (type: WatchType, raw: unknown): { query: WatchQuery; matching: Matching; deprecations: Deprecation[] } => {
  checkKeys(raw);
  const parsed = WatchQuery.safeParse(raw ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = ['query', ...issue.path.map(String)].join('.');
    if (issue.code === 'unrecognized_keys') {
      throw new TmError('validation_error', `${path}.${issue.keys[0]} is not a watch query key.`, {
        param: `${path}.${issue.keys[0]}`,
        suggestion: path === 'query' ? 'Query keys: version, q, similarity, min_tier, filters.' : 'Filter keys: trademarkIds, portfolioId, ownerId, niceClasses, jurisdictions, offices, statusPrimary.',
      });
    }
    throw new TmError('validation_error', `${path}: ${issue.message}`, { param: path });
  }
  const query = parsed.data;
  const required = REQUIRED[type];
  if (!required.present(query)) throw new TmError('validation_error', `${required.field} is required for a ${type} watch.`, { param: required.field });

  const v1 = query.version === 'v1';
  const v1Keys = query.trigger_events !== undefined || query.score_threshold !== undefined;
  if (v1Keys && !v1) throw new TmError('validation_error', `query.${query.trigger_events !== undefined ? 'trigger_events' : 'score_threshold'} belongs to the v1 query language; send version: v1 with it, or use trigger_events and min_tier.`, { param: 'query.version' });
  if (v1 && (query.similarity !== undefined || query.min_tier !== undefined)) throw conflict('version', query.similarity !== undefined ? 'similarity' : 'min_tier');
  const legacyKeys = v1 || query.strategies !== undefined || query.min_match_tier !== undefined;
  const newKeys = query.version === 'v3' || query.similarity !== undefined || query.min_tier !== undefined;
  if (query.strategies !== undefined && query.similarity !== undefined) throw conflict('strategies', 'similarity');
  if (query.min_match_tier !== undefined && query.min_tier !== undefined) throw conflict('min_match_tier', 'min_tier');
  if (legacyKeys && newKeys) throw conflict(query.strategies !== undefined ? 'strategies' : 'min_match_tier', query.version !== undefined ? 'version' : query.similarity !== undefined ? 'similarity' : 'min_tier');

  const deprecations: Deprecation[] = [];
  let matching: Matching;
  if (legacyKeys) {
    if (query.strategies !== undefined) deprecations.push({ parameter: 'query.strategies', replacement: 'query.similarity', sunset: SUNSET });
    if (query.min_match_tier !== undefined) deprecations.push({ parameter: 'query.min_match_tier', replacement: 'query.min_tier', sunset: SUNSET });
    if (v1) deprecations.push({ parameter: 'query.version=v1', replacement: 'query.version=v3 (similarity, min_tier)', sunset: SUNSET });
    if (query.score_threshold !== undefined) deprecations.push({ parameter: 'query.score_threshold', replacement: 'query.min_tier', sunset: SUNSET });
    const names = query.strategies === undefined ? ['exact', 'fuzzy'] : [query.strategies].flat().flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean);
    for (const n of names) {
      if (!Object.hasOwn(STRATEGY_CHANNELS, n)) throw new TmError('validation_error', `query.strategies: unknown strategy '${n}'.`, { param: 'query.strategies', suggestion: `Use ${Object.keys(STRATEGY_CHANNELS).join(', ')}.` });
    }
    matching = {
      mode: 'legacy',
      channels: [...new Set(names.flatMap((n) => STRATEGY_CHANNELS[n]!))] as Channel[],
      minTier: query.min_match_tier ?? 'related',
      ...(query.score_threshold !== undefined ? { scoreThreshold: query.score_threshold } : {}),
    };
  } else {
    let channels: Channel[];
    try {
      channels = query.similarity === undefined ? parseChannels('identical,fuzzy,embedded,lookalike') : parseChannels(query.similarity);
    } catch (err) {
      if (err instanceof TmError) throw new TmError(err.type, `query.${err.message}`, { param: 'query.similarity', suggestion: err.suggestion ?? undefined });
      throw err;
    }
    matching = { mode: 'v3', channels, minTier: query.min_tier ?? 'similar' };
  }
  if (type !== 'similarity' && query.q === undefined && (query.similarity !== undefined || query.strategies !== undefined)) {
    throw new TmError('validation_error', 'query.similarity needs query.q.', { param: 'query.q' });
  }
  return { query, matching, deprecations };
};

const TIER_RANK: Record<z.infer<typeof MatchTier>, number> = { identical: 4, near_identical: 3, similar: 2, related: 1 };

/** Whether a hit's tier reaches the watch's floor. */
export const reachesTier = (tier: z.infer<typeof MatchTier>, floor: z.infer<typeof MatchTier>): boolean => TIER_RANK[tier] >= TIER_RANK[floor];

// search_earlier: the earlier-generation search (`GET /v1/search`, spec §4.3), answered by
// search_trademarks: `search_type` maps onto similarity channels as in spec §9.5, and the
// earlier-only filters (unified `status`, mark `type`, `threshold`) are applied to each ranked page.
import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import type { Context } from '../context.js';
import { defineOp } from './define-op.js';
import { EarlierTrademark, earlierEnvelope, toEarlierTrademark, UnifiedStatus, unifiedStatus } from './earlier-shape.js';
import { searchTrademarks } from './search-trademarks.js';

const CHANNELS = { exact: 'identical,lookalike', fuzzy: 'fuzzy,embedded,lookalike', phonetic: 'phonetic' } as const;
const PRIMARY: Record<UnifiedStatus, string> = {
  live_pending: 'pending',
  live_opposition: 'pending',
  live_registered: 'active',
  dead_abandoned: 'inactive',
  dead_cancelled: 'inactive',
  dead_expired: 'inactive',
};

/** Offices with data here: those ingested (cheap), else those present in the store. */
const officesHeld = async (ctx: Context): Promise<string[]> => {
  const synced = [...(await ctx.store.offices.syncs()).keys()];
  return (synced.length ? synced : [...new Set((await ctx.store.trademarks.stats()).map((s) => s.office_code))]).sort();
};

export const searchEarlier = defineOp({
  name: 'search_earlier',
  summary: 'Search trademarks (earlier shape, GET /v1/search)',
  description:
    'The earlier-generation search: `q` (2+ characters) with `search_type` exact, fuzzy or phonetic, filters office, classes, owner, unified status and mark type, and a `threshold` on the 0-1 similarity score. Results are earlier trademark objects with `similarity_score`. New clients should use search_trademarks. Status, type and threshold filter each ranked page, so a page can hold fewer than `limit` results while `has_more` is true.',
  scope: 'trademarks:read',
  meter: 'search',
  readOnly: true,
  http: { method: 'GET', path: '/v1/search', shape: 'earlier' },
  input: z.strictObject({
    q: z.string().trim().min(2, 'q needs at least 2 characters').describe('The mark to search for'),
    search_type: z.enum(['exact', 'fuzzy', 'phonetic']).default('exact'),
    office: z.array(z.string().regex(/^[A-Za-z]{2}$/)).optional().describe('Office code or comma list'),
    classes: z.array(z.number().int().min(1).max(45)).optional().describe('Nice classes 1 to 45'),
    status: z.array(UnifiedStatus).optional().describe('Unified statuses'),
    owner: z.string().min(1).optional().describe('Owner name contains'),
    type: z.enum(['word', 'logo', 'combined']).optional(),
    threshold: z.number().min(0).max(1).default(0.8).describe('Lowest similarity_score returned (default 0.8)'),
    limit: z.number().int().min(1).max(100).default(50),
    cursor: z.string().optional(),
    include: z.array(z.enum(['images', 'history', 'related'])).optional().describe('Accepted; images and related are always present, history is on the detail route'),
  }),
  output: earlierEnvelope(
    z.object({
      results: z.array(EarlierTrademark),
      pagination: z.object({ total_results: z.number().int(), has_more: z.boolean(), next_cursor: z.string().nullable() }),
      search_metadata: z.object({
        query: z.string(),
        search_type: z.string(),
        query_time_ms: z.number().int(),
        offices_searched: z.array(z.string()),
        credits_used: z.number().int(),
      }),
    }),
  ),
  run: async (ctx, input) => {
    const started = performance.now();
    const primaries = input.status ? [...new Set(input.status.map((s) => PRIMARY[s]))] : undefined;
    const res = await searchTrademarks.run(ctx, {
      q: input.q,
      similarity: CHANNELS[input.search_type],
      ...(input.office ? { offices: input.office.join(',') } : {}),
      ...(input.classes ? { nice_classes: input.classes.join(',') } : {}),
      ...(primaries ? { status: primaries.join(',') } : {}),
      ...(input.owner ? { owner: input.owner } : {}),
      limit: input.limit,
      include_total: true,
      ...(input.cursor ? { cursor: input.cursor } : {}),
    });
    const wanted = input.status ? new Set<string>(input.status) : null;
    const results = [];
    for (const hit of res.data) {
      const { match_explanation: _m, derived: _d, relevance_score, match: _match, ...record } = hit;
      const earlier = toEarlierTrademark({ ...record, events: [] });
      const score = Math.round(((relevance_score ?? 0) / 100) * 1000) / 1000;
      if (score < input.threshold) continue;
      if (wanted && !wanted.has(unifiedStatus(record.status) ?? '')) continue;
      if (input.type && earlier.mark.type !== input.type) continue;
      results.push({ ...earlier, similarity_score: score });
    }
    return {
      success: true as const,
      data: {
        results,
        pagination: { total_results: res.pagination.total_count ?? results.length, has_more: res.has_more, next_cursor: res.pagination.cursor },
        search_metadata: {
          query: input.q,
          search_type: input.search_type,
          query_time_ms: Math.round(performance.now() - started),
          offices_searched: input.office?.map((o) => o.toUpperCase()) ?? (await officesHeld(ctx)),
          credits_used: 1,
        },
      },
    };
  },
});

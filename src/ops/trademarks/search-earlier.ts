// search_earlier: the earlier-generation search (`GET /v1/search`, spec §4.3) on the same engine as
// search_trademarks: `search_type` maps onto similarity channels as in spec §9.5. The earlier-only
// filters (`threshold` on the 0-1 score, unified `status`, mark `type`) apply to the whole ranked
// result before it is paged, so every page is full and `total_results` counts what pages hold.
import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import type { Context } from '../../context.js';
import type { TrademarkRecord } from '../../core/schemas/trademark.js';
import { TmError } from '../../errors.js';
import { timeBudget } from '../../search/budget.js';
import { bindingHash, decodeCursor, encodeCursor } from '../../search/cursor.js';
import { relevance } from '../../search/judge.js';
import { toRequest } from '../../search/params.js';
import { defineOp } from '../define-op.js';
import { EarlierTrademark, earlierEnvelope, toEarlierTrademark, UnifiedStatus, unifiedStatus } from '../earlier-shape.js';
import { resolveOfficeCodes } from '../reference/data.js';
import { RESULT_WINDOW, skippedChannels } from '../search-trademarks.js';
import { earlierHistory, relatedRegistrations } from './earlier-related.js';
import { withIrFamilies } from './ir-family.js';

const CHANNELS = { exact: 'identical,lookalike', fuzzy: 'fuzzy,embedded,lookalike', phonetic: 'phonetic' } as const;
const PRIMARY: Record<UnifiedStatus, string> = {
  live_pending: 'pending',
  live_opposition: 'pending',
  live_registered: 'active',
  dead_abandoned: 'inactive',
  dead_cancelled: 'inactive',
  dead_expired: 'inactive',
};
/** Records read at a time when status or type must be checked on the records themselves. */
const BATCH = 500;

const HistoryEntry = z.object({ date: z.string().nullable(), code: z.string().nullable(), description: z.string().nullable() });

/** Offices with data here: those ingested (cheap), else those present in the store. */
const officesHeld = async (ctx: Context): Promise<string[]> => {
  const synced = [...(await ctx.store.offices.syncs()).keys()];
  return (synced.length ? synced : [...new Set((await ctx.store.trademarks.stats()).map((s) => s.office_code))]).sort();
};

export const searchEarlier = defineOp({
  name: 'search_earlier',
  summary: 'Search trademarks (earlier shape, GET /v1/search)',
  description:
    'The earlier-generation search: `q` (2+ characters) with `search_type` exact, fuzzy or phonetic, filters office, classes, owner, unified status and mark type, and a `threshold` on the 0-1 similarity score. Results are earlier trademark objects with `similarity_score`; `include=history` adds each mark\'s prosecution history and `related` its registrations at other offices. New clients should use search_trademarks.',
  scope: 'trademarks:read',
  meter: 'search',
  readOnly: true,
  replicaReads: true,
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
    include: z
      .array(z.enum(['images', 'history', 'related']))
      .optional()
      .describe('history: each result\'s prosecution history; related: its registrations at other offices (related_registrations); images are always present'),
  }),
  output: earlierEnvelope(
    z.object({
      results: z.array(EarlierTrademark.extend({ history: z.array(HistoryEntry).optional() })),
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
    const req = toRequest({
      q: input.q,
      similarity: CHANNELS[input.search_type],
      ...(input.office ? { offices: input.office.join(',') } : {}),
      ...(input.classes ? { nice_classes: input.classes.join(',') } : {}),
      ...(primaries ? { status: primaries.join(',') } : {}),
      ...(input.owner ? { owner: input.owner } : {}),
    });
    resolveOfficeCodes(req.filter.offices, 'office');
    const skipped = skippedChannels(req.q!, req.channels);
    const channels = req.channels.filter((c) => !skipped.includes(c));
    const budget = timeBudget(ctx.config.requestBudgetMs);
    const ranked = await ctx.index.search(req.q!, new Set(channels.length ? channels : req.channels), req.filter, 'relevance', RESULT_WINDOW, budget);
    if (budget.cut) {
      throw new TmError('service_unavailable', `The search ran past its time budget of ${ctx.config.requestBudgetMs} ms.`, {
        retryAfter: 1,
        suggestion: 'Narrow it with office, classes or a higher threshold.',
      });
    }
    // The threshold first (scores only), then the filters that need each record, before any paging.
    let kept = ranked.map((h) => ({ id: h.trademarkId, score: relevance(h.scored) / 100 })).filter((h) => h.score >= input.threshold);
    const records = new Map<string, TrademarkRecord>();
    if (input.status || input.type) {
      const wanted = input.status ? new Set<string>(input.status) : null;
      const passing: typeof kept = [];
      for (let i = 0; i < kept.length; i += BATCH) {
        const batch = kept.slice(i, i + BATCH);
        const read = await ctx.store.trademarks.get(batch.map((h) => h.id));
        for (const h of batch) {
          const r = read.get(h.id);
          if (!r) continue;
          if (wanted && !wanted.has(unifiedStatus(r.status) ?? '')) continue;
          if (input.type && toEarlierTrademark(r).mark.type !== input.type) continue;
          records.set(h.id, r);
          passing.push(h);
        }
      }
      kept = passing;
    }

    const { cursor: _c, ...query } = input;
    const binding = bindingHash({ op: 'search_earlier', ...query });
    const secret = await ctx.index.cursorSecret();
    const now = ctx.clock.now();
    const offset = input.cursor === undefined ? 0 : decodeCursor(secret, input.cursor, binding, now);
    const page = kept.slice(offset, offset + input.limit);
    const missing = page.filter((h) => !records.has(h.id)).map((h) => h.id);
    for (const [id, r] of await ctx.store.trademarks.get(missing)) records.set(id, r);
    // The page's IR-linked marks count their family's territories (coverage.territories), as current rows do.
    for (const r of await withIrFamilies(ctx, page.flatMap((h) => records.get(h.id) ?? []))) records.set(r.id, r);
    const inc = new Set(input.include ?? []);
    const results = [];
    for (const h of page) {
      const r = records.get(h.id);
      if (!r) continue;
      results.push({
        ...toEarlierTrademark(r),
        ...(inc.has('related') ? { related_registrations: await relatedRegistrations(ctx, r) } : {}),
        similarity_score: h.score,
        ...(inc.has('history') ? { history: earlierHistory(r) } : {}),
      });
    }
    const end = offset + page.length;
    const hasMore = end < kept.length;
    return {
      success: true as const,
      data: {
        results,
        pagination: { total_results: kept.length, has_more: hasMore, next_cursor: hasMore ? encodeCursor(secret, end, binding, now) : null },
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

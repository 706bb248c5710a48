// search_trademarks: search by text on five similarity channels, text filters, filters and
// exclusions, ranked and paged with signed cursors (spec §4.2, §8, §9.5; docs/search.md).
import { z } from 'zod';
import { today } from '../core/clock.js';
import { listEnvelope } from '../core/schemas/envelope.js';
import { TrademarkRow } from '../core/schemas/trademark.js';
import type { Context } from '../context.js';
import { TmError } from '../errors.js';
import { analyze, type Channel } from '../search/analyze.js';
import { timeBudget, type Budget } from '../search/budget.js';
import { bindingHash, decodeCursor, encodeCursor } from '../search/cursor.js';
import { strategiesFor, SUNSET, translateLegacy } from '../search/legacy.js';
import { flattenFilters, limitOf, offices, SearchInput, toRequest, type SearchRequest } from '../search/params.js';
import { relevance, via } from '../search/judge.js';
import { RANKING_VERSION } from '../search/score.js';
import type { RankOrder, RankedHit } from '../search/search-index.js';
import { defineOp } from './define-op.js';
import { toRow } from './rows.js';
import { recordsWithIrFamilies } from './trademarks/ir-family.js';

/** Relevance-ranked or sorted results stop here (spec §8). */
export const RESULT_WINDOW = 10_000;

export const SearchHit = TrademarkRow.extend({
  design_match: z
    .array(z.object({ code: z.string(), matched: z.string(), level: z.enum(['category', 'division', 'section']) }))
    .optional()
    .describe('design_code searches: each query code the mark matched, the key it matched on and at which level'),
  match_explanation: z.object({ strategies_matched: z.array(z.string()), matched_terms: z.array(z.string()) }).optional(),
});

type SearchHit = z.infer<typeof SearchHit>;

export const SearchMeta = z.object({
  similarity_applied: z.array(z.string()),
  order: z.string(),
  ranking_version: z.string(),
  complete: z.boolean(),
  incomplete_reason: z.string().nullable(),
  deprecations: z.array(z.object({ parameter: z.string(), replacement: z.string().nullable(), sunset: z.string() })),
  warnings: z.array(z.object({ code: z.string(), channel: z.string().optional(), detail: z.string().optional() })),
  strategies_used: z.array(z.string()).optional(),
});

export const SearchOutput = listEnvelope(SearchHit).extend({ search_meta: SearchMeta });
type SearchOutput = z.infer<typeof SearchOutput>;
type Warning = SearchOutput['search_meta']['warnings'][number];

const KNOWN = new Set(Object.keys(SearchInput.shape));

const rejectUnknown = (input: Record<string, unknown>): void => {
  for (const key of Object.keys(input)) {
    if (KNOWN.has(key)) continue;
    if (key.includes('[')) {
      const base = key.slice(0, key.indexOf('['));
      throw new TmError('validation_error', `${key}: bracketed keys are not accepted.`, {
        param: key,
        suggestion: `Send ${base}=a,b (comma-separated) or repeat ${base}.`,
      });
    }
    throw new TmError('unknown_parameter', `Unknown parameter '${key}'.`, { param: key, suggestion: 'See GET /v1/openapi.json for the search parameters.' });
  }
};

/** Channels that cannot run on this query, reported as `<channel>_skipped`. */
export const skippedChannels = (q: string, channels: readonly Channel[]): Channel[] => {
  const a = analyze(q);
  return channels.filter(
    (c) => (c === 'fuzzy' && a.near.length < 3) || (c === 'phonetic' && a.pcodes.length === 0) || (c === 'embedded' && a.near.length < 2),
  );
};

const rankOrder = (sort: string): RankOrder => (sort === '-relevance' ? 'relevance' : (sort as RankOrder));

interface Page {
  ids: string[];
  hits: Map<string, RankedHit>;
  more: boolean;
  total: number | undefined;
}

const fetchPage = async (ctx: Context, req: SearchRequest, channels: Channel[], offset: number, limit: number, budget: Budget): Promise<Page> => {
  if (req.q !== null) {
    const all = await ctx.index.search(req.q, new Set(channels), req.filter, rankOrder(req.sort), req.includeTotal ? Infinity : RESULT_WINDOW + 1, budget);
    const page = all.slice(offset, offset + limit);
    return { ids: page.map((h) => h.trademarkId), hits: new Map(page.map((h) => [h.trademarkId, h])), more: all.length > offset + page.length, total: req.includeTotal ? all.length : undefined };
  }
  const order = req.sort === 'text' ? { text: req.filter.text?.is?.[0] ?? req.filter.text?.startsWith?.[0] ?? req.filter.text?.contains?.[0] ?? req.filter.text?.endsWith?.[0] ?? '' } : (req.sort as never);
  const ids = await ctx.index.list(req.filter, order, limit + 1, offset);
  return { ids: ids.slice(0, limit), hits: new Map(), more: ids.length > limit, total: req.includeTotal ? await ctx.index.total(req.filter) : undefined };
};

// The office, entity, owner and design-code filters' modules (reference data, party merges, the
// design-code index) are imported when a search has such a filter: a plain `tm search X` pays for
// none of them at start-up (issue 26.12).

/** Office codes and names as the filters take them, checked against the reference (410/400 as reference/data.ts says). */
const checkOffices = async (values: readonly string[] | undefined, param: string): Promise<void> => {
  if (values?.length) (await import('./reference/data.js')).resolveOfficeCodes(values, param);
};

/** A design-code search (trademarks/design-code-search.ts), paged like a text search. */
const designCodeSearch = async (ctx: Context, input: Record<string, unknown>, deprecations: SearchOutput['search_meta']['deprecations']): Promise<SearchOutput> => {
  const { designHits, designQuery } = await import('./trademarks/design-code-search.js');
  const codes = designQuery(input);
  const inOffices = [...offices('offices', input.offices), ...offices('office', input.office)];
  await checkOffices(inOffices, 'offices');
  const limit = limitOf(input.limit);
  const secret = await ctx.index.cursorSecret();
  const binding = bindingHash({ design_code: codes, offices: inOffices });
  const now = ctx.clock.now();
  const offset = input.cursor === undefined ? 0 : decodeCursor(secret, String(input.cursor), binding, now);
  const hits = (await designHits(ctx, codes, inOffices)).slice(0, RESULT_WINDOW);
  const page = hits.slice(offset, offset + limit);
  const records = await recordsWithIrFamilies(ctx, page.map((h) => h.trademarkId));
  const data: SearchHit[] = page.flatMap((h) => {
    const record = records.get(h.trademarkId);
    return record ? [{ ...toRow(ctx, record), relevance_score: h.score, design_match: h.codes }] : [];
  });
  const end = offset + page.length;
  const hasMore = end < hits.length;
  return {
    object: 'list' as const,
    data,
    has_more: hasMore,
    pagination: { cursor: hasMore ? encodeCursor(secret, end, binding, now) : null, ...(input.include_total === true || input.include_total === 'true' ? { total_count: hits.length } : {}) },
    livemode: ctx.org?.livemode ?? true,
    request_id: ctx.requestId,
    search_meta: { similarity_applied: [], order: 'design_code', ranking_version: RANKING_VERSION, complete: true, incomplete_reason: null, deprecations, warnings: [] },
  };
};

export const searchTrademarks = defineOp({
  name: 'search_trademarks',
  summary: 'Search trademarks by text, similarity channels and filters',
  description:
    'Finds marks that could conflict with `q`: identical, near-identical, fuzzy (misspellings), embedded (BUCKS in ICEBUCKS), lookalike (0/O, homoglyphs) and, when asked, phonetic or conceptual. Each hit has `match {via, tier, terms}` and a 0-100 `relevance_score`. Without `q`, the filters alone list marks.',
  scope: 'trademarks:read',
  meter: 'search',
  readOnly: true,
  replicaReads: true,
  http: { method: 'GET', path: '/v1/trademarks', aliases: ['POST /v1/trademarks'] },
  cli: {
    command: 'search [q]',
    flags: { office: 'offices', 'number-office': 'office', class: 'nice_classes', 'filed-after': 'filing_date_gte', 'filed-before': 'filing_date_lte', 'all-channels': 'all' },
  },
  input: SearchInput,
  output: SearchOutput,
  run: async (ctx, rawInput) => {
    const raw = Object.fromEntries(Object.entries(rawInput).filter(([, v]) => v !== undefined));
    rejectUnknown(raw);
    const day = today(ctx.clock);
    const { input, deprecations } = translateLegacy(raw, day);
    if (input.design_code !== undefined) return designCodeSearch(ctx, input, deprecations);
    const req = toRequest(flattenFilters(input));
    await checkOffices(req.filter.offices, 'offices');
    await checkOffices(req.filter.exclude?.offices, 'exclude.offices');
    // Merged and over-cap entities answer as the entity's own list does (410, 422), never an empty page.
    const entities = [...(req.filter.entityIds ?? []).map((id) => [id, 'entity_id'] as const), ...(req.filter.exclude?.entityIds ?? []).map((id) => [id, 'exclude.entity_id'] as const)];
    if (entities.length) {
      const { listableEntity } = await import('./parties/counts.js');
      for (const [id, param] of entities) await listableEntity(ctx, id, param);
    }
    // Merged owner ids likewise answer 410 as the owner's list does; a survivor covers the ids merged into it.
    if (req.filter.ownerIds?.length || req.filter.exclude?.ownerIds?.length) {
      const { liveParties } = await import('./parties/party-merges.js');
      req.filter.ownerIds = await liveParties(ctx, req.filter.ownerIds, 'owner_id');
      if (req.filter.exclude) req.filter.exclude.ownerIds = await liveParties(ctx, req.filter.exclude.ownerIds, 'exclude.owner_id');
    }
    const warnings: Warning[] = [];
    const lag = await ctx.index.lag();
    // A search never catches the index up (that would make a reader write): it reports the lag.
    if (lag > 0) warnings.push({ code: 'index_behind', detail: `${lag} store changes are not indexed yet; the running tm ingest, or the next writer to start (tm ingest, tm serve), brings the index up to date.` });

    const skipped = req.q === null ? [] : skippedChannels(req.q, req.channels);
    for (const channel of skipped) warnings.push({ code: `${channel}_skipped`, channel });
    const applied = req.q === null ? [] : req.channels.filter((c) => !skipped.includes(c));

    const secret = await ctx.index.cursorSecret();
    const binding = bindingHash({ q: req.q, channels: req.channels, filter: req.filter, sort: req.sort });
    const now = ctx.clock.now();
    const offset = req.cursor === null ? 0 : decodeCursor(secret, req.cursor, binding, now);
    const limit = Math.max(0, Math.min(req.limit, RESULT_WINDOW - offset));
    const budget = timeBudget(ctx.config.requestBudgetMs);
    const page = await fetchPage(ctx, req, applied.length ? applied : req.channels, offset, limit, budget);
    if (budget.cut && !req.allowPartial) {
      throw new TmError('service_unavailable', `The search ran past its time budget of ${ctx.config.requestBudgetMs} ms.`, {
        retryAfter: 1,
        suggestion: 'Narrow it with filters or a more specific q, or pass allow_partial=true for the hits found within the budget.',
      });
    }
    const end = offset + page.ids.length;
    let hasMore = page.more;
    if (hasMore && end >= RESULT_WINDOW) {
      hasMore = false;
      warnings.push({ code: 'result_window_reached', detail: `Results stop at ${RESULT_WINDOW}; narrow the search with filters.` });
    }

    const legacyFields = day <= SUNSET;
    const records = await recordsWithIrFamilies(ctx, page.ids);
    const data: SearchHit[] = [];
    for (const id of page.ids) {
      const record = records.get(id);
      if (!record) continue;
      const row = toRow(ctx, record);
      const hit = page.hits.get(id);
      if (!hit) {
        data.push({ ...row, relevance_score: null });
        continue;
      }
      const channels = via(hit.scored);
      data.push({
        ...row,
        relevance_score: relevance(hit.scored),
        match: {
          via: channels,
          tier: hit.scored.tier,
          terms: hit.scored.terms,
          family: hit.scored.family,
          reason: hit.scored.reason,
          ...(req.matchDetails ? { details: { lanes: hit.scored.lanes } } : {}),
        },
        ...(legacyFields ? { match_explanation: { strategies_matched: strategiesFor(channels), matched_terms: hit.scored.terms } } : {}),
      });
    }

    return {
      object: 'list' as const,
      data,
      has_more: hasMore,
      pagination: {
        cursor: hasMore ? encodeCursor(secret, end, binding, now) : null,
        ...(page.total !== undefined ? { total_count: page.total } : {}),
      },
      livemode: ctx.org?.livemode ?? true,
      request_id: ctx.requestId,
      search_meta: {
        similarity_applied: applied,
        order: req.sort,
        ranking_version: RANKING_VERSION,
        complete: !budget.cut,
        incomplete_reason: budget.cut ? 'timeout' : null,
        deprecations,
        warnings,
        ...(legacyFields ? { strategies_used: strategiesFor(applied) } : {}),
      },
    };
  },
});

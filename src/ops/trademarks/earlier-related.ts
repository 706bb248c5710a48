// The earlier shape's `related` and `similar` blocks (spec §2.9, §4.3), filled from what tm holds:
// related registrations are the same mark of the same owner at other offices (its family: the
// designations of an international registration and the national filings beside it); similar
// marks are what the search engine ranks for the mark's text.
import type { Context } from '../../context.js';
import type { TrademarkRecord } from '../../core/schemas/trademark.js';
import { entitiesOf } from './ir-family.js';
import { compact } from '../../search/normalize.js';
import { DEFAULT_CHANNELS } from '../../search/params.js';
import { relevance } from '../../search/judge.js';
import { type EarlierTrademark, toEarlierTrademark, unifiedStatus } from '../earlier-shape.js';

/** Related registrations listed per mark, and similar marks in the detail's `similar`. */
const RELATED_MAX = 50;
const SIMILAR_MAX = 10;


/** The same text (punctuation and spacing aside) held by one of the same owners' entities at another office. */
export const relatedRegistrations = async (ctx: Context, r: TrademarkRecord): Promise<EarlierTrademark['related_registrations']> => {
  const base = toEarlierTrademark(r).related_registrations;
  const text = r.mark_text ? compact(r.mark_text) : '';
  const entityIds = entitiesOf(r);
  if (!text || entityIds.length === 0) return base;
  const filter = { text: { is: [text] }, entityIds, exclude: { offices: [r.office_code] } };
  const [ids, count] = await Promise.all([ctx.index.list(filter, 'filing_date', RELATED_MAX, 0), ctx.index.total(filter)]);
  const records = await ctx.store.trademarks.get(ids);
  return {
    ...base,
    count,
    same_mark_other_offices: ids.flatMap((id) => {
      const o = records.get(id);
      return o
        ? [{ id: o.id, office: o.office_code, registration_number: o.registration_number, status: unifiedStatus(o.status), filing_date: o.filing_date, url: `/v1/trademarks/${o.id}` }]
        : [];
    }),
  };
};

/** The marks the engine ranks closest to this one's text (itself left out), best first, with their 0-1 score. */
export const similarMarks = async (ctx: Context, r: TrademarkRecord): Promise<EarlierTrademark[]> => {
  if (!r.mark_text || compact(r.mark_text).length < 2) return [];
  const hits = await ctx.index.search(r.mark_text, new Set(DEFAULT_CHANNELS), {}, 'relevance', SIMILAR_MAX + 1);
  const top = hits.filter((h) => h.trademarkId !== r.id).slice(0, SIMILAR_MAX);
  const records = await ctx.store.trademarks.get(top.map((h) => h.trademarkId));
  return top.flatMap((h) => {
    const o = records.get(h.trademarkId);
    return o ? [{ ...toEarlierTrademark(o), similarity_score: relevance(h.scored) / 100 }] : [];
  });
};

/** The earlier history block: the office's prosecution events, oldest first as stored. */
export const earlierHistory = (r: TrademarkRecord) => r.events.map((e) => ({ date: e.date, code: e.raw.code, description: e.raw.label ?? e.description }));

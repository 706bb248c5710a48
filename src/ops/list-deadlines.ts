// list_deadlines: the docketing list over the store: every deadline row of the matching marks as
// of a date, filtered by office, ids, owner, due window and urgency, sorted by due date and paged
// with signed cursors. The store is scanned in pages, so memory stays bounded by the page wanted.
import { z } from 'zod';
import { today } from '../core/clock.js';
import { listEnvelope } from '../core/schemas/envelope.js';
import { IsoDate } from '../core/schemas/parts.js';
import type { Context } from '../context.js';
import { getCatalog } from '../deadlines/catalog.js';
import { buildDeadlinesIcs } from '../deadlines/ics.js';
import { computeDerived } from '../deadlines/derive.js';
import { compareRows, DeadlineRow, matchesUrgency, toDeadlineRow, unsupportedRow } from '../deadlines/rows.js';
import { TmError } from '../errors.js';
import { bindingHash, decodeCursor, encodeCursor } from '../search/cursor.js';
import type { TrademarkFilter } from '../store/trademark-repo.js';
import { defineOp } from './define-op.js';
import { feeDueFor } from './fees/schedules.js';
import { requirePortfolio } from './monitor/portfolio-crud.js';
import { resolveOfficeCodes } from './reference/data.js';

const list = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean));

const URGENCY = /^(missed|overdue|later|none|unknown|due_\d{1,4})$/;

export const DeadlineFilters = z.object({
  as_of_date: IsoDate.optional().describe('Compute as of this date (default: today)'),
  office: list.optional().describe('Office codes, e.g. US,EM'),
  ids: list.optional().describe('Trademark ids (tm_…)'),
  owner: list.optional().describe('Owner ids (own_…), entity ids (ent_…) or part of an owner name'),
  due_before: IsoDate.optional().describe('Only rows due on or before this date'),
  due_after: IsoDate.optional().describe('Only rows due on or after this date'),
  urgency: list.optional().describe('missed, overdue, due_7, due_30, due_90 (any due_N: within N days), later, none, unknown (rules that cannot be computed)'),
  type: list.optional().describe('Deadline types, e.g. renewal,declaration_of_use'),
  include_missed: z.boolean().optional().describe('Also list rows whose every window has passed (implied by urgency=missed)'),
  portfolio_id: z.string().optional().describe('Only the marks of this portfolio (ptf_…)'),
});
export type DeadlineFilters = z.output<typeof DeadlineFilters>;

const storeFilter = (f: DeadlineFilters): { filter: TrademarkFilter; ownerNames: string[] } => {
  for (const id of f.ids ?? []) {
    if (!id.startsWith('tm_')) throw new TmError('id_type_mismatch', `ids: '${id}' is not a trademark id.`, { param: 'ids', suggestion: 'Trademark ids start with tm_.' });
  }
  for (const u of f.urgency ?? []) {
    if (!URGENCY.test(u)) throw new TmError('validation_error', `urgency: unknown value '${u}'.`, { param: 'urgency', suggestion: 'Use missed, overdue, due_30, due_90, later, none or unknown.' });
  }
  const owners = f.owner ?? [];
  return {
    filter: {
      offices: resolveOfficeCodes(f.office, 'office'),
      ids: f.ids,
      ownerIds: owners.filter((o) => o.startsWith('own_')),
      entityIds: owners.filter((o) => o.startsWith('ent_')),
    },
    ownerNames: owners.filter((o) => !o.startsWith('own_') && !o.startsWith('ent_')).map((o) => o.toLowerCase()),
  };
};

/** Every row matching the filters, in store order (unsorted), for exports that take them all. */
export async function* collectDeadlineRows(ctx: Context, f: DeadlineFilters): AsyncGenerator<DeadlineRow> {
  const { filter, ownerNames } = storeFilter(f);
  if (f.portfolio_id !== undefined) filter.portfolioId = (await requirePortfolio(ctx, f.portfolio_id, 'portfolio_id')).id;
  const asOf = f.as_of_date ?? today(ctx.clock);
  const catalog = getCatalog();
  const missedToo = f.include_missed === true || (f.urgency ?? []).includes('missed');
  for await (const batch of ctx.store.trademarks.scan(filter)) {
    for (const record of batch) {
      if (ownerNames.length && !record.owners.some((o) => ownerNames.some((n) => o.name.toLowerCase().includes(n)))) continue;
      const derived = computeDerived(record, asOf, { catalog });
      for (const item of derived.deadlines.items) {
        // Cheap item-level filters first: most items of a large store fall outside the window asked for.
        if (item.state === 'missed' && !missedToo) continue;
        if (f.due_before && (!item.due_date || item.due_date > f.due_before)) continue;
        if (f.due_after && (!item.due_date || item.due_date < f.due_after)) continue;
        if (f.type?.length && !f.type.includes(item.type)) continue;
        const row = toDeadlineRow(record, derived, item, catalog);
        if (f.urgency?.length && !f.urgency.some((u) => matchesUrgency(row, u))) continue;
        yield { ...row, fee_due: feeDueFor(record, row) };
      }
      // A mark whose rule cannot run is listed with the reason, whatever the due window asked for.
      for (const u of derived.deadlines.unsupported) {
        if (u.reason !== 'requires_office_date') continue;
        const row = unsupportedRow(record, derived, u, catalog);
        if (f.type?.length && !f.type.includes(row.type)) continue;
        if (f.urgency?.length && !f.urgency.some((w) => matchesUrgency(row, w))) continue;
        yield row;
      }
    }
  }
}

/**
 * Every row matching the filters (all pages) as an iCalendar feed. DTSTAMP is the as-of day, so the
 * feed and its ETag stay the same between a calendar client's polls until the rows change.
 */
export const deadlinesIcs = async (ctx: Context, f: DeadlineFilters, name?: string): Promise<string> => {
  const asOf = f.as_of_date ?? today(ctx.clock);
  const rows: DeadlineRow[] = [];
  for await (const row of collectDeadlineRows(ctx, { ...f, as_of_date: asOf })) rows.push(row);
  return buildDeadlinesIcs(rows.sort(compareRows), { domain: ctx.config.serviceDomain, stamp: new Date(`${asOf}T00:00:00Z`), name });
};

export const listDeadlines = defineOp({
  name: 'list_deadlines',
  summary: 'List upcoming and overdue deadlines over the stored marks',
  description:
    'Docket of the stored marks: renewals, declarations of use, instalments, restoration windows and Office-action responses, computed as of `as_of_date` (default today), soonest first. Each row names its rule (see list_deadline_rules), window, grace, rolled due date and consequence if missed.',
  scope: 'trademarks:read',
  meter: 'read',
  readOnly: true,
  http: { method: 'GET', path: '/v1/deadlines' },
  cli: { command: 'deadlines', flags: { portfolio: 'portfolio_id' } },
  input: DeadlineFilters.extend({
    limit: z.number().int().min(1).max(100).default(20).describe('Page size, 1 to 100'),
    cursor: z.string().optional().describe('Cursor from the previous page'),
  }).strict(),
  output: listEnvelope(DeadlineRow),
  run: async (ctx, input) => {
    const { limit, cursor, ...filters } = input;
    const asOf = filters.as_of_date ?? today(ctx.clock);
    const now = ctx.clock.now();
    const secret = await ctx.index.cursorSecret();
    const binding = bindingHash({ op: 'list_deadlines', ...filters, as_of_date: asOf });
    const offset = cursor ? decodeCursor(secret, cursor, binding, now) : 0;
    // Keep only the first offset+limit+1 rows in due-date order: bounded memory whatever the store size.
    const keep = offset + limit + 1;
    let best: DeadlineRow[] = [];
    for await (const row of collectDeadlineRows(ctx, { ...filters, as_of_date: asOf })) {
      best.push(row);
      if (best.length >= keep * 2 + 1000) best = best.sort(compareRows).slice(0, keep);
    }
    best.sort(compareRows);
    const page = best.slice(offset, offset + limit);
    const hasMore = best.length > offset + limit;
    return {
      object: 'list' as const,
      data: page,
      has_more: hasMore,
      pagination: { cursor: hasMore ? encodeCursor(secret, offset + limit, binding, now) : null },
      livemode: ctx.org?.livemode ?? true,
      request_id: ctx.requestId,
    };
  },
});

export const getDeadlinesIcs = defineOp({
  name: 'get_deadlines_ics',
  summary: 'The deadlines of a query as an iCalendar feed',
  description:
    'Every deadline row matching the list_deadlines filters (all pages) as an RFC 5545 calendar: one all-day event per row with reminders, UID `tm_<id>:<occurrence_key>@<domain>`. Also served for `GET /v1/deadlines` with `Accept: text/calendar`, so a calendar client can subscribe to a docket query.',
  scope: 'trademarks:read',
  meter: 'read',
  readOnly: true,
  http: { method: 'GET', path: '/v1/deadlines.ics', produces: 'text/calendar; charset=utf-8' },
  // limit and cursor are taken and ignored, so the JSON query's own URL also works as a feed.
  input: DeadlineFilters.extend({
    limit: z.number().int().min(1).max(100).optional().describe('Ignored: a feed holds every matching row'),
    cursor: z.string().optional().describe('Ignored: a feed holds every matching row'),
  }).strict(),
  output: z.object({ content_type: z.literal('text/calendar'), body: z.string().describe('The iCalendar text') }),
  run: async (ctx, input) => {
    const { limit: _limit, cursor: _cursor, ...filters } = input;
    return { content_type: 'text/calendar' as const, body: await deadlinesIcs(ctx, filters) };
  },
});

// A portfolio's docket: the deadline list of its marks, and the same rows as an iCalendar feed
// (UID `tm_<id>:<occurrence_key>@<domain>`, served as text/calendar with an ETag for polling).
import { z } from 'zod';
import { today } from '../../core/clock.js';
import { compareRows, type DeadlineRow } from '../../deadlines/rows.js';
import { buildDeadlinesIcs } from '../../deadlines/ics.js';
import { defineOp } from '../define-op.js';
import { collectDeadlineRows, DeadlineFilters, listDeadlines } from '../list-deadlines.js';
import { requirePortfolio } from './portfolio-crud.js';

const Filters = DeadlineFilters.omit({ portfolio_id: true });

export const listPortfolioDeadlines = defineOp({
  ...listDeadlines,
  name: 'list_portfolio_deadlines',
  summary: "List the deadlines of a portfolio's marks",
  description: 'The docket (see list_deadlines) restricted to the marks of one portfolio, with the same filters, sort and cursors.',
  http: { method: 'GET', path: '/v1/portfolios/{id}/deadlines' },
  cli: undefined,
  input: listDeadlines.input.omit({ portfolio_id: true }).extend({ id: z.string().min(1).describe('Portfolio id (ptf_…)') }),
  run: async (ctx, input) => {
    const { id, ...rest } = input;
    return listDeadlines.run(ctx, { ...rest, portfolio_id: (await requirePortfolio(ctx, id)).id });
  },
});

export const getPortfolioDeadlinesIcs = defineOp({
  name: 'get_portfolio_deadlines_ics',
  summary: "A portfolio's deadlines as an iCalendar feed",
  description: 'Every deadline row of the portfolio (all pages) as an RFC 5545 calendar, one all-day event per row with reminders; subscribe to it from a calendar client.',
  scope: 'trademarks:read',
  meter: 'monitoring',
  readOnly: true,
  http: { method: 'GET', path: '/v1/portfolios/{id}/deadlines.ics', produces: 'text/calendar; charset=utf-8' },
  input: Filters.extend({ id: z.string().min(1).describe('Portfolio id (ptf_…)') }).strict(),
  output: z.object({ content_type: z.literal('text/calendar'), body: z.string().describe('The iCalendar text') }),
  run: async (ctx, input) => {
    const { id, ...filters } = input;
    const row = await requirePortfolio(ctx, id);
    const asOf = filters.as_of_date ?? today(ctx.clock);
    const rows: DeadlineRow[] = [];
    for await (const r of collectDeadlineRows(ctx, { ...filters, as_of_date: asOf, portfolio_id: row.id })) rows.push(r);
    // DTSTAMP is the as-of day, so the feed (and its ETag) stays the same between polls until the rows change.
    const body = buildDeadlinesIcs(rows.sort(compareRows), { domain: ctx.config.serviceDomain, stamp: new Date(`${asOf}T00:00:00Z`), name: row.name });
    return { content_type: 'text/calendar' as const, body };
  },
});

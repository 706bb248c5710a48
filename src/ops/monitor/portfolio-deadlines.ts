// A portfolio's docket: the deadline list of its marks, and the same rows as an iCalendar feed
// (UID `tm_<id>:<occurrence_key>@<domain>`, served as text/calendar with an ETag for polling).
import { z } from 'zod';
import { defineOp } from '../define-op.js';
import { DeadlineFilters, deadlinesIcs, listDeadlines } from '../list-deadlines.js';
import { requirePortfolio } from './portfolio-crud.js';

const Filters = DeadlineFilters.omit({ portfolio_id: true });

export const listPortfolioDeadlines = defineOp({
  ...listDeadlines,
  name: 'list_portfolio_deadlines',
  summary: "List the deadlines of a portfolio's marks",
  description: 'The docket (see list_deadlines) restricted to the marks of one portfolio, with the same filters, sort and cursors.',
  http: { method: 'GET', path: '/v1/portfolios/{id}/deadlines' },
  mcp: { coveredBy: 'list_deadlines' },
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
    return { content_type: 'text/calendar' as const, body: await deadlinesIcs(ctx, { ...filters, portfolio_id: row.id }, row.name) };
  },
});

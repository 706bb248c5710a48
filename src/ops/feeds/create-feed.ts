// create_feed (`POST /v1/feeds`, `tm feeds create`): a read-only token for one calendar feed, the
// organization's deadlines or one portfolio's, with filters fixed now. The feed is computed once
// before anything is saved, so a filter it would refuse is refused here, naming the parameter.
import { z } from 'zod';
import { newFeedToken } from '../../auth/feeds.js';
import { randomId } from '../../core/ids.js';
import { ownerOrg } from '../../monitor/org.js';
import { defineOp } from '../define-op.js';
import { validateInput } from '../input.js';
import { DeadlineFilters, getDeadlinesIcs } from '../list-deadlines.js';
import { getPortfolioDeadlinesIcs } from '../monitor/portfolio-deadlines.js';
import { requirePortfolio } from '../monitor/portfolio-crud.js';
import { Feed, FEED_PREFIX, toFeed } from './feed.js';

const Filters = DeadlineFilters.omit({ as_of_date: true, portfolio_id: true });

export const createFeed = defineOp({
  name: 'create_feed',
  summary: 'Create a calendar feed URL with its own read-only token',
  description:
    "Makes a token for one ICS deadline feed, the organization's (`/v1/deadlines.ics`) or one portfolio's (`portfolio_id`), with the deadline filters given now. A calendar app subscribes to `url` (relative to the server); the token opens that feed only, read-only. The token is shown once; only its hash is stored.",
  scope: 'api-keys:manage',
  meter: 'write',
  readOnly: false,
  http: { method: 'POST', path: '/v1/feeds' },
  cli: { command: 'feeds create', flags: { portfolio: 'portfolio_id' } },
  input: Filters.extend({
    name: z.string().trim().min(1).max(200).optional().describe('A label, e.g. the calendar it is for'),
    portfolio_id: z.string().optional().describe("The portfolio whose deadlines the feed holds (ptf_…); default: the organization's"),
  }).strict(),
  output: Feed.extend({
    token: z.string().describe('tmf_…: shown once'),
    url: z.string().describe('The feed path with its token, relative to the server, e.g. /v1/deadlines.ics?token=tmf_…'),
    request_id: z.string().nullable(),
  }),
  run: async (ctx, input) => {
    const { name, portfolio_id, ...rest } = input;
    const filters = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
    const portfolio = portfolio_id === undefined ? null : await requirePortfolio(ctx, portfolio_id, 'portfolio_id');
    const feedOp = portfolio ? getPortfolioDeadlinesIcs : getDeadlinesIcs;
    const raw = portfolio ? { ...filters, id: portfolio.id } : filters;
    await feedOp.run(ctx, validateInput(feedOp.input, raw) as never);
    const { token, hash, hint } = newFeedToken();
    const path = portfolio ? `/v1/portfolios/${portfolio.id}/deadlines.ics` : '/v1/deadlines.ics';
    const row = {
      id: randomId(FEED_PREFIX),
      org_id: ownerOrg(ctx),
      livemode: (ctx.org?.livemode ?? true) ? 1 : 0,
      name: name ?? null,
      hash,
      hint,
      path,
      input: JSON.stringify(filters),
      created_at: ctx.clock.now().toISOString(),
      revoked_at: null,
      last_used_at: null,
    };
    await ctx.store.feeds.create(row);
    return { ...toFeed(row), token, url: `${path}?token=${token}`, request_id: ctx.requestId };
  },
});

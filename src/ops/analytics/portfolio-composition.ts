// get_portfolio_composition: what a set of marks is made of (`GET /v1/analytics/composition`,
// `tm analytics composition --portfolio ptf_…`): counts by office, status, stage and Nice class.
// JSON over HTTP and MCP; bars on the CLI.
import { z } from 'zod';
import { defineOp } from '../define-op.js';
import { partyCounts, PartyCounts } from '../parties/counts.js';
import { scopeFilter, scopeInput } from './scope.js';

export const getPortfolioComposition = defineOp({
  name: 'get_portfolio_composition',
  summary: "Count a portfolio's marks by office, status, stage and class",
  description:
    'How many marks a set holds (a portfolio, an owner, entity, attorney or firm, or offices and classes), per office, status, stage and Nice class. For what falls due by year use get_renewal_load.',
  scope: 'trademarks:read',
  meter: 'read',
  readOnly: true,
  http: { method: 'GET', path: '/v1/analytics/composition' },
  cli: { command: 'analytics composition', flags: { portfolio: 'portfolio_id' } },
  input: z.strictObject(scopeInput),
  output: PartyCounts.extend({ object: z.literal('portfolio_composition') }),
  run: async (ctx, input) => ({ object: 'portfolio_composition' as const, ...(await partyCounts(ctx, await scopeFilter(ctx, input))) }),
});

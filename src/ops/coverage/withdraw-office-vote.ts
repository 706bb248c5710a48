// withdraw_office_vote: take back an organization's coverage vote (`DELETE /v1/offices/votes/{office}`,
// `tm offices unvote JP --org org_…`); a vote that was never cast is a 404.
import { z } from 'zod';
import { TmError } from '../../errors.js';
import { resolveOfficeFilter } from '../reference/data.js';
import { defineOp } from '../define-op.js';
import { voter } from './voter.js';

export const withdrawOfficeVote = defineOp({
  name: 'withdraw_office_vote',
  summary: "Withdraw the organization's vote for an office",
  description: "Removes the calling organization's coverage vote for an office; a 404 when it had none.",
  scope: 'portfolios:manage',
  meter: 'write',
  readOnly: false,
  mcpTool: true,
  http: { method: 'DELETE', path: '/v1/offices/votes/{office}' },
  cli: { command: 'offices unvote <office>' },
  input: z.strictObject({
    office: z.string().min(2).max(10).describe('Office code (WIPO ST.3)'),
    org: z.string().regex(/^org_/, 'an organization id starts with org_').optional().describe('org_ id; only on the machine holding the store'),
  }),
  output: z.object({ object: z.literal('office_vote'), office_code: z.string(), org_id: z.string(), deleted: z.literal(true) }),
  run: async (ctx, input) => {
    const office = resolveOfficeFilter(input.office, 'office')!;
    const org = await voter(ctx, input.org);
    if (!(await ctx.store.offices.withdrawVote(org.id, org.livemode, office))) {
      throw new TmError('not_found', `${org.id} has no vote for ${office}.`, { param: 'office' });
    }
    return { object: 'office_vote' as const, office_code: office, org_id: org.id, deleted: true as const };
  },
});

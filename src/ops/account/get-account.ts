// get_account: the calling organization (spec §4.5 Administration): name, mode and limits.
import { z } from 'zod';
import { toOrganization } from '../../auth/orgs.js';
import { requireOrg } from '../../auth/orgs.js';
import { Organization } from '../../auth/schemas.js';
import { callerOrg } from '../account-context.js';
import { defineOp } from '../define-op.js';

export const getAccount = defineOp({
  name: 'get_account',
  summary: 'Get the calling organization and its limits',
  description:
    'The organization of the calling credential: id, name, `livemode`, and its rate limits and daily caps per tier.',
  scope: 'billing:read',
  meter: 'account',
  readOnly: true,
  http: { method: 'GET', path: '/v1/organization' },
  input: z.strictObject({}),
  output: Organization,
  run: async (ctx) => {
    const org = callerOrg(ctx);
    return toOrganization(ctx, await requireOrg(ctx, org.id), org.livemode, ctx.requestId);
  },
});

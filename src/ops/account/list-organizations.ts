// list_organizations: `tm orgs list`, every organization in the store (local administration).
import { z } from 'zod';
import { toOrganization } from '../../auth/orgs.js';
import { Organization } from '../../auth/schemas.js';
import { listEnvelope } from '../../core/schemas/envelope.js';
import { defineOp } from '../define-op.js';

export const listOrganizations = defineOp({
  name: 'list_organizations',
  summary: 'List organizations (local administration)',
  scope: 'api-keys:manage',
  meter: 'account',
  readOnly: true,
  local: true,
  cli: { command: 'orgs list' },
  input: z.strictObject({}),
  output: listEnvelope(Organization),
  run: async (ctx) => ({
    object: 'list' as const,
    data: await Promise.all((await ctx.store.auth.listOrgs()).map((o) => toOrganization(ctx, o, true, null))),
    has_more: false,
    pagination: { cursor: null },
    livemode: true,
    request_id: null,
  }),
});

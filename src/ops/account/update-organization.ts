// update_organization: `PATCH /v1/organization` (the caller's organization) and `tm orgs update
// <org>` (local administration): the webhook and event `payload_version` (spec §9.2) new events
// are recorded with. Events already stored keep the version they were recorded with.
import { z } from 'zod';
import { requireOrg, toOrganization, updatePayloadVersion } from '../../auth/orgs.js';
import { Organization } from '../../auth/schemas.js';
import type { Context } from '../../context.js';
import { TmError } from '../../errors.js';
import { callerOrg } from '../account-context.js';
import { defineOp } from '../define-op.js';

const PayloadVersion = z
  .number()
  .int()
  .min(1, 'payload_version is 1 or 2')
  .max(2, 'payload_version is 1 or 2')
  .optional()
  .describe('1 or 2: the payload_version of events recorded from now on');

const update = async (ctx: Context, orgId: string, input: { payload_version?: number }) => {
  if (input.payload_version === undefined) {
    throw new TmError('validation_error', 'payload_version: send the setting to change.', { param: 'payload_version', suggestion: 'payload_version: 1 or 2.' });
  }
  return updatePayloadVersion(ctx, orgId, input.payload_version);
};

export const updateOrganization = defineOp({
  name: 'update_organization',
  summary: "Update the calling organization's settings (payload_version)",
  description: 'Sets the payload_version (1 or 2) that webhook deliveries and GET /v1/events carry for events recorded from now on; stored events keep theirs.',
  scope: 'api-keys:manage',
  meter: 'account',
  readOnly: false,
  http: { method: 'PATCH', path: '/v1/organization' },
  input: z.strictObject({ payload_version: PayloadVersion }),
  output: Organization,
  run: async (ctx, input) => {
    const org = callerOrg(ctx);
    await update(ctx, org.id, input);
    return toOrganization(ctx, await requireOrg(ctx, org.id), org.livemode, ctx.requestId);
  },
});

export const updateOrganizationLocal = defineOp({
  name: 'update_organization_local',
  summary: "Update an organization's settings (local administration)",
  scope: 'api-keys:manage',
  meter: 'account',
  readOnly: false,
  local: true,
  cli: { command: 'orgs update <org>' },
  input: z.strictObject({ org: z.string().regex(/^org_/).describe('org_ id'), payload_version: PayloadVersion }),
  output: Organization,
  run: async (ctx, input) => toOrganization(ctx, await update(ctx, input.org, input), true, null),
});

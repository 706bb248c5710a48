// set_organization_plan: `tm orgs plan <org> <plan>` (local administration, issue 29.7): which
// features beyond search and reads an organization may use (src/auth/plans.ts). The default plan,
// `full`, has them all; `search` has none; `custom --features a,b` lists its own.
import { z } from 'zod';
import { toOrganization, updateOrgPlan } from '../../auth/orgs.js';
import { Feature, namedPlan, PLAN_NAMES } from '../../auth/plans.js';
import { Organization } from '../../auth/schemas.js';
import { defineOp } from '../define-op.js';

export const setOrganizationPlan = defineOp({
  name: 'set_organization_plan',
  summary: "Set an organization's plan (local administration)",
  description: 'full: every feature (the default); search: search and reads only; custom: the features listed (portfolios, watches, alerts, events, saved_searches). A call outside the plan answers 403 plan_upgrade_required.',
  scope: 'api-keys:manage',
  meter: 'account',
  readOnly: false,
  local: true,
  cli: { command: 'orgs plan <org> <plan>' },
  input: z.strictObject({
    org: z.string().regex(/^org_/).describe('org_ id'),
    plan: z.enum(PLAN_NAMES).describe('full, search or custom'),
    features: z.array(Feature).optional().describe('With custom: portfolios, watches, alerts, events, saved_searches'),
  }),
  output: Organization,
  run: async (ctx, input) => toOrganization(ctx, await updateOrgPlan(ctx, input.org, namedPlan(input.plan, input.features)), true, null),
});

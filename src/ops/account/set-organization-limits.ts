// set_organization_limits: `tm orgs limits <org>`, per-organization rate limits and daily caps
// (spec §8 "limits can be configured per organization"); unspecified values keep their setting.
import { z } from 'zod';
import { toOrganization, updateOrgLimits } from '../../auth/orgs.js';
import { Organization } from '../../auth/schemas.js';
import { defineOp } from '../define-op.js';

const perMinute = (tier: string) => z.number().int().min(0).optional().describe(`${tier} tier: requests per window`);

export const setOrganizationLimits = defineOp({
  name: 'set_organization_limits',
  summary: "Set an organization's rate limits and daily caps (local administration)",
  scope: 'api-keys:manage',
  meter: 'account',
  readOnly: false,
  local: true,
  cli: { command: 'orgs limits <org>' },
  input: z.strictObject({
    org: z.string().regex(/^org_/).describe('org_ id'),
    reads: perMinute('reads'),
    search: perMinute('search'),
    writes: perMinute('writes'),
    mcp: perMinute('mcp'),
    window_seconds: z.number().int().positive().optional().describe('Window length for the tiers set here (default 60)'),
    daily_reads: z.number().int().min(0).optional(),
    daily_search: z.number().int().min(0).optional(),
    daily_writes: z.number().int().min(0).optional(),
  }),
  output: Organization,
  run: async (ctx, input) => {
    const tier = (limit: number | undefined) =>
      limit === undefined ? undefined : { limit, ...(input.window_seconds ? { window_seconds: input.window_seconds } : {}) };
    const daily = Object.fromEntries(
      (['reads', 'search', 'writes'] as const).flatMap((t) => (input[`daily_${t}`] === undefined ? [] : [[t, input[`daily_${t}`]]])),
    );
    const row = await updateOrgLimits(ctx, input.org, {
      reads: tier(input.reads),
      search: tier(input.search),
      writes: tier(input.writes),
      mcp: tier(input.mcp),
      ...(Object.keys(daily).length ? { daily } : {}),
    });
    return toOrganization(ctx, row, true, null);
  },
});

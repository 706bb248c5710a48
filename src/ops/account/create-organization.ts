// create_organization: `tm orgs create <name>`, run on the machine holding the store (never over
// HTTP or MCP, which act within an existing organization).
import { z } from 'zod';
import { toOrganization } from '../../auth/orgs.js';
import { createOrganization as create } from '../../auth/orgs.js';
import { OrgLimitOverrides, Organization } from '../../auth/schemas.js';
import { defineOp } from '../define-op.js';

export const createOrganization = defineOp({
  name: 'create_organization',
  summary: 'Create an organization (local administration)',
  description: 'Creates an organization for API keys; then run `tm keys create --org <id> --scopes …`.',
  scope: 'api-keys:manage',
  meter: 'account',
  readOnly: false,
  local: true,
  cli: { command: 'orgs create <name>' },
  input: z.strictObject({
    name: z.string().trim().min(1).max(200).describe('Organization name'),
    limits: OrgLimitOverrides.optional().describe('Limit overrides; see tm orgs limits'),
  }),
  output: Organization,
  run: async (ctx, input) => toOrganization(ctx, await create(ctx, input.name, input.limits ?? {}), true, null),
});

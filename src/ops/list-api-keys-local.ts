// list_api_keys_local: `tm keys list --org …` (local administration): live and test keys of one organization.
import { z } from 'zod';
import { toApiKey } from '../auth/keys.js';
import { requireOrg } from '../auth/orgs.js';
import { ApiKey } from '../auth/schemas.js';
import { listEnvelope } from '../core/schemas/envelope.js';
import { defineOp } from './define-op.js';

export const listApiKeysLocal = defineOp({
  name: 'list_api_keys_local',
  summary: "List an organization's API keys (local administration)",
  scope: 'api-keys:manage',
  meter: 'account',
  readOnly: true,
  local: true,
  cli: { command: 'keys list' },
  input: z.strictObject({ org: z.string().regex(/^org_/).describe('org_ id') }),
  output: listEnvelope(ApiKey),
  run: async (ctx, input) => {
    await requireOrg(ctx, input.org);
    const now = ctx.clock.now().toISOString();
    const rows = [...(await ctx.store.auth.listKeys(input.org, true)), ...(await ctx.store.auth.listKeys(input.org, false))];
    return { object: 'list' as const, data: rows.map((r) => toApiKey(r, now)), has_more: false, pagination: { cursor: null }, livemode: true, request_id: null };
  },
});

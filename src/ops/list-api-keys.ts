// list_api_keys: the calling organization's API keys of the caller's mode (`GET /v1/organization/api-keys`).
import { z } from 'zod';
import { toApiKey } from '../auth/keys.js';
import { ApiKey } from '../auth/schemas.js';
import { listEnvelope } from '../core/schemas/envelope.js';
import { callerOrg } from './account-context.js';
import { defineOp } from './define-op.js';

export const listApiKeys = defineOp({
  name: 'list_api_keys',
  summary: "List the organization's API keys",
  description:
    'The organization\'s API keys in the calling key\'s mode: id, name, hint, scopes, expiry and status. Secrets are never returned.',
  scope: 'api-keys:manage',
  meter: 'account',
  readOnly: true,
  http: { method: 'GET', path: '/v1/organization/api-keys' },
  input: z.strictObject({}),
  output: listEnvelope(ApiKey),
  run: async (ctx) => {
    const org = callerOrg(ctx);
    const now = ctx.clock.now().toISOString();
    const rows = await ctx.store.auth.listKeys(org.id, org.livemode);
    return {
      object: 'list' as const,
      data: rows.map((r) => toApiKey(r, now)),
      has_more: false,
      pagination: { cursor: null },
      livemode: org.livemode,
      request_id: ctx.requestId,
    };
  },
});

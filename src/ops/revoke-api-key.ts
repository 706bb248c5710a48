// revoke_api_key: revoke one of the organization's keys (`DELETE /v1/organization/api-keys/{id}`).
import { z } from 'zod';
import { toApiKey } from '../auth/keys.js';
import { ApiKey } from '../auth/schemas.js';
import { keyCallerMayChange } from './api-key-of-caller.js';
import { defineOp } from './define-op.js';

export const revokeApiKey = defineOp({
  name: 'revoke_api_key',
  summary: 'Revoke an API key',
  description: 'Revokes a key of the calling organization at once; requests with it then get 401. Revoking twice is harmless. A key holding a scope the calling key lacks cannot be revoked with it (403).',
  scope: 'api-keys:manage',
  meter: 'account',
  readOnly: false,
  http: { method: 'DELETE', path: '/v1/organization/api-keys/{id}' },
  input: z.strictObject({ id: z.string().describe('key_ id') }),
  output: ApiKey.extend({ request_id: z.string().nullable() }),
  run: async (ctx, input) => {
    const row = await keyCallerMayChange(ctx, input.id);
    const now = ctx.clock.now().toISOString();
    const revoked = { ...row, revoked_at: row.revoked_at ?? now };
    await ctx.store.auth.updateKey(revoked);
    return { ...toApiKey(revoked, now), request_id: ctx.requestId };
  },
});

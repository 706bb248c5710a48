// revoke_api_key_local: `tm keys revoke <key_id>` (local administration), for any organization.
import { z } from 'zod';
import { toApiKey } from '../auth/keys.js';
import { ApiKey } from '../auth/schemas.js';
import { TmError } from '../errors.js';
import { defineOp } from './define-op.js';

export const revokeApiKeyLocal = defineOp({
  name: 'revoke_api_key_local',
  summary: 'Revoke an API key (local administration)',
  scope: 'api-keys:manage',
  meter: 'account',
  readOnly: false,
  local: true,
  cli: { command: 'keys revoke <id>' },
  input: z.strictObject({ id: z.string().regex(/^key_/, 'a key id starts with key_').describe('key_ id (tm keys list)') }),
  output: ApiKey,
  run: async (ctx, input) => {
    const row = await ctx.store.auth.getKey(input.id);
    if (!row) throw new TmError('not_found', `No API key ${input.id}.`, { param: 'id' });
    const now = ctx.clock.now().toISOString();
    const revoked = { ...row, revoked_at: row.revoked_at ?? now };
    await ctx.store.auth.updateKey(revoked);
    return toApiKey(revoked, now);
  },
});

// update_api_key: change a key's name, scopes or expiry, or revoke it (`PATCH /v1/organization/api-keys/{id}`).
import { z } from 'zod';
import { parseExpiry, toApiKey } from '../auth/keys.js';
import { ApiKey, ScopeName } from '../auth/schemas.js';
import { TmError } from '../errors.js';
import { keyCallerMayChange } from './api-key-of-caller.js';
import { defineOp } from './define-op.js';

export const updateApiKey = defineOp({
  name: 'update_api_key',
  summary: "Update an API key's scopes, name or expiry, or revoke it",
  description:
    'Changes only the fields sent. `scopes` replaces the key\'s scopes (never beyond the calling key\'s own); `expires_at` null removes the expiry; `revoked: true` revokes the key at once and for good. A key holding a scope the calling key lacks cannot be changed with it (403).',
  scope: 'api-keys:manage',
  meter: 'account',
  readOnly: false,
  http: { method: 'PATCH', path: '/v1/organization/api-keys/{id}' },
  input: z.strictObject({
    id: z.string().describe('key_ id'),
    name: z.string().min(1).max(100).nullable().optional(),
    scopes: z.array(ScopeName).min(1).optional(),
    expires_at: z.string().nullable().optional().describe('ISO timestamp, date or duration such as 90d; null removes the expiry'),
    revoked: z.literal(true).optional().describe('true revokes the key; a revoked key cannot be restored'),
  }),
  output: ApiKey.extend({ request_id: z.string().nullable() }),
  run: async (ctx, input) => {
    const row = await keyCallerMayChange(ctx, input.id);
    const now = ctx.clock.now();
    const granted = ctx.credential?.scopes;
    for (const s of input.scopes ?? []) {
      if (granted && !granted.includes(s)) throw new TmError('forbidden', `The calling key lacks the ${s} scope, so it cannot grant it.`, { param: 'scopes' });
    }
    if (row.revoked_at && (input.scopes || input.expires_at !== undefined)) {
      throw new TmError('validation_error', `API key ${row.id} is revoked; create a new key instead.`, { param: 'id' });
    }
    const next = {
      id: row.id,
      name: input.name === undefined ? row.name : input.name,
      scopes: input.scopes ? JSON.stringify([...new Set(input.scopes)]) : row.scopes,
      expires_at: input.expires_at === undefined ? row.expires_at : parseExpiry(input.expires_at ?? undefined, now),
      revoked_at: input.revoked ? (row.revoked_at ?? now.toISOString()) : row.revoked_at,
    };
    await ctx.store.auth.updateKey(next);
    return { ...toApiKey({ ...row, ...next }, now.toISOString()), request_id: ctx.requestId };
  },
});

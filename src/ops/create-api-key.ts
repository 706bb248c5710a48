// create_api_key: a new key for the calling organization, in the caller's mode, with at most the
// caller's scopes (`POST /v1/organization/api-keys`). The secret is in this response only.
import { z } from 'zod';
import { issueApiKey, parseExpiry } from '../auth/keys.js';
import { ApiKey, ScopeName } from '../auth/schemas.js';
import { TmError } from '../errors.js';
import { callerOrg } from './account-context.js';
import { defineOp } from './define-op.js';

export const NewApiKey = ApiKey.extend({
  secret: z.string().describe('The key itself, shown once: store it now; only its hash is kept'),
  request_id: z.string().nullable(),
});

export const createApiKey = defineOp({
  name: 'create_api_key',
  summary: 'Create an API key for the organization',
  description:
    'Creates a key for the calling organization. A live key creates live keys, a test key test keys. The new key cannot hold a scope the calling key lacks. The response carries `secret` once; it is stored hashed and cannot be shown again.',
  scope: 'api-keys:manage',
  meter: 'account',
  readOnly: false,
  http: { method: 'POST', path: '/v1/organization/api-keys' },
  input: z.strictObject({
    name: z.string().min(1).max(100).optional().describe('A label, e.g. the script that uses the key'),
    scopes: z.array(ScopeName).min(1).describe('Scopes of the new key (spec §5.3)'),
    expires_at: z.string().optional().describe('ISO timestamp, date, or duration such as 90d; omitted = never expires'),
  }),
  output: NewApiKey,
  run: async (ctx, input) => {
    const org = callerOrg(ctx);
    const granted = ctx.credential?.scopes;
    for (const s of input.scopes) {
      if (granted && !granted.includes(s)) {
        throw new TmError('forbidden', `The calling key lacks the ${s} scope, so it cannot grant it.`, { param: 'scopes' });
      }
    }
    const { key, secret } = await issueApiKey(ctx, {
      orgId: org.id,
      scopes: input.scopes,
      livemode: org.livemode,
      name: input.name ?? null,
      expiresAt: parseExpiry(input.expires_at, ctx.clock.now()),
    });
    return { ...key, secret, request_id: ctx.requestId };
  },
});

// issue_api_key: `tm keys create --org … --scopes … [--test] [--expires …]` (local administration).
// Prints the key once; only its SHA-256 is stored.
import { z } from 'zod';
import { issueApiKey as issue, parseExpiry } from '../auth/keys.js';
import { requireOrg } from '../auth/orgs.js';
import { ScopeName } from '../auth/schemas.js';
import { NewApiKey } from './create-api-key.js';
import { defineOp } from './define-op.js';

export const issueApiKey = defineOp({
  name: 'issue_api_key',
  summary: 'Create an API key for an organization (local administration)',
  description:
    'Creates a live key (`tmk_live_…`) or with --test a test key (`tmk_test_…`, test mode only) and prints it once. Send it as `Authorization: Bearer <key>`.',
  scope: 'api-keys:manage',
  meter: 'account',
  readOnly: false,
  local: true,
  cli: { command: 'keys create' },
  input: z.strictObject({
    org: z.string().regex(/^org_/, 'an organization id starts with org_').describe('org_ id (tm orgs list)'),
    scopes: z.array(ScopeName).min(1).describe('Comma-separated scopes, e.g. trademarks:read,billing:read'),
    test: z.boolean().default(false).describe('Create a test-mode key'),
    expires: z.string().optional().describe('Expiry: ISO timestamp, date, or duration such as 90d'),
    name: z.string().min(1).max(100).optional().describe('A label for the key'),
  }),
  output: NewApiKey,
  run: async (ctx, input) => {
    await requireOrg(ctx, input.org);
    const { key, secret } = await issue(ctx, {
      orgId: input.org,
      scopes: input.scopes,
      livemode: !input.test,
      name: input.name ?? null,
      expiresAt: parseExpiry(input.expires, ctx.clock.now()),
    });
    return { ...key, secret, request_id: null };
  },
});

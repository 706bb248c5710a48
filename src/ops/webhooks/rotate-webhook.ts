// tm_webhooks_rotate: a new signing secret (`POST /v1/webhooks/{id}/rotate-secret`). During the
// overlap, every delivery carries two `v1,` signatures (new and previous secret), so a receiver
// can switch secrets without dropping one delivery.
import { z } from 'zod';
import { newSecret } from '../../monitor/signing.js';
import { defineOp } from '../define-op.js';
import { endpointOfCaller, toEndpoint, WebhookEndpoint } from './endpoint.js';

export const rotateWebhookSecret = defineOp({
  name: 'tm_webhooks_rotate',
  summary: "Rotate a webhook endpoint's signing secret",
  description:
    'Issues a new signing secret, returned once. For overlap_hours (default 24, 0 ends the old secret at once) deliveries are signed with both secrets: webhook-signature holds two v1 entries separated by one space.',
  scope: 'portfolios:manage',
  meter: 'monitoring',
  readOnly: false,
  http: { method: 'POST', path: '/v1/webhooks/{id}/rotate-secret' },
  cli: { command: 'webhooks rotate <id>' },
  input: z.strictObject({
    id: z.string().describe('wh_ id'),
    overlap_hours: z.number().int().min(0).max(168).default(24).describe('Hours the previous secret keeps signing, 0 to 168'),
  }),
  output: WebhookEndpoint.extend({ secret: z.string().describe('The new signing secret, shown once'), request_id: z.string().nullable() }),
  run: async (ctx, input) => {
    const row = await endpointOfCaller(ctx, input.id);
    const now = ctx.clock.now();
    const next = {
      ...row,
      secret: newSecret(),
      previous_secret: input.overlap_hours > 0 ? row.secret : null,
      previous_secret_expires_at: input.overlap_hours > 0 ? new Date(now.getTime() + input.overlap_hours * 3_600_000).toISOString() : null,
      updated_at: now.toISOString(),
    };
    await ctx.store.webhooks.updateEndpoint(next);
    return { ...toEndpoint(next, now.toISOString()), secret: next.secret, request_id: ctx.requestId };
  },
});

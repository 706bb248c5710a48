// tm_webhooks_create: registers a webhook endpoint (`POST /v1/webhooks`); the signing secret is in
// this response only.
import { z } from 'zod';
import { randomId } from '../../core/ids.js';
import { newSecret } from '../../monitor/signing.js';
import { ownerOrg } from '../../monitor/org.js';
import { defineOp } from '../define-op.js';
import { checkPortfolio, checkTarget, EnabledEvents, ENDPOINT_PREFIX, toEndpoint, WebhookEndpoint, WebhookUrl } from './endpoint.js';

export const createWebhook = defineOp({
  name: 'tm_webhooks_create',
  summary: 'Register a webhook endpoint',
  description:
    'Registers a URL to receive signed POSTs for the chosen event types, optionally only for one portfolio\'s marks. The response shows the signing secret once.',
  scope: 'portfolios:manage',
  meter: 'monitoring',
  readOnly: false,
  mcpTool: true,
  http: { method: 'POST', path: '/v1/webhooks' },
  cli: { command: 'webhooks create', flags: { event: 'enabled_events', portfolio: 'portfolio_id' } },
  input: z.strictObject({
    url: WebhookUrl,
    enabled_events: EnabledEvents,
    portfolio_id: z.string().optional().describe('ptf_ id'),
    description: z.string().max(500).optional(),
  }),
  output: WebhookEndpoint.extend({
    secret: z.string().describe('The signing secret (whsec_…), shown once: store it now'),
    request_id: z.string().nullable(),
  }),
  run: async (ctx, input) => {
    checkTarget(ctx, input.url);
    await checkPortfolio(ctx, input.portfolio_id);
    const now = ctx.clock.now().toISOString();
    const row = {
      id: randomId(ENDPOINT_PREFIX),
      org_id: ownerOrg(ctx),
      url: input.url,
      description: input.description ?? null,
      enabled_events: JSON.stringify([...new Set(input.enabled_events)]),
      portfolio_id: input.portfolio_id ?? null,
      secret: newSecret(),
      previous_secret: null,
      previous_secret_expires_at: null,
      enabled: 1,
      disabled_reason: null,
      consecutive_failures: 0,
      failing_since: null,
      last_success_at: null,
      last_failure_at: null,
      created_at: now,
      updated_at: now,
      monitor_id: null,
    };
    await ctx.store.webhooks.createEndpoint(row);
    return { ...toEndpoint(row, now), secret: row.secret, request_id: ctx.requestId };
  },
});

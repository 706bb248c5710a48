// tm_webhooks_update and tm_webhooks_delete (`PATCH` and `DELETE /v1/webhooks/{id}`). Re-enabling
// an endpoint clears its failure run and resumes the deliveries it queued.
import { z } from 'zod';
import { defineOp } from '../define-op.js';
import { checkPortfolio, checkTarget, EnabledEvents, endpointOfCaller, toEndpoint, WebhookEndpoint, WebhookUrl } from './endpoint.js';

export const updateWebhook = defineOp({
  name: 'tm_webhooks_update',
  summary: 'Update a webhook endpoint',
  description:
    'Changes any of url, enabled_events, portfolio_id (null removes it), description and enabled; enabling a disabled endpoint resumes its queued deliveries.',
  scope: 'portfolios:manage',
  meter: 'monitoring',
  readOnly: false,
  mcpTool: true,
  http: { method: 'PATCH', path: '/v1/webhooks/{id}' },
  cli: { command: 'webhooks update <id>', flags: { event: 'enabled_events', portfolio: 'portfolio_id' } },
  input: z.strictObject({
    id: z.string().describe('wh_ id'),
    url: WebhookUrl.optional(),
    enabled_events: EnabledEvents.optional(),
    portfolio_id: z.string().nullable().optional().describe('ptf_ id, or null for every mark'),
    description: z.string().max(500).nullable().optional(),
    enabled: z.boolean().optional(),
  }),
  output: WebhookEndpoint.extend({ request_id: z.string().nullable() }),
  run: async (ctx, input) => {
    const row = await endpointOfCaller(ctx, input.id);
    if (input.url !== undefined) checkTarget(ctx, input.url);
    await checkPortfolio(ctx, input.portfolio_id);
    const now = ctx.clock.now().toISOString();
    const next = { ...row, updated_at: now };
    if (input.url !== undefined) next.url = input.url;
    if (input.enabled_events !== undefined) next.enabled_events = JSON.stringify([...new Set(input.enabled_events)]);
    if (input.portfolio_id !== undefined) next.portfolio_id = input.portfolio_id;
    if (input.description !== undefined) next.description = input.description;
    if (input.enabled === true && row.enabled !== 1) Object.assign(next, { enabled: 1, disabled_reason: null, consecutive_failures: 0, failing_since: null });
    if (input.enabled === false) Object.assign(next, { enabled: 0, disabled_reason: 'manual' });
    await ctx.store.webhooks.updateEndpoint(next);
    return { ...toEndpoint(next, now), request_id: ctx.requestId };
  },
});

export const deleteWebhook = defineOp({
  name: 'tm_webhooks_delete',
  summary: 'Delete a webhook endpoint',
  description: 'Deletes the endpoint; deliveries still queued for it are dropped. Its ledger events stay readable at GET /v1/events.',
  scope: 'portfolios:manage',
  meter: 'monitoring',
  readOnly: false,
  mcpTool: true,
  http: { method: 'DELETE', path: '/v1/webhooks/{id}' },
  cli: { command: 'webhooks delete <id>' },
  input: z.strictObject({ id: z.string().describe('wh_ id') }),
  output: z.object({ id: z.string(), object: z.literal('webhook_endpoint'), deleted: z.literal(true), request_id: z.string().nullable() }),
  run: async (ctx, input) => {
    const row = await endpointOfCaller(ctx, input.id);
    await ctx.store.webhooks.deleteEndpoint(row.org_id, row.id, ctx.clock.now().toISOString());
    return { id: row.id, object: 'webhook_endpoint' as const, deleted: true as const, request_id: ctx.requestId };
  },
});

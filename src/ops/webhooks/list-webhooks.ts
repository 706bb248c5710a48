// tm_webhooks_list and tm_webhooks_get: the calling organization's endpoints with their health
// (`GET /v1/webhooks`, `GET /v1/webhooks/{id}`); secrets are never shown here.
import { z } from 'zod';
import { listEnvelope } from '../../core/schemas/envelope.js';
import { ownerOrg } from '../../monitor/org.js';
import { defineOp } from '../define-op.js';
import { endpointOfCaller, toEndpoint, WebhookEndpoint } from './endpoint.js';

export const listWebhooks = defineOp({
  name: 'tm_webhooks_list',
  summary: 'List webhook endpoints',
  description: 'The organization\'s webhook endpoints with URL, events, portfolio filter and health (healthy, failing or disabled).',
  scope: 'events:read',
  meter: 'monitoring',
  readOnly: true,
  http: { method: 'GET', path: '/v1/webhooks' },
  cli: { command: 'webhooks list' },
  input: z.strictObject({}),
  output: listEnvelope(WebhookEndpoint),
  run: async (ctx) => {
    const now = ctx.clock.now().toISOString();
    const rows = await ctx.store.webhooks.listEndpoints(ownerOrg(ctx));
    return {
      object: 'list' as const,
      data: rows.map((r) => toEndpoint(r, now)),
      has_more: false,
      pagination: { cursor: null },
      livemode: ctx.org?.livemode ?? true,
      request_id: ctx.requestId,
    };
  },
});

export const getWebhook = defineOp({
  name: 'tm_webhooks_get',
  summary: 'Get one webhook endpoint',
  description: 'One endpoint of the organization by wh_ id, with its health and delivery counts by state.',
  scope: 'events:read',
  meter: 'monitoring',
  readOnly: true,
  http: { method: 'GET', path: '/v1/webhooks/{id}' },
  cli: { command: 'webhooks get <id>' },
  input: z.strictObject({ id: z.string().describe('wh_ id') }),
  output: WebhookEndpoint.extend({
    deliveries: z.record(z.string(), z.number().int()).describe('Deliveries by state: pending, in_flight, delivered, failed'),
    request_id: z.string().nullable(),
  }),
  run: async (ctx, input) => {
    const row = await endpointOfCaller(ctx, input.id);
    const deliveries = await ctx.store.webhooks.deliveryCounts(row.id);
    return { ...toEndpoint(row, ctx.clock.now().toISOString()), deliveries, request_id: ctx.requestId };
  },
});

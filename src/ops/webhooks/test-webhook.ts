// tm_webhooks_test: sends a `webhook.test` ping now and reports the receiver's answer
// (`POST /v1/webhooks/{id}/test`). Its id is `test_<hex>`; it is never retried and never counts
// toward auto-disable. It also goes to a disabled endpoint, to check a receiver before re-enabling.
import { z } from 'zod';
import { createDeliveryWorker, testEventId } from '../../monitor/delivery.js';
import { defineOp } from '../define-op.js';
import { endpointOfCaller } from './endpoint.js';

export const testWebhook = defineOp({
  name: 'tm_webhooks_test',
  summary: 'Send a test delivery to a webhook endpoint',
  description:
    'Sends a signed webhook.test event to the endpoint now and returns whether it answered 2xx, its status and response time. Never retried.',
  scope: 'portfolios:manage',
  meter: 'monitoring',
  readOnly: false,
  mcpTool: true,
  // The one tool that reaches outside the store: it POSTs to the endpoint's URL.
  mcp: { openWorld: true },
  http: { method: 'POST', path: '/v1/webhooks/{id}/test' },
  cli: { command: 'webhooks test <id>' },
  input: z.strictObject({ id: z.string().describe('wh_ id') }),
  output: z.object({
    object: z.literal('webhook_test'),
    id: z.string().describe('test_<hex>: the webhook-id of the ping'),
    endpoint_id: z.string(),
    success: z.boolean(),
    response_status: z.number().int().nullable(),
    response_time_ms: z.number().int(),
    error: z.string().nullable(),
    request_id: z.string().nullable(),
  }),
  run: async (ctx, input) => {
    const endpoint = await endpointOfCaller(ctx, input.id);
    const id = testEventId();
    const [deliveryId] = await ctx.store.webhooks.enqueue(endpoint, [{ id, seq: 0 }], true, ctx.clock.now().toISOString());
    const worker = createDeliveryWorker(ctx.store, ctx.clock, { allowPrivate: ctx.config.allowPrivateWebhooks });
    try {
      const result = (await worker.sendNow(deliveryId!))!;
      return {
        object: 'webhook_test' as const,
        id,
        endpoint_id: endpoint.id,
        success: result.ok,
        response_status: result.responseCode,
        response_time_ms: result.responseTimeMs,
        error: result.error,
        request_id: ctx.requestId,
      };
    } finally {
      await worker.stop();
    }
  },
});

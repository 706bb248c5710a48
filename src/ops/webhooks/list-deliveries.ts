// tm_webhooks_deliveries: the attempt log of one endpoint (`GET /v1/webhooks/{id}/deliveries`),
// oldest first: each attempt's status, response code, response time and error.
import { z } from 'zod';
import { listEnvelope } from '../../core/schemas/envelope.js';
import { defineOp } from '../define-op.js';
import { cursorPosition, listPage, pagingInput } from '../paging.js';
import { endpointOfCaller } from './endpoint.js';

const DeliveryAttempt = z.object({
  object: z.literal('delivery_attempt'),
  delivery_id: z.string().describe('dlv_ id: one queued delivery; its retries share it'),
  event_id: z.string().describe('The webhook-id: evt_ or test_'),
  attempt: z.number().int().describe('The webhook-attempt header sent'),
  status: z.enum(['in_flight', 'succeeded', 'failed', 'interrupted']).describe('in_flight: claimed and being sent; interrupted: the delivering process stopped during it (not counted toward the retry schedule or its cap; the re-post carries the same attempt number)'),
  response_code: z.number().int().nullable(),
  response_time_ms: z.number().int().nullable(),
  error: z.string().nullable(),
  at: z.string(),
});

export const listDeliveries = defineOp({
  name: 'tm_webhooks_deliveries',
  summary: 'List delivery attempts of a webhook endpoint',
  description: 'Every delivery attempt to the endpoint, oldest first, with status, response code, response time and error.',
  scope: 'events:read',
  meter: 'monitoring',
  readOnly: true,
  http: { method: 'GET', path: '/v1/webhooks/{id}/deliveries' },
  cli: { command: 'webhooks deliveries <id>' },
  input: z.strictObject({ id: z.string().describe('wh_ id'), ...pagingInput }),
  output: listEnvelope(DeliveryAttempt),
  run: async (ctx, input) => {
    const endpoint = await endpointOfCaller(ctx, input.id);
    const binding = { op: 'tm_webhooks_deliveries', id: endpoint.id };
    const after = await cursorPosition(ctx, input.cursor, binding);
    const rows = await ctx.store.webhooks.attempts(endpoint.id, after, input.limit + 1);
    const page = await listPage(ctx, rows, input.limit, (last) => last.seq, binding);
    return {
      ...page,
      data: page.data.map((r) => ({
        object: 'delivery_attempt' as const,
        delivery_id: r.delivery_id,
        event_id: r.event_id,
        attempt: r.attempt,
        status: r.status,
        response_code: r.response_code,
        response_time_ms: r.response_time_ms,
        error: r.error,
        at: r.at,
      })),
    };
  },
});

// tm_webhooks_redeliver: queues stored events again for one endpoint
// (`POST /v1/webhooks/{id}/redeliver`), by id or by creation range, with their original
// webhook-id and payload_version. Only events within the 30-day replay window.
import { z } from 'zod';
import { TmError } from '../../errors.js';
import { checkPrefix } from '../../monitor/org.js';
import { defineOp } from '../define-op.js';
import { replayFloor } from '../events/envelope.js';
import { endpointOfCaller } from './endpoint.js';

/** Events one call may queue; a wider range is refused rather than cut. */
export const MAX_REDELIVER = 1000;

export const redeliverWebhook = defineOp({
  name: 'tm_webhooks_redeliver',
  summary: 'Redeliver events to a webhook endpoint',
  description:
    'Queues stored events for the endpoint again, with the same webhook-id and payload_version: either event_ids, or every event the endpoint subscribes to (types and portfolio filter) created in [created_gte, created_lt). At most 1,000 events per call; the 30-day replay window applies.',
  scope: 'portfolios:manage',
  meter: 'monitoring',
  readOnly: false,
  http: { method: 'POST', path: '/v1/webhooks/{id}/redeliver' },
  cli: { command: 'webhooks redeliver <id>', flags: { event: 'event_ids' } },
  input: z.strictObject({
    id: z.string().describe('wh_ id'),
    event_ids: z.array(z.string()).min(1).max(MAX_REDELIVER).optional().describe('evt_ ids to deliver again'),
    created_gte: z.string().datetime().optional().describe('Range start (ISO 8601), inclusive'),
    created_lt: z.string().datetime().optional().describe('Range end (ISO 8601), exclusive'),
  }),
  output: z.object({
    object: z.literal('redelivery'),
    endpoint_id: z.string(),
    event_ids: z.array(z.string()),
    queued: z.number().int(),
    request_id: z.string().nullable(),
  }),
  run: async (ctx, input) => {
    const endpoint = await endpointOfCaller(ctx, input.id);
    const byRange = input.created_gte !== undefined || input.created_lt !== undefined;
    if (Boolean(input.event_ids) === byRange) {
      throw new TmError('conflicting_params', 'Give either event_ids or a created_gte/created_lt range.', { param: 'event_ids' });
    }
    const floor = replayFloor(ctx);
    let events: { id: string; seq: number }[];
    if (input.event_ids) {
      events = [];
      for (const id of input.event_ids) {
        checkPrefix(id, 'evt_', 'event', 'event_ids');
        const row = await ctx.store.ledger.get(endpoint.org_id, id);
        if (!row || row.created_at < floor) throw new TmError('not_found', `No event ${id} within the 30-day replay window.`, { param: 'event_ids' });
        events.push(row);
      }
    } else {
      events = await ctx.store.ledger.list(
        {
          orgId: endpoint.org_id,
          types: JSON.parse(endpoint.enabled_events) as string[],
          portfolioId: endpoint.portfolio_id ?? undefined,
          createdGte: input.created_gte,
          createdLt: input.created_lt,
          afterSeq: 0,
          notBefore: floor,
        },
        MAX_REDELIVER + 1,
      );
      if (events.length > MAX_REDELIVER) {
        throw new TmError('too_complex', `The range holds more than ${MAX_REDELIVER} events.`, { param: 'created_gte', suggestion: 'Split it into shorter ranges.' });
      }
    }
    await ctx.store.webhooks.enqueue(endpoint, events, false, ctx.clock.now().toISOString());
    return { object: 'redelivery' as const, endpoint_id: endpoint.id, event_ids: events.map((e) => e.id), queued: events.length, request_id: ctx.requestId };
  },
});

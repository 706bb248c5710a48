// get_event: one event of the calling organization's ledger (`GET /v1/events/{id}`), with the
// payload_version it was stored with.
import { z } from 'zod';
import { TmError } from '../../errors.js';
import { checkPrefix, ownerOrg } from '../../monitor/org.js';
import { defineOp } from '../define-op.js';
import { EventEnvelope, replayFloor, toEnvelope } from './envelope.js';

export const getEvent = defineOp({
  name: 'get_event',
  summary: 'Get one event',
  description: 'One event of the organization ledger by evt_ id, in the envelope its webhook deliveries carry. Events older than 30 days are gone.',
  scope: 'events:read',
  meter: 'monitoring',
  readOnly: true,
  http: { method: 'GET', path: '/v1/events/{id}' },
  input: z.strictObject({ id: z.string().describe('evt_ id') }),
  output: EventEnvelope.extend({ request_id: z.string().nullable() }),
  run: async (ctx, input) => {
    checkPrefix(input.id, 'evt_', 'event', 'id');
    const row = await ctx.store.ledger.get(ownerOrg(ctx), input.id);
    if (!row || row.created_at < replayFloor(ctx)) throw new TmError('not_found', `No event ${input.id}.`, { param: 'id' });
    return { ...toEnvelope(row), request_id: ctx.requestId };
  },
});

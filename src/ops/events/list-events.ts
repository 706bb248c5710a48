// list_events: the calling organization's event ledger (`GET /v1/events`), oldest first, with
// filters and cursors; `tm events` (and its --follow) reads it through this operation.
import { z } from 'zod';
import { listEnvelope } from '../../core/schemas/envelope.js';
import { SUBSCRIBABLE_EVENTS } from '../../monitor/ledger.js';
import { checkPrefix, ownerOrg } from '../../monitor/org.js';
import { defineOp } from '../define-op.js';
import { cursorPosition, listPage, pagingInput } from '../paging.js';
import { EventEnvelope, replayFloor, toEnvelope } from './envelope.js';

const EventType = z.enum(SUBSCRIBABLE_EVENTS);

export const listEvents = defineOp({
  name: 'list_events',
  summary: "List the organization's events",
  description:
    'The per-organization event ledger: alert.created, trademark.status_changed and office_action.issued, oldest first, kept 30 days. Filter by type, portfolio_id (membership frozen when the event was recorded), trademark_id and creation time. Each event has the envelope its webhook deliveries carry.',
  scope: 'events:read',
  meter: 'monitoring',
  readOnly: true,
  http: { method: 'GET', path: '/v1/events' },
  input: z.strictObject({
    type: z.array(EventType).optional().describe('Only these event types (comma-separated)'),
    portfolio_id: z.string().optional().describe('ptf_ id: only events of marks in this portfolio when recorded'),
    trademark_id: z.string().optional().describe('tm_ id: only events of this mark'),
    created_gte: z.string().datetime().optional().describe('Recorded at or after (ISO 8601)'),
    created_lt: z.string().datetime().optional().describe('Recorded before (ISO 8601)'),
    after: z.string().optional().describe('evt_ id: only events recorded after this one (what --follow uses)'),
    ...pagingInput,
  }),
  output: listEnvelope(EventEnvelope),
  run: async (ctx, input) => {
    const orgId = ownerOrg(ctx);
    if (input.portfolio_id) checkPrefix(input.portfolio_id, 'ptf_', 'portfolio', 'portfolio_id');
    if (input.trademark_id) checkPrefix(input.trademark_id, 'tm_', 'trademark', 'trademark_id');
    if (input.after) checkPrefix(input.after, 'evt_', 'event', 'after');
    const { limit, cursor, ...filters } = input;
    const binding = { op: 'list_events', org: orgId, ...filters };
    let afterSeq = await cursorPosition(ctx, cursor, binding);
    if (input.after && cursor === undefined) afterSeq = (await ctx.store.ledger.get(orgId, input.after))?.seq ?? 0;
    const rows = await ctx.store.ledger.list(
      {
        orgId,
        types: input.type,
        portfolioId: input.portfolio_id,
        trademarkId: input.trademark_id,
        createdGte: input.created_gte,
        createdLt: input.created_lt,
        afterSeq,
        notBefore: replayFloor(ctx),
      },
      limit + 1,
    );
    const page = await listPage(ctx, rows, limit, (last) => last.seq, binding);
    return { ...page, data: page.data.map(toEnvelope) };
  },
});

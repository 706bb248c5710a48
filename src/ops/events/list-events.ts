// list_events: the calling organization's event ledger (`GET /v1/events`), oldest first, with
// filters and cursors; `tm events` (and its --follow) reads it through this operation.
import { z } from 'zod';
import type { Context } from '../../context.js';
import { TmError } from '../../errors.js';
import { listEnvelope } from '../../core/schemas/envelope.js';
import { SUBSCRIBABLE_EVENTS } from '../../monitor/ledger.js';
import { checkPrefix, ownerOrg } from '../../monitor/org.js';
import { defineOp } from '../define-op.js';
import { requirePortfolio } from '../monitor/portfolio-crud.js';
import { cursorPosition, listPage, pagingInput } from '../paging.js';
import { EventEnvelope, REPLAY_DAYS, replayFloor, toEnvelope } from './envelope.js';

const EventType = z.enum(SUBSCRIBABLE_EVENTS);

const RESUME_HINT = 'To resume, pass created_gte (an ISO 8601 time, e.g. the timestamp of the last event you processed) instead of after.';

/**
 * The ledger position just past event `after`. An id this organization never had (mistyped, another
 * organization's, or pruned) is a 400 rather than a replay from the start; a known id recorded before
 * the replay window is `cursor_expired`, since the events right after it are no longer served.
 */
const resumePoint = async (ctx: Context, orgId: string, after: string): Promise<number> => {
  const row = await ctx.store.ledger.get(orgId, after);
  if (!row) throw new TmError('validation_error', `No event ${after} in this organization's ledger, so there is no place to resume after it.`, { param: 'after', suggestion: RESUME_HINT });
  if (row.created_at < replayFloor(ctx)) {
    throw new TmError('cursor_expired', `Event ${after} was recorded ${row.created_at}, before the ${REPLAY_DAYS}-day replay window; the events after it are no longer all kept.`, {
      param: 'after',
      suggestion: RESUME_HINT,
    });
  }
  return row.seq;
};

export const listEvents = defineOp({
  name: 'list_events',
  summary: "List the organization's events",
  description:
    'The organization\'s event ledger (alert.created, trademark.status_changed, office_action.issued), oldest first, kept 30 days, in the envelope webhooks carry.',
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
    after: z.string().optional().describe('evt_ id: only events recorded after this one (what --follow uses); an id this organization never had is a 400, one older than the 30-day window cursor_expired: resume with created_gte'),
    ...pagingInput,
  }),
  output: listEnvelope(EventEnvelope),
  run: async (ctx, input) => {
    const orgId = ownerOrg(ctx);
    // Another organization's portfolio is a 404, as on the watch and deadline routes, not an empty page.
    if (input.portfolio_id) await requirePortfolio(ctx, input.portfolio_id, 'portfolio_id');
    if (input.trademark_id) checkPrefix(input.trademark_id, 'tm_', 'trademark', 'trademark_id');
    if (input.after) checkPrefix(input.after, 'evt_', 'event', 'after');
    const { limit, cursor, ...filters } = input;
    const binding = { op: 'list_events', org: orgId, ...filters };
    let afterSeq = await cursorPosition(ctx, cursor, binding);
    if (input.after && cursor === undefined) afterSeq = await resumePoint(ctx, orgId, input.after);
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

// list_screenings: the organization's saved screenings, newest first, as summaries.
import { z } from 'zod';
import { listEnvelope } from '../../core/schemas/envelope.js';
import { OverallRisk, Screening } from '../../clearance/screening.js';
import { TmError } from '../../errors.js';
import { defineOp } from '../define-op.js';
import { scopeOf } from './screening-run.js';

const Summary = z.object({
  id: z.string(),
  object: z.literal('screening'),
  mark: z.string(),
  classes: z.array(z.number().int()),
  offices: z.array(z.string()),
  risk: OverallRisk,
  summary: z.string(),
  hits: z.number().int(),
  run_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});

const cursorOf = (createdAt: string, id: string) => Buffer.from(JSON.stringify([createdAt, id])).toString('base64url');
const readCursor = (cursor: string): { createdAt: string; id: string } => {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as [string, string];
    if (typeof createdAt === 'string' && typeof id === 'string') return { createdAt, id };
  } catch {
    // reported below
  }
  throw new TmError('cursor_invalid', 'cursor: not a cursor of this list.', { param: 'cursor' });
};

export const listScreenings = defineOp({
  name: 'list_screenings',
  summary: 'List saved screenings',
  description: "Lists the organization's saved screenings, newest first, each with its proposal, overall risk and summary. Page with `cursor`.",
  scope: 'trademarks:read',
  meter: 'read',
  readOnly: true,
  http: { method: 'GET', path: '/v1/screenings' },
  cli: { command: 'screenings list' },
  input: z.strictObject({ limit: z.coerce.number().int().min(1).max(100).default(20), cursor: z.string().optional() }),
  output: listEnvelope(Summary),
  run: async (ctx, input) => {
    const rows = await ctx.store.screenings.list(scopeOf(ctx), input.cursor ? readCursor(input.cursor) : null, input.limit + 1);
    const page = rows.slice(0, input.limit);
    const more = rows.length > input.limit;
    const last = page.at(-1);
    return {
      object: 'list' as const,
      data: page.map((r) => {
        const s = Screening.parse(JSON.parse(r.result));
        return { id: r.id, object: 'screening' as const, mark: s.proposal.mark, classes: s.proposal.classes, offices: s.proposal.offices, risk: s.overall.risk, summary: s.overall.summary, hits: s.hits.length, run_count: r.run_count, created_at: r.created_at, updated_at: r.updated_at };
      }),
      has_more: more,
      pagination: { cursor: more && last ? cursorOf(last.created_at, last.id) : null },
      livemode: ctx.org?.livemode ?? true,
      request_id: ctx.requestId,
    };
  },
});

// list_assignments: recorded assignments, newest execution first (`GET /v1/assignments`),
// optionally those naming a party or touching one mark.
import { z } from 'zod';
import { listEnvelope } from '../../core/schemas/envelope.js';
import { defineOp } from '../define-op.js';
import { cursorPosition, listPage, pagingInput } from '../paging.js';
import { trademarkRef } from '../resolve-id.js';
import { Assignment, toAssignment } from './assignment-shape.js';

export const listAssignments = defineOp({
  name: 'list_assignments',
  summary: 'List recorded assignments',
  description:
    'Recorded assignment documents, newest first. `party` matches an assignor or assignee name; `trademark` keeps those touching one mark.',
  scope: 'trademarks:read',
  meter: 'read',
  readOnly: true,
  http: { method: 'GET', path: '/v1/assignments' },
  cli: { command: 'assignment list' },
  input: z.strictObject({
    party: z.string().min(2).max(200).optional().describe('Assignor or assignee name contains this text'),
    trademark: z.string().min(1).optional().describe('Only assignments touching this mark: tm_ id or OFFICE:number'),
    include_total: z.boolean().default(false).describe('Add pagination.total_count'),
    ...pagingInput,
  }),
  output: listEnvelope(Assignment),
  run: async (ctx, input) => {
    const trademarkId = input.trademark ? await trademarkRef(ctx, input.trademark) : undefined;
    const filter = { party: input.party, trademarkId };
    const binding = { op: 'assignments', ...filter };
    const offset = await cursorPosition(ctx, input.cursor, binding);
    const rows = (await ctx.store.assignments.list(filter, input.limit + 1, offset)).map((a, i) => ({ a, at: offset + i + 1 }));
    const total = input.include_total ? await ctx.store.assignments.count(filter) : undefined;
    const page = await listPage(ctx, rows, input.limit, (last) => last.at, binding, total);
    return { ...page, data: page.data.map((r) => toAssignment(r.a, trademarkId ?? null)) };
  },
});

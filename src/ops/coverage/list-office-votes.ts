// list_office_votes: the coverage vote totals (`GET /v1/offices/votes`, `tm offices votes`): every
// office some organization asked for, most votes first, and whether the caller voted for it.
import { z } from 'zod';
import { listEnvelope } from '../../core/schemas/envelope.js';
import { defineOp } from '../define-op.js';
import { referenceList } from '../reference/data.js';
import { officeName } from './voter.js';

export const listOfficeVotes = defineOp({
  name: 'list_office_votes',
  summary: 'Read the office-coverage vote totals',
  description:
    'Offices organizations voted to add, most votes first, with whether yours is among them.',
  scope: 'trademarks:read',
  meter: 'reference',
  readOnly: true,
  http: { method: 'GET', path: '/v1/offices/votes' },
  cli: { command: 'offices votes' },
  input: z.strictObject({}),
  output: listEnvelope(
    z.object({
      object: z.literal('office_vote_total'),
      office_code: z.string(),
      office_name: z.string().nullable(),
      votes: z.number().int().describe('Organizations voting for it'),
      voted: z.boolean().describe('Whether the calling organization voted for it (false locally)'),
      first_vote_at: z.string(),
      last_vote_at: z.string(),
    }),
  ),
  run: async (ctx) => {
    const rows = await ctx.store.offices.voteTotals(ctx.org?.id ?? '', ctx.org?.livemode ?? true);
    return referenceList(
      ctx,
      rows.map((r) => ({ object: 'office_vote_total' as const, office_code: r.office_code, office_name: officeName(r.office_code), votes: r.votes, voted: r.mine, first_vote_at: r.first_vote_at, last_vote_at: r.last_vote_at })),
    );
  },
});

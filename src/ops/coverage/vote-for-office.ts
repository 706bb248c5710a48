// vote_for_office: an organization asks for an office to be covered (`POST /v1/offices/votes`,
// `tm offices vote JP --org org_…`). One vote per organization and office; voting again updates
// its note.
import { z } from 'zod';
import { defineOp } from '../define-op.js';
import { officeName, uncoveredOffice, voter } from './voter.js';

export const OfficeVote = z.object({
  object: z.literal('office_vote'),
  office_code: z.string(),
  office_name: z.string().nullable(),
  org_id: z.string(),
  note: z.string().nullable(),
  votes: z.number().int().describe('Votes for this office from all organizations, this one included'),
  created_at: z.string(),
  updated_at: z.string(),
  livemode: z.boolean(),
});

export const voteForOffice = defineOp({
  name: 'vote_for_office',
  summary: 'Vote for an office to be added to the coverage',
  description:
    'Records the organization\'s vote for an office tm does not cover yet (a WIPO ST.3 code such as JP). Voting again keeps one vote and updates its note.',
  scope: 'portfolios:manage',
  meter: 'write',
  readOnly: false,
  mcpTool: true,
  // One vote per organization and office: voting again leaves one vote (the note is replaced).
  mcp: { idempotent: true },
  http: { method: 'POST', path: '/v1/offices/votes' },
  cli: { command: 'offices vote <office>' },
  input: z.strictObject({
    office: z.string().min(2).max(10).describe('Office code (WIPO ST.3), e.g. JP'),
    note: z.string().trim().min(1).max(500).optional().describe('Why the office matters to you'),
    org: z.string().regex(/^org_/, 'an organization id starts with org_').optional().describe('org_ id; only on the machine holding the store (an API key votes for its own organization)'),
  }),
  output: OfficeVote,
  run: async (ctx, input) => {
    const office = uncoveredOffice(input.office);
    const org = await voter(ctx, input.org);
    const vote = await ctx.store.offices.vote(org.id, org.livemode, office, input.note ?? null, ctx.clock.now().toISOString());
    const total = (await ctx.store.offices.voteTotals(org.id, org.livemode)).find((t) => t.office_code === office)!;
    return { object: 'office_vote' as const, ...vote, office_name: officeName(office), org_id: org.id, votes: total.votes, livemode: org.livemode };
  },
});

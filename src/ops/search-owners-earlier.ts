// search_owners_earlier: owner name search (`GET /v1/owners/search`, spec §4.3, §2.10).
import { z } from 'zod';
import { defineOp } from './define-op.js';
import { earlierEnvelope } from './earlier-shape.js';
import { CANDIDATES, nameScorer } from './parties/owner-lookup.js';

export const OwnerSearchResult = z.object({
  owner_id: z.string(),
  name: z.string(),
  normalized_name: z.string(),
  country: z.string().nullable(),
  entity_type: z.string().nullable(),
  trademark_count: z.number().int(),
  jurisdictions: z.array(z.string()),
});

export const searchOwnersEarlier = defineOp({
  name: 'search_owners_earlier',
  summary: 'Find owners by name (earlier shape)',
  description:
    'Owners whose name contains `q` (case-insensitive) and has a word starting like a word of `q`, with how many stored trademarks each owns and at which offices, most trademarks first. Use the owner_id with GET /v1/owners/{owner_id} or /trademarks.',
  scope: 'trademarks:read',
  meter: 'read',
  readOnly: true,
  http: { method: 'GET', path: '/v1/owners/search', shape: 'earlier' },
  input: z.strictObject({
    q: z.string().trim().min(2, 'q needs at least 2 characters').describe('Part of the owner name'),
    jurisdiction: z.string().regex(/^[A-Za-z]{2}$/).optional().describe('Only owners with marks at this office'),
    page: z.number().int().min(1).default(1),
    limit: z.number().int().min(1).max(100).default(20),
  }),
  output: earlierEnvelope(
    z.object({
      results: z.array(OwnerSearchResult),
      pagination: z.object({ page: z.number().int(), limit: z.number().int(), total_results: z.number().int(), has_more: z.boolean() }),
    }),
  ),
  run: async (ctx, input) => {
    const offset = (input.page - 1) * input.limit;
    // Candidates come from the name index (never a scan of every owner), then must contain q.
    const office = input.jurisdiction?.toUpperCase() ?? null;
    const needle = input.q.toLowerCase();
    const scorer = nameScorer(input.q, 'q');
    const matches = (await ctx.store.parties.ownersContaining(scorer.fragments, CANDIDATES)).filter(
      (r) => r.name.toLowerCase().includes(needle) && (!office || r.offices.split(',').includes(office)),
    );
    const total = matches.length;
    const rows = matches.slice(offset, offset + input.limit);
    const details = await ctx.store.trademarks.list({ ownerIds: rows.map((r) => r.owner_id) }, '-filing_date', 1000, 0);
    const first = (ownerId: string) => details.flatMap((r) => r.owners).find((o) => o.owner_id === ownerId);
    return {
      success: true as const,
      data: {
        results: rows.map((r) => {
          const o = first(r.owner_id);
          return {
            owner_id: r.owner_id,
            name: r.name,
            normalized_name: r.name.trim().toLowerCase().replace(/\s+/g, ' '),
            country: o?.address?.country_code ?? o?.nationality ?? null,
            entity_type: o?.entity_type ?? null,
            trademark_count: r.trademark_count,
            jurisdictions: r.offices.split(',').filter(Boolean).sort(),
          };
        }),
        pagination: { page: input.page, limit: input.limit, total_results: total, has_more: offset + rows.length < total },
      },
    };
  },
});

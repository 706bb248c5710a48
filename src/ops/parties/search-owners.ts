// search_owners: owners by name with fuzzy matching (`GET /v1/owners?q=`, `tm owners search acme`):
// every owner record like the name across offices, best match first, with its entity and counts.
import { z } from 'zod';
import { listEnvelope } from '../../core/schemas/envelope.js';
import { resolveOfficeFilter } from '../reference/data.js';
import { defineOp } from '../define-op.js';
import { mergedAmong } from './party-merges.js';
import { cursorPosition, listPage, pagingInput } from '../paging.js';
import { findOwners, type OwnerHit } from './owner-lookup.js';
import type { Context } from '../../context.js';
import { entityKey } from '../../core/entity-key.js';

export const OwnerMatch = z.object({
  id: z.string(),
  object: z.literal('owner'),
  name: z.string(),
  entity_id: z.string().nullable(),
  trademark_count: z.number().int(),
  offices: z.array(z.string()),
  score: z.number().describe('1 for the same name once legal form, case, accents and punctuation are set aside; else trigram similarity, 0.9 when one name contains the other'),
});

const SORTS = ['relevance', 'canonical_name', '-canonical_name', 'updated_at', '-updated_at'] as const;
type Sort = (typeof SORTS)[number];

/** Orders the hits (already best match first) by a sort of spec §4.2; ties keep the match order. */
const sorted = async (ctx: Context, hits: OwnerHit[], sort: Sort): Promise<OwnerHit[]> => {
  if (sort === 'relevance') return hits;
  const sign = sort.startsWith('-') ? -1 : 1;
  const key =
    sort.endsWith('canonical_name')
      ? new Map(hits.map((h) => [h.owner_id, entityKey(h.name)]))
      : await ctx.store.parties.ownersUpdatedAt(hits.map((h) => h.owner_id));
  const at = new Map(hits.map((h, i) => [h.owner_id, i]));
  return [...hits].sort((a, b) => {
    const x = key.get(a.owner_id) ?? '';
    const y = key.get(b.owner_id) ?? '';
    return (x < y ? -sign : x > y ? sign : 0) || at.get(a.owner_id)! - at.get(b.owner_id)!;
  });
};

export const searchOwners = defineOp({
  name: 'search_owners',
  summary: 'Find owners by name, fuzzily, across offices',
  description:
    'Owners whose name is like `q`: legal forms, case and accents aside (Acme Inc. = ACME GmbH), near spellings by trigram similarity. Each hit names its entity (ent_), grouping every spelling.',
  scope: 'trademarks:read',
  meter: 'read',
  readOnly: true,
  http: { method: 'GET', path: '/v1/owners' },
  cli: { command: 'owners search <q>' },
  input: z.strictObject({
    q: z.string().trim().min(2, 'q needs at least 2 characters').max(200).describe('Owner name, or part of it'),
    office: z.string().optional().describe('Only owners with marks at this office'),
    sort: z
      .enum(SORTS)
      .default('relevance')
      .describe('relevance (best match first), canonical_name (the name with legal form, case, accents and punctuation aside) or updated_at (latest change to one of its marks); - for descending'),
    include_total: z.boolean().default(false).describe('Add pagination.total_count'),
    ...pagingInput,
  }),
  output: listEnvelope(OwnerMatch),
  run: async (ctx, input) => {
    const office = resolveOfficeFilter(input.office, 'office');
    const binding = { op: 'search_owners', q: input.q, office: office ?? null, sort: input.sort };
    const offset = await cursorPosition(ctx, input.cursor, binding);
    // Merged owner ids are left out: their marks show under the survivor.
    const found = (await findOwners(ctx, input.q)).filter((h) => !office || h.offices.includes(office));
    const merged = await mergedAmong(ctx, found.map((h) => h.owner_id));
    const hits = await sorted(ctx, found.filter((h) => !merged.has(h.owner_id)), input.sort);
    const rows = hits.slice(offset, offset + input.limit + 1).map((h, i) => ({ h, at: offset + i + 1 }));
    const page = await listPage(ctx, rows, input.limit, (last) => last.at, binding, input.include_total ? hits.length : undefined);
    return { ...page, data: page.data.map(({ h: { owner_id, ...rest } }) => ({ id: owner_id, object: 'owner' as const, ...rest })) };
  },
});

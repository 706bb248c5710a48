// get_owner: one owner record in the current shape (`GET /v1/owners/{owner_id}`, `tm owner show`):
// its name as written, its entity, and its marks counted by office, status and class. The CLI
// also takes a name, resolved to one owner (several matches are a 400 listing them).
import { z } from 'zod';
import { entityKey } from '../../core/entity-key.js';
import { TmError } from '../../errors.js';
import { defineOp } from '../define-op.js';
import { partyCounts, PartyCounts } from './counts.js';
import { resolveOwnerRef } from './owner-lookup.js';
import { liveParty } from './party-merges.js';

export const Owner = z.object({
  id: z.string(),
  object: z.literal('owner'),
  name: z.string(),
  normalized_name: z.string().describe('The resolution key: the name without legal form, case, accents or punctuation'),
  entity_id: z.string().nullable().describe('The resolved entity (ent_) this owner record belongs to'),
  country: z.string().nullable(),
  entity_type: z.string().nullable(),
  offices: z.array(z.string()),
  counts: PartyCounts,
});

export const getOwner = defineOp({
  name: 'get_owner',
  summary: 'Get one owner with its marks counted by office, status and class',
  description:
    'One owner (own_ id or a name resolving to one owner): name, entity, country, legal type, and its marks counted by office, status and class (with those of owner ids an operator merged into it; a merged id answers 410 entity_merged with merged_into). For the marks use search_trademarks with owner_id; for every spelling, get_entity.',
  scope: 'trademarks:read',
  meter: 'read',
  readOnly: true,
  http: { method: 'GET', path: '/v1/owners/{owner_id}' },
  cli: { command: 'owner show <owner_id>' },
  input: z.strictObject({ owner_id: z.string().trim().min(1).max(300).describe('own_ id, or an owner name') }),
  output: Owner,
  run: async (ctx, input) => {
    const id = await resolveOwnerRef(ctx, input.owner_id, 'owner_id');
    // A merged id is 410; the survivor covers the marks of every owner id merged into it.
    const ids = await liveParty(ctx, id, 'owner_id');
    const row = await ctx.store.parties.owner(id);
    if (!row) throw new TmError('not_found', `No owner ${id}.`, { param: 'owner_id' });
    const merged = await Promise.all(ids.slice(1).map((m) => ctx.store.parties.owner(m)));
    const [sample] = await ctx.store.trademarks.list({ ownerIds: [id] }, '-filing_date', 1, 0);
    const o = sample?.owners.find((x) => x.owner_id === id);
    return {
      id,
      object: 'owner' as const,
      name: row.name,
      normalized_name: entityKey(row.name),
      entity_id: (row.entity_id && (await ctx.store.entities.mergedInto(row.entity_id))) ?? row.entity_id,
      country: o?.address?.country_code ?? o?.nationality ?? null,
      entity_type: o?.entity_type ?? null,
      offices: [...new Set([row, ...merged].flatMap((r) => r?.offices.split(',').filter(Boolean) ?? []))].sort(),
      counts: await partyCounts(ctx, { ownerIds: ids }),
    };
  },
});

// get_entity: one resolved entity (`GET /v1/entities/{id}`): its member owner records and its
// marks counted by office, status and class. A merged id answers 410 entity_merged.
import { z } from 'zod';
import { entityKey } from '../../core/entity-key.js';
import { TmError } from '../../errors.js';
import { defineOp } from '../define-op.js';
import { liveEntity, partyCounts, PartyCounts } from './counts.js';

export const Entity = z.object({
  id: z.string(),
  object: z.literal('entity'),
  name: z.string().describe('The name of its member with the most marks'),
  normalized_name: z.string().describe('The resolution key: the name without legal form, case, accents or punctuation'),
  members: z.array(
    z.object({ owner_id: z.string(), name: z.string(), trademark_count: z.number().int(), offices: z.array(z.string()) }),
  ),
  counts: PartyCounts,
});

export const getEntity = defineOp({
  name: 'get_entity',
  summary: 'Get one resolved entity (a group of owner records)',
  description:
    'An entity: the owner records of every office naming the same company or person, with its members and its marks counted by office, status and class. A merged id answers 410 with `merged_into`.',
  scope: 'trademarks:read',
  meter: 'read',
  readOnly: true,
  http: { method: 'GET', path: '/v1/entities/{id}' },
  cli: { command: 'entity show <id>' },
  input: z.strictObject({ id: z.string().min(1).describe('ent_ id') }),
  output: Entity,
  run: async (ctx, input) => {
    const id = await liveEntity(ctx, input.id);
    const members = await ctx.store.entities.members(id);
    if (members.length === 0) throw new TmError('not_found', `No entity ${id}.`, { param: 'id' });
    return {
      id,
      object: 'entity' as const,
      name: members[0]!.name,
      normalized_name: entityKey(members[0]!.name),
      members: members.map((m) => ({ ...m, offices: m.offices.split(',') })),
      counts: await partyCounts(ctx, { entityIds: [id] }),
    };
  },
});

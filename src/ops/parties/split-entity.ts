// split_entity: a hand split, an operator action run where the store is (`tm entities split <id> --owner-ids …`):
// the named owner records leave the entity for a new one, and stay there on later ingests.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { TmError } from '../../errors.js';
import { defineOp } from '../define-op.js';
import { liveEntity } from './counts.js';

export const splitEntity = defineOp({
  name: 'split_entity',
  summary: 'Move owner records out of an entity into a new one',
  description:
    'Records that some owner records of an entity are a different company or person: they move to a new entity (its id is returned) and stay there when later files are ingested. At least one owner must remain.',
  scope: 'portfolios:manage',
  meter: 'write',
  readOnly: false,
  // Entities are shared by every organization, so rewriting them is the operator's act (docs/parties.md).
  local: true,
  cli: { command: 'entities split <id>' },
  input: z.strictObject({
    id: z.string().min(1).describe('ent_ id'),
    owner_ids: z.array(z.string().regex(/^own_/, 'owner ids start with own_')).min(1).describe('own_ ids to move out'),
  }),
  output: z.object({ id: z.string(), object: z.literal('entity_split'), new_entity_id: z.string(), owner_ids: z.array(z.string()), created_at: z.string() }),
  run: async (ctx, input) => {
    const id = await liveEntity(ctx, input.id);
    const members = new Set((await ctx.store.entities.members(id)).map((m) => m.owner_id));
    if (members.size === 0) throw new TmError('not_found', `No entity ${id}.`, { param: 'id' });
    const moving = [...new Set(input.owner_ids)].sort();
    const strangers = moving.filter((o) => !members.has(o));
    if (strangers.length > 0) throw new TmError('validation_error', `Not owners of ${id}: ${strangers.join(', ')}.`, { param: 'owner_ids' });
    if (moving.length === members.size) {
      throw new TmError('validation_error', `Splitting every owner out of ${id} would leave it empty.`, { param: 'owner_ids', suggestion: 'Leave at least one owner.' });
    }
    const newId = `ent_${createHash('sha256').update(`split:${id}:${moving.join(',')}`).digest('hex').slice(0, 20)}`;
    const at = ctx.clock.now().toISOString();
    await ctx.store.entities.split(id, newId, moving, at);
    return { id, object: 'entity_split' as const, new_entity_id: newId, owner_ids: moving, created_at: at };
  },
});

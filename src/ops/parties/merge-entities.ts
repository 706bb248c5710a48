// merge_entities: a hand merge of one entity into another, an operator action run where the store is
// (`tm entities merge <id> <into>`). The old id is kept and answers 410 entity_merged from then on.
import { z } from 'zod';
import { TmError } from '../../errors.js';
import { defineOp } from '../define-op.js';
import { liveEntity } from './counts.js';

export const mergeEntities = defineOp({
  name: 'merge_entities',
  summary: 'Merge one entity into another',
  description:
    'Records that two entities are one: every owner record of `id` moves to `into`, and `id` answers 410 entity_merged with merged_into from then on (also for owner records that later resolve to it). Merging an entity with itself is a 400.',
  scope: 'portfolios:manage',
  meter: 'write',
  readOnly: false,
  // Entities are shared by every organization, so rewriting them is the operator's act (docs/parties.md).
  local: true,
  cli: { command: 'entities merge <id> <into>' },
  input: z.strictObject({ id: z.string().min(1).describe('ent_ id to merge away'), into: z.string().min(1).describe('ent_ id that remains') }),
  output: z.object({ id: z.string(), object: z.literal('entity_merge'), merged_into: z.string(), owners_moved: z.number().int(), created_at: z.string() }),
  run: async (ctx, input) => {
    if (input.id === input.into) {
      throw new TmError('validation_error', `Cannot merge entity ${input.id} with itself.`, { param: 'into', suggestion: 'Name two different entities.' });
    }
    const from = await liveEntity(ctx, input.id);
    const into = await liveEntity(ctx, input.into, 'into');
    const members = await ctx.store.entities.members(from);
    if (members.length === 0) throw new TmError('not_found', `No entity ${from}.`, { param: 'id' });
    if ((await ctx.store.entities.members(into)).length === 0) throw new TmError('not_found', `No entity ${into}.`, { param: 'into' });
    const at = ctx.clock.now().toISOString();
    await ctx.store.entities.merge(from, into, at);
    return { id: from, object: 'entity_merge' as const, merged_into: into, owners_moved: members.length, created_at: at };
  },
});

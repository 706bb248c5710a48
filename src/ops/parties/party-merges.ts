// Operator merges of owner and attorney ids (`tm owners merge`, `tm attorneys merge`, migration
// 073, read by primary key and an index, never scanned): a merged id answers 410 entity_merged with `merged_into` on its detail, its trademark list
// and as a search filter; the survivor's reads cover the marks of every id merged into it.
import { z } from 'zod';
import type { Context } from '../../context.js';
import { idPrefix } from '../../core/ids.js';
import { TmError } from '../../errors.js';
import { defineOp } from '../define-op.js';

export type MergeableParty = 'owner' | 'attorney';

const KINDS = {
  owner: { prefix: 'own_', plural: 'owners', label: 'Owner' },
  attorney: { prefix: 'att_', plural: 'attorneys', label: 'Attorney' },
} as const;

const kindOf = (id: string): MergeableParty | null => (idPrefix(id) === 'own_' ? 'owner' : idPrefix(id) === 'att_' ? 'attorney' : null);

/** The live end of an id's merges (a into b, later b into c: a is c), or null when it was never merged. */
const survivorOf = async (ctx: Context, id: string): Promise<string | null> => {
  let at = await ctx.store.parties.partyMergedInto(id);
  for (let hops = 0; at !== null && hops < 100; hops++) {
    const next = await ctx.store.parties.partyMergedInto(at);
    if (next === null) return at;
    at = next;
  }
  return at;
};

/** Every id merged into this one, directly or through a chain, sorted. */
const mergedInto = async (ctx: Context, id: string): Promise<string[]> => {
  const out: string[] = [];
  for (let queue = [id]; queue.length > 0 && out.length < 10_000; ) {
    const children = await ctx.store.parties.partiesMergedInto(queue.shift()!);
    out.push(...children);
    queue.push(...children);
  }
  return out.sort();
};

/**
 * The ids a read of one owner or attorney covers: the id and every id merged into it. A merged id
 * is 410 entity_merged naming the survivor, as a merged entity is.
 */
export const liveParty = async (ctx: Context, id: string, param: string): Promise<string[]> => {
  const kind = kindOf(id);
  if (!kind) return [id];
  const into = await survivorOf(ctx, id);
  if (into) {
    throw new TmError('entity_merged', `${KINDS[kind].label} ${id} was merged into ${into}.`, { param, suggestion: `Use ${into}.`, extra: { merged_into: into } });
  }
  return [id, ...(await mergedInto(ctx, id))];
};

/** Every owner or attorney filter id live (410 for a merged one), widened to the ids merged into it. */
export const liveParties = async (ctx: Context, ids: readonly string[] | undefined, param: string): Promise<string[] | undefined> =>
  ids === undefined ? undefined : (await Promise.all(ids.map((id) => liveParty(ctx, id, param)))).flat();

/** Which of these hits are merged ids, so a name search can leave them out (their marks show under the survivor). */
export const mergedAmong = (ctx: Context, ids: readonly string[]): Promise<Set<string>> => ctx.store.parties.mergedAmong(ids);

export const mergePartyOp = (kind: MergeableParty) => {
  const k = KINDS[kind];
  return defineOp({
    name: `merge_${k.plural}`,
    summary: `Merge one ${kind} into another`,
    description: `Records that two ${k.plural} are one: reads of \`into\` cover the marks of \`id\` too, and \`id\` answers 410 entity_merged with merged_into from then on (detail, trademark list and search filter). Merging a ${kind} with itself is a 400.`,
    scope: 'portfolios:manage',
    meter: 'write',
    readOnly: false,
    // Owners and attorneys are shared by every organization, so rewriting them is the operator's act (docs/parties.md).
    local: true,
    cli: { command: `${k.plural} merge <id> <into>` },
    input: z.strictObject({ id: z.string().min(1).describe(`${k.prefix} id to merge away`), into: z.string().min(1).describe(`${k.prefix} id that remains`) }),
    output: z.object({ id: z.string(), object: z.literal(`${kind}_merge` as const), merged_into: z.string(), created_at: z.string() }),
    run: async (ctx, input) => {
      for (const [param, id] of [['id', input.id], ['into', input.into]] as const) {
        if (idPrefix(id) !== k.prefix) throw new TmError('id_type_mismatch', `'${id}' is not an ${kind} id; ${kind} ids start with ${k.prefix}.`, { param });
      }
      if (input.id === input.into) {
        throw new TmError('validation_error', `Cannot merge ${kind} ${input.id} with itself.`, { param: 'into', suggestion: `Name two different ${k.plural}.` });
      }
      await liveParty(ctx, input.id, 'id');
      await liveParty(ctx, input.into, 'into');
      for (const [param, id] of [['id', input.id], ['into', input.into]] as const) {
        const found = kind === 'owner' ? await ctx.store.parties.owner(id) : await ctx.store.parties.representative(id);
        if (!found) throw new TmError('not_found', `No ${kind} ${id}.`, { param });
      }
      const at = ctx.clock.now().toISOString();
      await ctx.store.parties.mergeParty(input.id, input.into, at);
      return { id: input.id, object: `${kind}_merge` as const, merged_into: input.into, created_at: at };
    },
  });
};

export const mergeOwners = mergePartyOp('owner');
export const mergeAttorneys = mergePartyOp('attorney');

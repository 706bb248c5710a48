// Counts of a party's (or a portfolio's) marks by office, status, stage and Nice class, and the entity-id checks the party
// operations share (prefix, merged ids answering 410 entity_merged with merged_into).
import { z } from 'zod';
import type { Context } from '../../context.js';
import { idPrefix } from '../../core/ids.js';
import type { TrademarkFilter } from '../../store/trademark-repo.js';
import { TmError } from '../../errors.js';

const counts = z.record(z.string(), z.number().int());
export const PartyCounts = z.object({
  trademarks: z.number().int(),
  by_office: counts,
  by_status: counts.describe('By status.primary'),
  by_stage: counts.describe('By status.stage (registered, published, abandoned …)'),
  by_class: counts.describe('By Nice class; a mark counts once per class it covers'),
});
export type PartyCounts = z.infer<typeof PartyCounts>;

export const partyCounts = async (ctx: Context, filter: TrademarkFilter): Promise<PartyCounts> => {
  const out: PartyCounts = { trademarks: 0, by_office: {}, by_status: {}, by_stage: {}, by_class: {} };
  const bump = (m: Record<string, number>, k: string) => void (m[k] = (m[k] ?? 0) + 1);
  for await (const batch of ctx.store.trademarks.scan(filter)) {
    for (const r of batch) {
      out.trademarks++;
      bump(out.by_office, r.office_code);
      bump(out.by_status, r.status.primary);
      bump(out.by_stage, r.status.stage);
      for (const c of new Set(r.classifications.map((x) => x.nice_class))) if (c !== null) bump(out.by_class, String(c));
    }
  }
  return out;
};

/** An ent_ id that is live: a wrong prefix is 400, a merged one 410 entity_merged naming where it went. */
export const liveEntity = async (ctx: Context, id: string, param = 'id'): Promise<string> => {
  if (idPrefix(id) !== 'ent_') {
    throw new TmError('id_type_mismatch', `'${id}' is not an entity id; entity ids start with ent_.`, { param });
  }
  const into = await ctx.store.entities.mergedInto(id);
  if (into) {
    throw new TmError('entity_merged', `Entity ${id} was merged into ${into}.`, {
      param,
      suggestion: `Use ${into}.`,
      extra: { merged_into: into },
    });
  }
  return id;
};

/** Spec §8: an entity's trademark list, and an entity filter, cover at most 10,000 member owners. */
export const ENTITY_MEMBER_CAP = 10_000;

/**
 * An ent_ id a list or a search may filter by: live (410 when merged) and within the member cap
 * (422 entity_too_large), so a search filter answers as the entity's own list does.
 */
export const listableEntity = async (ctx: Context, id: string, param = 'id'): Promise<string> => {
  await liveEntity(ctx, id, param);
  const members = await ctx.store.parties.entityMemberCount(id);
  if (members > ENTITY_MEMBER_CAP) {
    throw new TmError('entity_too_large', `Entity ${id} groups ${members} owner records; entity lists and filters serve at most ${ENTITY_MEMBER_CAP}.`, {
      param,
      suggestion: 'Use the owner_id of its owners, or list them with GET /v1/owners/{id}/trademarks.',
    });
  }
  return id;
};

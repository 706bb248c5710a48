// Board proceedings move a mark's status: for each stored mark a proceeding names, the challenges
// and stage its proceedings imply (parties/proceedings.ts) are written through the ordinary upsert,
// so the change carries its diff and a trademark.status_changed event.
import type { Context } from '../context.js';
import type { TrademarkRecord } from '../core/schemas/trademark.js';
import type { UpsertOutcome } from '../store/trademark-repo.js';
import { statusAfterProceedings } from './proceedings.js';

export const applyProceedings = async (ctx: Context, trademarkIds: Iterable<string>, occurredAt: string): Promise<UpsertOutcome | null> => {
  const stored = await ctx.store.trademarks.get([...new Set(trademarkIds)]);
  const changed: TrademarkRecord[] = [];
  for (const record of stored.values()) {
    const next = statusAfterProceedings(record, await ctx.store.proceedings.forTrademark(record.id));
    if (next) changed.push(next);
  }
  return changed.length > 0 ? ctx.store.trademarks.upsert(changed, occurredAt) : null;
};

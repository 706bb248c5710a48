// A recorded assignment moves the current owner: for each stored mark an assignment touches, the
// end of its chain of title becomes the owner of record when the assignment is newer than the
// office record, written through the ordinary upsert so the change carries its diff and event.
import type { Context } from '../context.js';
import { ownerId } from '../core/ids.js';
import type { Owner } from '../core/schemas/parts.js';
import type { TrademarkRecord } from '../core/schemas/trademark.js';
import type { UpsertOutcome } from '../store/trademark-repo.js';
import { chainOfTitle, nameKey } from './chain.js';

const sameOwners = (owners: readonly Owner[], names: readonly string[]): boolean => {
  const a = owners.map((o) => nameKey(o.name)).sort();
  const b = names.map(nameKey).sort();
  return a.length === b.length && a.every((k, i) => k === b[i]);
};

/** The record with the chain's last owner, or null when the office record is as new or already agrees. */
export const ownerAfterAssignments = (record: TrademarkRecord, chain: ReturnType<typeof chainOfTitle>): TrademarkRecord | null => {
  const last = chain.at(-1);
  if (!last?.date || last.to.length === 0) return null;
  if (record.source_date && last.date <= record.source_date) return null;
  if (sameOwners(record.owners, last.to)) return null;
  const owners: Owner[] = last.to.map((name) => ({
    owner_id: ownerId(record.office_code, name, null),
    entity_id: null,
    name,
    entity_type: null,
    nationality: null,
    role: 'assignee',
    address: null,
  }));
  return { ...record, owners, source_date: last.date };
};

export const applyAssignments = async (ctx: Context, trademarkIds: Iterable<string>, occurredAt: string): Promise<UpsertOutcome | null> => {
  const stored = await ctx.store.trademarks.get([...new Set(trademarkIds)]);
  const changed: TrademarkRecord[] = [];
  for (const record of stored.values()) {
    const chain = chainOfTitle(await ctx.store.assignments.forTrademark(record.id));
    const next = ownerAfterAssignments(record, chain);
    if (next) changed.push(next);
  }
  return changed.length > 0 ? ctx.store.trademarks.upsert(changed, occurredAt) : null;
};

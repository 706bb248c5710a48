// All stored records of one owner (earlier-shape owner detail and statistics), or 404.
import type { Context } from '../context.js';
import { idPrefix } from '../core/ids.js';
import type { TrademarkRecord } from '../core/schemas/trademark.js';
import { TmError } from '../errors.js';

export const ownerRecords = async (ctx: Context, ownerId: string): Promise<TrademarkRecord[]> => {
  if (idPrefix(ownerId) !== 'own_') {
    throw new TmError('id_type_mismatch', `'${ownerId}' is not an owner id; owner ids start with own_.`, { param: 'owner_id' });
  }
  const out: TrademarkRecord[] = [];
  for await (const batch of ctx.store.trademarks.scan({ ownerIds: [ownerId] })) out.push(...batch);
  if (out.length === 0) throw new TmError('not_found', `No owner ${ownerId}.`, { param: 'owner_id' });
  return out;
};

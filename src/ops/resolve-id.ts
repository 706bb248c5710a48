// Resolves a trademark reference, `tm_…` or `OFFICE:number`, to a stored record.
import { idPrefix } from '../core/ids.js';
import type { TrademarkRecord } from '../core/schemas/trademark.js';
import { TmError } from '../errors.js';
import type { Context } from '../context.js';

export const resolveTrademark = async (ctx: Context, ref: string, param = 'id'): Promise<TrademarkRecord> => {
  const pair = /^([A-Za-z]{2}):(.+)$/.exec(ref);
  let id: string | null = ref;
  if (pair) {
    id = await ctx.store.trademarks.findId(pair[1]!, pair[2]!);
  } else if (idPrefix(ref) !== 'tm_') {
    throw new TmError('id_type_mismatch', `'${ref}' is not a trademark id; trademark ids start with tm_.`, {
      param,
      suggestion: 'Pass a tm_ id, or OFFICE:number such as US:76044902.',
    });
  }
  const found = id ? (await ctx.store.trademarks.get([id])).get(id) : undefined;
  if (!found) throw new TmError('not_found', `No trademark ${ref}.`, { param });
  return found;
};

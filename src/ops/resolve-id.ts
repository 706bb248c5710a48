// Resolves a trademark reference, `tm_…` or `OFFICE:number`, to a stored record.
import { idPrefix, trademarkId } from '../core/ids.js';
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

/**
 * The tm_ id a reference names, whether or not the mark is stored (records such as assignments and
 * proceedings arrive before their marks): OFFICE:number maps to its id directly.
 */
export const trademarkRef = async (ctx: Context, ref: string, param = 'trademark'): Promise<string> => {
  const pair = /^([A-Za-z]{2}):(.+)$/.exec(ref);
  if (pair) return (await ctx.store.trademarks.findId(pair[1]!, pair[2]!)) ?? trademarkId(pair[1]!, pair[2]!);
  if (idPrefix(ref) === 'tm_') return ref;
  throw new TmError('id_type_mismatch', `'${ref}' is not a trademark id; pass a tm_ id or OFFICE:number.`, { param });
};

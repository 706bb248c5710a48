// get_trademark: one trademark's detail row, by id or office number.
import { z } from 'zod';
import { TrademarkDetail } from '../core/schemas/trademark.js';
import { defineOp } from './define-op.js';
import { resolveTrademark } from './resolve-id.js';
import { toDetail } from './rows.js';
import { withIrFamilies } from './trademarks/ir-family.js';

export const getTrademark = defineOp({
  name: 'get_trademark',
  summary: 'Get one trademark by id or office number',
  description:
    'One trademark in full: office values, owners, classes, prosecution events and the computed `derived` block (term, deadlines, opposition window). Pass a tm_ id or OFFICE:number such as US:76044902.',
  scope: 'trademarks:read',
  meter: 'read',
  readOnly: true,
  http: { method: 'GET', path: '/v1/trademarks/{id}' },
  cli: { command: 'show <id>' },
  input: z.object({ id: z.string().min(1).describe('A tm_ id, or OFFICE:number such as US:76044902') }),
  output: TrademarkDetail,
  run: async (ctx, input) => {
    // An IR-linked record counts its family's territories; a WO record is the IR's family row (spec §2.6).
    const [record] = await withIrFamilies(ctx, [await resolveTrademark(ctx, input.id)]);
    return toDetail(ctx, record!);
  },
});

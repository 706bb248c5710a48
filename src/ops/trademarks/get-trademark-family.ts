// get_trademark_family: the international registration a trademark belongs to, as one family row
// and its legs (`GET /v1/trademarks/{id}/family`, `tm family <id>`): see ir-family.ts.
import { z } from 'zod';
import { TrademarkRow } from '../../core/schemas/trademark.js';
import { TmError } from '../../errors.js';
import { defineOp } from '../define-op.js';
import { resolveTrademark } from '../resolve-id.js';
import { toRow } from '../rows.js';
import { irFamilyOf } from './ir-family.js';

export const getTrademarkFamily = defineOp({
  name: 'get_trademark_family',
  summary: 'Get the international registration family of a trademark',
  description:
    'For a WIPO (WO) record or a designation of an international registration (a USPTO §66(a) record, an EUIPO W-number …): the IR as one family row (status `mixed` where the designations disagree, the union of their challenges, territory_count, and the expiry the designations publish) and each leg tm holds. A mark outside any IR is a 404.',
  scope: 'trademarks:read',
  meter: 'read',
  readOnly: true,
  http: { method: 'GET', path: '/v1/trademarks/{id}/family' },
  cli: { command: 'family <id>' },
  input: z.object({ id: z.string().min(1).describe('A tm_ id, or OFFICE:number such as US:79366581') }),
  output: z.object({
    object: z.literal('trademark_family'),
    ir_number: z.string(),
    family: TrademarkRow.describe('The international registration as one row'),
    legs: z.array(TrademarkRow).describe('The WO record (when held), then each designation record, by office'),
  }),
  run: async (ctx, input) => {
    const record = await resolveTrademark(ctx, input.id);
    const family = await irFamilyOf(ctx, record);
    if (!family) throw new TmError('not_found', `${record.office_code}:${record.application_number} belongs to no international registration.`, { param: 'id' });
    return { object: 'trademark_family' as const, ir_number: family.ir_number, family: toRow(ctx, family.row), legs: family.legs.map((l) => toRow(ctx, l)) };
  },
});

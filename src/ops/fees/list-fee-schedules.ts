// list_fee_schedules: the fee schedules held, per office, with their sources and every fee
// (`GET /v1/fees/schedules`, `tm fees schedules`).
import { z } from 'zod';
import { FeeFile } from '../../core/fees.js';
import { listEnvelope } from '../../core/schemas/envelope.js';
import { defineOp } from '../define-op.js';
import { referenceList } from '../reference/data.js';
import { feeFileOf, feeFiles } from './schedules.js';

export const listFeeSchedules = defineOp({
  name: 'list_fee_schedules',
  summary: 'List the office fee schedules and their sources',
  description: 'The office fee schedules held, one per office tm covers: currency, effective dates, source, and each fee. For one action\'s total use estimate_fees.',
  scope: 'trademarks:read',
  meter: 'reference',
  readOnly: true,
  storeless: true,
  http: { method: 'GET', path: '/v1/fees/schedules' },
  cli: { command: 'fees schedules' },
  input: z.strictObject({ office: z.string().min(2).max(10).optional().describe('Only this office') }),
  output: listEnvelope(FeeFile.extend({ object: z.literal('fee_schedule') })),
  run: async (ctx, input) => {
    const files = input.office ? [feeFileOf(input.office)] : [...feeFiles().values()];
    return referenceList(ctx, files.map((f) => ({ object: 'fee_schedule' as const, ...f })));
  },
});

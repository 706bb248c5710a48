// get_proceeding: one board proceeding (`GET /v1/proceedings/{id}`), by prc_ id or by its number
// (`91264142`, `US:91264142`): the spec keys proceedings by application_number.
import { z } from 'zod';
import { idPrefix, proceedingId } from '../../core/ids.js';
import { TmError } from '../../errors.js';
import { defineOp } from '../define-op.js';
import { Proceeding, toProceeding } from './proceeding-shape.js';

const NUMBER = /^(?:([A-Za-z]{2}):)?(\d{6,10})$/;

export const getProceeding = defineOp({
  name: 'get_proceeding',
  summary: 'Get one TTAB proceeding',
  description:
    'One TTAB proceeding (opposition, cancellation, appeal, extension of time): type, status, parties with their marks, and history. Pass a prc_ id or the proceeding number, e.g. 91264142.',
  scope: 'trademarks:read',
  meter: 'read',
  readOnly: true,
  http: { method: 'GET', path: '/v1/proceedings/{id}' },
  cli: { command: 'proceeding show <id>' },
  input: z.strictObject({ id: z.string().min(1).describe('prc_ id, or the proceeding number such as 91264142 (optionally US:91264142)') }),
  output: Proceeding,
  run: async (ctx, input) => {
    const n = NUMBER.exec(input.id);
    let id = input.id;
    if (n) id = proceedingId(n[1] ?? 'US', n[2]!);
    else if (idPrefix(input.id) !== 'prc_') {
      throw new TmError('id_type_mismatch', `'${input.id}' is not a proceeding id; proceeding ids start with prc_.`, {
        param: 'id',
        suggestion: 'Pass a prc_ id or a proceeding number such as 91264142.',
      });
    }
    const found = await ctx.store.proceedings.get(id);
    if (!found) throw new TmError('not_found', `No proceeding ${input.id}.`, { param: 'id' });
    return toProceeding(found);
  },
});

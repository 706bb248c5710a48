// get_screening: one saved screening with its hits, risks and the review's decisions.
import { z } from 'zod';
import { Screening } from '../../clearance/screening.js';
import { defineOp } from '../define-op.js';
import { loadScreening } from './screening-store.js';

export const getScreening = defineOp({
  name: 'get_screening',
  summary: 'Get a saved screening',
  description: 'A saved screening: proposal, overall risk, every hit with its risk, reasons and review decision, and the changes at the last re-run.',
  scope: 'trademarks:read',
  meter: 'read',
  readOnly: true,
  http: { method: 'GET', path: '/v1/screenings/{id}' },
  cli: { command: 'screenings show <id>' },
  input: z.strictObject({ id: z.string().min(1).describe('A scr_ id') }),
  output: Screening,
  run: async (ctx, input) => loadScreening(ctx, input.id),
});

// list_nice_classes: the 45 Nice classes with their NCL 13-2026 headings and explanatory notes.
import { z } from 'zod';
import { NiceClass } from '../core/reference-data.js';
import { listEnvelope } from '../core/schemas/envelope.js';
import { defineOp } from './define-op.js';
import { niceClasses, referenceList } from './reference/data.js';

const NiceClassItem = NiceClass.extend({ object: z.literal('nice_class'), edition: z.string() });

export const listNiceClasses = defineOp({
  name: 'list_nice_classes',
  summary: 'List the 45 Nice classes with headings and notes',
  description:
    'The Nice classes 1-45 with heading, explanatory note, includes and excludes. To find the class of a product or service, use classify_goods.',
  scope: 'trademarks:read',
  meter: 'reference',
  readOnly: true,
  http: { method: 'GET', path: '/v1/classifications/classes' },
  cli: { command: 'classes list' },
  input: z.strictObject({
    class: z.number().int().min(1).max(45).optional().describe('Only this class'),
    kind: z.enum(['goods', 'services']).optional().describe('Only goods or only services classes'),
  }),
  output: listEnvelope(NiceClassItem),
  run: async (ctx, input) => {
    const { classes, edition } = niceClasses();
    const rows = classes
      .filter((c) => (input.class === undefined || c.number === input.class) && (!input.kind || c.kind === input.kind))
      .map((c) => ({ object: 'nice_class' as const, ...c, edition }));
    return referenceList(ctx, rows);
  },
});

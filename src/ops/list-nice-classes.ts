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
    'The Nice classes 1-45 (1-34 goods, 35-45 services) with the NCL 13-2026 heading, explanatory note, and what the class includes and excludes. Pass `class` for one class. To find the class of a particular product or service, use search_classifications instead.',
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

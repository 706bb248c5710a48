// `tm watches run`: evaluates the changes no watch has seen yet (or, with --since, from a change
// sequence number) and prints the new alerts; with --exit-code it exits 1 when there are any.
import { z } from 'zod';
import { evaluateWatches } from '../../monitor/evaluate.js';
import { Alert } from '../../monitor/alert.js';
import { defineOp } from '../define-op.js';

export const runWatches = defineOp({
  name: 'run_watches',
  summary: 'Evaluate pending changes against every active watch and list the new alerts',
  scope: 'portfolios:manage',
  meter: 'monitoring',
  readOnly: false,
  local: true,
  cli: { command: 'watches run' },
  input: z.strictObject({ since: z.number().int().min(0).optional().describe('Re-evaluate changes after this sequence number (no alert is made twice)') }),
  output: z.object({ object: z.literal('watch_run'), watches: z.number().int(), changes: z.number().int(), head: z.number().int(), alerts: z.array(Alert) }),
  run: async (ctx, input) => {
    const r = await evaluateWatches(ctx, { since: input.since });
    return { object: 'watch_run' as const, watches: r.watches, changes: r.events, head: r.head, alerts: r.alerts };
  },
});

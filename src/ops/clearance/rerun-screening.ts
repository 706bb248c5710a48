// rerun_screening: runs a saved screening again on today's data and reports what changed since
// the previous run: earlier marks added, removed, or rated at another risk level.
import { z } from 'zod';
import { diffRuns, overallOf, Screening } from '../../clearance/screening.js';
import { defineOp } from '../define-op.js';
import { ScreeningInput } from './create-screening.js';
import { goodsWarnings, inferredNote, runScreening, scopeOf } from './screening-run.js';
import { loadScreening } from './screening-store.js';

export const rerunScreening = defineOp({
  name: 'rerun_screening',
  summary: 'Re-run a saved screening and show what changed',
  description: 'Runs a saved screening (`scr_…`) again over the current store and returns it with `changes`: earlier marks that are new since the last run, that left, or whose risk level moved.',
  scope: 'trademarks:read',
  meter: 'search',
  readOnly: false,
  mcpTool: true,
  http: { method: 'POST', path: '/v1/screenings/{id}/rerun' },
  cli: { command: 'screenings rerun <id>' },
  input: z.strictObject({ id: z.string().min(1).describe('A scr_ id') }),
  output: Screening,
  run: async (ctx, input) => {
    const before = await loadScreening(ctx, input.id);
    const row = (await ctx.store.screenings.get(input.id, scopeOf(ctx)))!;
    const limit = ScreeningInput.parse(JSON.parse(row.input)).limit;
    const { hits, warnings, dataDate } = await runScreening(ctx, before.proposal, await ctx.store.screenings.decisions(input.id));
    const kept = hits.slice(0, limit);
    const { counts, ...overall } = overallOf(before.proposal, kept);
    const at = ctx.clock.now().toISOString();
    const after = Screening.parse({
      ...before,
      updated_at: at,
      run_count: before.run_count + 1,
      overall,
      counts,
      hits: kept,
      changes: diffRuns(before.hits, kept, before.updated_at),
      data_date: dataDate,
      // The classes inferred from the goods stay as they were on the first run: say so again.
      warnings: [...goodsWarnings(before.proposal, hits, kept), ...before.warnings.filter((w) => w === inferredNote(before.proposal.classes)), ...warnings],
    });
    await ctx.store.screenings.saveRun(input.id, JSON.stringify(after), at);
    return after;
  },
});

// create_screening: a saved clearance search for a proposed mark (`scr_`): earlier marks rated by
// risk with their reasons, and an overall risk with a summary (docs/clearance.md).
import { z } from 'zod';
import { randomId } from '../../core/ids.js';
import { METHOD, overallOf, Preset, Screening } from '../../clearance/screening.js';
import { defineOp } from '../define-op.js';
import { GoodsText, MarkText, NiceClassList, OfficeList, resolveOffices } from './inputs.js';
import { goodsWarnings, proposalOf, runScreening, scopeOf } from './screening-run.js';

export const ScreeningInput = z.strictObject({
  mark: MarkText.describe('The proposed mark'),
  goods: GoodsText.optional().describe('Goods and services of the proposal; classes are inferred from it when none are given'),
  classes: NiceClassList.optional().describe('Nice classes of the proposal'),
  offices: OfficeList.optional().describe('Offices to screen, e.g. US,EM (default: all)'),
  preset: Preset.default('all').describe('Channels: all, default (search default), sound, look'),
  owner: z.string().trim().max(200).optional().describe("The applicant's name: its own marks are not risks"),
  limit: z.number().int().min(1).max(100).default(50).describe('Hits kept, highest risk first'),
});

export const createScreening = defineOp({
  name: 'create_screening',
  summary: 'Screen a proposed mark for conflicts and save the result',
  description:
    'Clearance search for a proposed mark: earlier marks in its classes and coordinated classes on every similarity channel, each rated by risk with reasons. Saved as scr_; rerun_screening shows what changed later.',
  scope: 'trademarks:read',
  meter: 'search',
  readOnly: false,
  mcpTool: true,
  http: { method: 'POST', path: '/v1/screenings' },
  cli: { command: 'clear <mark>', flags: { office: 'offices', class: 'classes' } },
  input: ScreeningInput,
  output: Screening,
  run: async (ctx, input) => {
    const { proposal, warnings } = proposalOf({ ...input, offices: resolveOffices('offices', input.offices) });
    const { hits, warnings: searchWarnings, dataDate } = await runScreening(ctx, proposal, []);
    const kept = hits.slice(0, input.limit);
    const { counts, ...overall } = overallOf(proposal, kept);
    const at = ctx.clock.now().toISOString();
    const screening = Screening.parse({
      id: randomId('scr_'),
      object: 'screening',
      created_at: at,
      updated_at: at,
      run_count: 1,
      proposal,
      overall,
      counts,
      hits: kept,
      changes: null,
      data_date: dataDate,
      method: METHOD,
      warnings: [...goodsWarnings(proposal, hits, kept), ...warnings, ...searchWarnings],
    });
    await ctx.store.screenings.create({ id: screening.id, input: JSON.stringify(input), result: JSON.stringify(screening), at }, scopeOf(ctx));
    return screening;
  },
});

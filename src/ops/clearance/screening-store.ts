// Reading and writing saved screenings through the store, with the decisions of the review laid
// over the stored hits at every read, so a decision shows wherever the screening is shown.
import { Screening, type Screening as ScreeningT } from '../../clearance/screening.js';
import type { Context } from '../../context.js';
import { TmError } from '../../errors.js';
import type { Decision } from '../../store/screening-repo.js';
import { checkScreeningId, scopeOf } from './screening-run.js';

export const withDecisions = (s: ScreeningT, decisions: readonly Decision[]): ScreeningT => {
  const byId = new Map(decisions.map((d) => [d.trademark_id, d]));
  return {
    ...s,
    hits: s.hits.map((h) => {
      const d = byId.get(h.id);
      return { ...h, decision: d ? { decision: d.decision as 'conflict', note: d.note, decided_at: d.decided_at } : null };
    }),
  };
};

export const loadScreening = async (ctx: Context, id: string): Promise<ScreeningT> => {
  checkScreeningId(id);
  const row = await ctx.store.screenings.get(id, scopeOf(ctx));
  if (!row) throw new TmError('not_found', `No screening ${id}.`, { param: 'id' });
  const stored = Screening.parse(JSON.parse(row.result));
  return withDecisions({ ...stored, run_count: row.run_count, created_at: row.created_at, updated_at: row.updated_at }, await ctx.store.screenings.decisions(id));
};

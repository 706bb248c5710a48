// The judgement of one pair of marks as four surfaces give it: `compare`, the search hit, the
// screening hit and a similarity watch's diagnostics, each through its public operation. Issue 23
// asks that they agree exactly; eval:judgement and the property test read them through this.
import type { Context } from '../../src/context.js';
import { compareMarks } from '../../src/ops/clearance/compare-marks.js';
import { proposalOf, runScreening } from '../../src/ops/clearance/screening-run.js';
import { getWatchDiagnostics } from '../../src/ops/monitor/watch-actions.js';
import { tmWatchesCreate, tmWatchesDelete } from '../../src/ops/monitor/watch-crud.js';
import { searchTrademarks } from '../../src/ops/search-trademarks.js';
import type { Channel } from '../../src/search/analyze.js';
import { DEFAULT_CHANNELS } from '../../src/search/params.js';
import { RELATED_MIN } from '../../src/search/score.js';

export interface Reading {
  /** 0..100, as relevance_score. */
  relevance: number;
  tier: string | null;
}
export interface SurfaceReadings {
  compare: Reading;
  /** Null when the surface did not return the earlier mark (not in its page). */
  search: Reading | null;
  screening: Reading | null;
  watch: Reading | null;
}

/** Each surface's reading of `later` (the new mark, searched or watched) against the stored mark
 *  `earlierId`, on the default channels (the screening's `default` preset is the same set). */
export const readSurfaces = async (ctx: Context, later: string, earlier: string, earlierId: string, channels: readonly Channel[] = DEFAULT_CHANNELS): Promise<SurfaceReadings> => {
  const similarity = channels.join(',');
  const cmp = await compareMarks.run(ctx, compareMarks.input.parse({ a: later, b: earlier, similarity }));
  const found = (await searchTrademarks.run(ctx, searchTrademarks.input.parse({ q: later, similarity, limit: 100 }))).data.find((h) => h.id === earlierId);
  const { proposal } = proposalOf({ mark: later, offices: [], preset: 'default' });
  const screened = (await runScreening(ctx, { ...proposal, channels: [...channels] }, [])).hits.find((h) => h.id === earlierId);
  const watch = await tmWatchesCreate.run(ctx, tmWatchesCreate.input.parse({ name: 'judgement check', watch_type: 'similarity', query: { version: 'v3', q: later, similarity, min_tier: 'related' } }));
  try {
    const diag = await getWatchDiagnostics.run(ctx, { id: watch.id, trademark_id: earlierId });
    const reading = (h: { relevance_score?: number | null; match?: { tier: string } } | undefined): Reading | null =>
      h ? { relevance: h.relevance_score ?? 0, tier: h.match?.tier ?? null } : null;
    return {
      compare: { relevance: cmp.relevance_score, tier: cmp.tier },
      search: reading(found),
      screening: reading(screened),
      watch: diag.judgement ? { relevance: Math.round(diag.judgement.score * 100), tier: diag.judgement.tier } : { relevance: 0, tier: null },
    };
  } finally {
    await tmWatchesDelete.run(ctx, { id: watch.id });
  }
};

/** Whether every surface that returned the mark reads it as `compare` does. Where the judgement
 *  finds no hit, a search or screening may still list the mark as a row that fills a short list,
 *  below the related floor (docs/search.md): that is no judgement, and it must stay below the floor. */
export const agree = (r: SurfaceReadings): boolean =>
  [r.search, r.screening, r.watch].every(
    (x) =>
      x === null ||
      (x.relevance === r.compare.relevance && x.tier === r.compare.tier) ||
      (r.compare.tier === null && x.tier === 'related' && x.relevance < RELATED_MIN * 100) ||
      (r.compare.tier === null && x.tier === null),
  );

// preview_watch: the marks a watch would match now, without saving it or writing alerts. A watch
// on a text reads the whole store the filters select, in id order, judging every mark; when its
// time runs out it says so, how far it read, and how to go on (`after`). Never a silent sample.
import { z } from 'zod';
import { forAgents } from '../../core/agent-schema.js';
import { compileWatch, cachedText, testMark, type CompiledWatch, type MatchResult } from '../../monitor/match.js';
import { Deprecations, WatchBody } from '../../monitor/watch-schemas.js';
import { timeBudget } from '../../search/budget.js';
import type { TrademarkFilter } from '../../store/trademark-repo.js';
import { defineOp } from '../define-op.js';
import { membershipTest } from './watch-actions.js';
import { prepareWatch } from './watch-crud.js';

/** Time a preview spends reading before it stops and hands back where to go on. */
export const PREVIEW_BUDGET_MS = 2_500;
/** Marks read per step; the time is checked between steps. */
export const PREVIEW_BATCH = 500;

const PreviewHit = z.object({
  trademark_id: z.string(),
  office_code: z.string(),
  application_number: z.string(),
  mark_text: z.string().nullable(),
  status: z.string(),
  match: z.object({ tier: z.string(), score: z.number(), via: z.array(z.string()), reason: z.string().describe('Why the marks are alike, in plain words') }).nullable(),
});
type PreviewHit = z.infer<typeof PreviewHit>;

const PreviewOutput = z.object({
  object: z.literal('watch_preview'),
  data: z.array(PreviewHit),
  scanned: z.number().int().describe('Marks read by this call'),
  total: z.number().int().describe("Marks the watch's filters select in the store"),
  matched: z.number().int().describe('Marks among those read that the watch matches (data holds the best `limit`)'),
  complete: z.boolean().describe('True when every selected mark was read'),
  next_after: z.string().nullable().describe('When not complete: send it as `after` to read on from there'),
  notice: z.string().nullable().describe('In words: how much was read, and how to go on'),
  deprecations: Deprecations,
  request_id: z.string().nullable(),
});

/** The store filter of a watch's own filters, so only the marks it could match are read. */
const filterOf = (w: CompiledWatch): TrademarkFilter => ({
  ids: w.trademarkIds ? [...w.trademarkIds] : undefined,
  portfolioId: w.portfolioId ?? undefined,
  ownerIds: w.ownerId?.startsWith('own_') ? [w.ownerId] : undefined,
  entityIds: w.ownerId?.startsWith('ent_') ? [w.ownerId] : undefined,
  niceClasses: w.classes ? [...w.classes] : undefined,
  offices: w.offices ? [...w.offices] : undefined,
  statusPrimary: w.statuses ? [...w.statuses] : undefined,
});

const better = (a: PreviewHit, b: PreviewHit): number => (b.match?.score ?? 0) - (a.match?.score ?? 0) || a.trademark_id.localeCompare(b.trademark_id);

export const previewWatch = defineOp({
  name: 'preview_watch',
  summary: 'Preview the marks a watch would match now (no alerts are created)',
  description: `Validates a watch body exactly as create does and returns the stored marks it matches now, without saving the watch or writing alerts. A watch on a text (query.q) judges every mark its filters select, best first; if that takes longer than ${PREVIEW_BUDGET_MS / 1000} s it stops, says how many of how many marks it read (complete false, notice), and returns next_after: send it as \`after\` to read on. A watch without a text lists the newest of the marks it selects, with their count.`,
  scope: 'trademarks:read',
  meter: 'monitoring',
  readOnly: true,
  http: { method: 'POST', path: '/v1/watches/preview' },
  cli: { command: 'watches preview' },
  // What only a saved watch uses (its name, triggers, delivery, reference, metadata) is accepted, as
  // the body of create, but not shown to agents (src/core/agent-schema.ts).
  input: WatchBody.extend({
    name: forAgents(WatchBody.shape.name.optional(), null),
    trigger_events: forAgents(WatchBody.shape.trigger_events.clone(), null),
    delivery_mode: forAgents(WatchBody.shape.delivery_mode.clone(), null),
    customer_reference: forAgents(WatchBody.shape.customer_reference.clone(), null),
    metadata: forAgents(WatchBody.shape.metadata.clone(), null),
    limit: z.number().int().min(1).max(100).default(20),
    after: z.string().min(1).optional().describe('Go on from a preview that stopped early: its next_after'),
  }).strict(),
  output: PreviewOutput,
  run: async (ctx, input) => {
    const { limit, after, ...body } = input;
    const { row, checked } = await prepareWatch(ctx, { ...body, name: body.name ?? 'preview' });
    const w = compileWatch(row);
    const filter = filterOf(w);
    const total = await ctx.store.trademarks.count(filter);
    const textOf = cachedText();
    const hitOf = (r: { id: string; office_code: string; application_number: string; mark_text: string | null; status: { primary: string } }, match: MatchResult | null): PreviewHit => ({
      trademark_id: r.id, office_code: r.office_code, application_number: r.application_number, mark_text: r.mark_text, status: r.status.primary, match,
    });
    const base = { object: 'watch_preview' as const, deprecations: checked.deprecations, request_id: ctx.requestId };
    if (!w.q) {
      // Without a text every mark the filters select matches: the newest of them, and their count.
      const records = await ctx.store.trademarks.list(filter, '-updated_at', limit, 0);
      const inPortfolio = await membershipTest(ctx, w, records.map((r) => r.id));
      const data = records.flatMap((r) => {
        const outcome = testMark(w, r, null, inPortfolio, textOf);
        return 'match' in outcome ? [hitOf(r, outcome.match)] : [];
      });
      return { ...base, data, scanned: total, total, matched: total, complete: true, next_after: null, notice: null };
    }
    const budget = timeBudget(PREVIEW_BUDGET_MS);
    let best: PreviewHit[] = [];
    let scanned = 0;
    let matched = 0;
    let last: string | null = null;
    let stopped = false;
    const batches = ctx.store.trademarks.scan(filter, PREVIEW_BATCH, after ?? '');
    for (let next = await batches.next(); !next.done; next = await batches.next()) {
      const batch = next.value;
      const inPortfolio = await membershipTest(ctx, w, batch.map((r) => r.id));
      for (const r of batch) {
        const outcome = testMark(w, r, null, inPortfolio, textOf);
        if ('match' in outcome) {
          matched++;
          best.push(hitOf(r, outcome.match));
        }
      }
      if (best.length > limit * 4) best = best.sort(better).slice(0, limit);
      scanned += batch.length;
      last = batch[batch.length - 1]!.id;
      if (budget.spent()) {
        // Stopped early only if a mark is left to read.
        stopped = !(await batches.next()).done;
        await batches.return(undefined);
        break;
      }
    }
    const data = best.sort(better).slice(0, limit);
    const from = after ? ` after ${after}` : '';
    const notice = stopped
      ? `Stopped early after ${PREVIEW_BUDGET_MS / 1000} s: read ${scanned.toLocaleString('en')} of the ${total.toLocaleString('en')} marks the watch selects${from}, in id order; ${matched} matched. Send after: "${last}" to read on.`
      : after
        ? `Read the ${scanned.toLocaleString('en')} marks${from}: with the earlier calls, all ${total.toLocaleString('en')} marks the watch selects were read.`
        : null;
    return { ...base, data, scanned, total, matched, complete: !stopped, next_after: stopped ? last : null, notice };
  },
});

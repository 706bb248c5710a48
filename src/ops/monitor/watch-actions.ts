// What a watch did: diagnostics (why a given mark did or did not alert, or the watch's counters),
// and replay (move its cursor back so the next evaluation re-reads those changes; alerts already
// made stay single). Preview is in preview-watch.ts.
import { z } from 'zod';
import type { Context } from '../../context.js';
import { toAlert, Alert } from '../../monitor/alert.js';
import { cachedText, compileWatch, judgeMark, testMark, type CompiledWatch } from '../../monitor/match.js';
import { defineOp } from '../define-op.js';
import { resolveTrademark } from '../resolve-id.js';
import { requireWatch } from './watch-crud.js';

/** Portfolio membership of the marks a watch is tested on, read once for the lot. */
export const membershipTest = async (ctx: Context, w: CompiledWatch, ids: string[]) => {
  if (!w.portfolioId) return () => false;
  const members = await ctx.store.portfolios.membershipsOf(ids);
  return (portfolioId: string, trademarkId: string) => (members.get(trademarkId) ?? []).some((m) => m.portfolio_id === portfolioId);
};

const Diagnostics = z.object({
  object: z.literal('watch_diagnostics'),
  watch_id: z.string(),
  status: z.string(),
  trademark_id: z.string().nullable(),
  outcome: z.enum(['alerted', 'office_excluded', 'filtered_out', 'no_change', 'trigger_excluded', 'below_threshold', 'pending']).nullable(),
  reason: z.string().nullable().describe('The first reason, in plain words'),
  judgement: z
    .object({ score: z.number(), tier: z.string(), family: z.string().nullable(), reason: z.string() })
    .nullable()
    .describe("The watch text's judgement of the mark on the watch's channels (the same as search and compare give), null without a text or when it is no hit"),
  alert: Alert.nullable(),
  counts: z.object({ evaluated_changes: z.number().int(), alerts: z.number().int() }),
  cursor: z.number().int(),
  last_evaluated: z.object({ seq: z.number().int().nullable(), at: z.string().nullable() }),
  last_alert: Alert.nullable(),
  last_error: z.object({ message: z.string(), at: z.string().nullable() }).nullable(),
  request_id: z.string().nullable(),
});

const OUTCOME = { trigger: 'trigger_excluded', office: 'office_excluded', filter: 'filtered_out', score: 'below_threshold' } as const;

export const getWatchDiagnostics = defineOp({
  name: 'get_watch_diagnostics',
  summary: "Why a watch did or did not alert on a mark, or the watch's counters",
  description:
    'A watch\'s counters, last evaluated change, last alert and last error; with `trademark_id`, why it did or did not alert on that mark.',
  scope: 'trademarks:read',
  meter: 'monitoring',
  readOnly: true,
  // `trademarkId` was this parameter's name before query parameters were all snake_case (issue 26.11).
  http: { method: 'GET', path: '/v1/watches/{id}/diagnostics', earlier: { trademarkId: 'trademark_id' } },
  cli: { command: 'watches diagnostics <id>' },
  input: z.strictObject({ id: z.string().min(1), trademark_id: z.string().min(1).optional().describe('A tm_ id or OFFICE:number') }),
  output: Diagnostics,
  run: async (ctx, input) => {
    const row = await requireWatch(ctx, input.id);
    const last = await ctx.store.watches.lastAlert(row.id);
    const base = {
      object: 'watch_diagnostics' as const,
      watch_id: row.id,
      status: row.status,
      counts: { evaluated_changes: row.evaluated_count, alerts: row.alert_count },
      cursor: row.cursor,
      last_evaluated: { seq: row.last_evaluated_seq, at: row.last_evaluated_at },
      last_alert: last ? toAlert(last) : null,
      last_error: row.last_error ? { message: row.last_error, at: row.last_error_at } : null,
      request_id: ctx.requestId,
    };
    if (!input.trademark_id) return { ...base, trademark_id: null, outcome: null, reason: null, judgement: null, alert: null };
    const record = await resolveTrademark(ctx, input.trademark_id, 'trademark_id');
    const w = compileWatch(row);
    const textOf = cachedText();
    const scored = judgeMark(w, record, textOf);
    const judgement = scored ? { score: scored.score, tier: scored.tier, family: scored.family, reason: scored.reason } : null;
    const explain = (outcome: z.infer<typeof Diagnostics>['outcome'], reason: string, alert: z.infer<typeof Alert> | null = null) => ({ ...base, trademark_id: record.id, outcome, reason, judgement, alert });
    const fired = await ctx.store.watches.alertFor(row.id, record.id);
    if (fired) return explain('alerted', `The alert fired: ${fired.id} on ${fired.event_type} at ${fired.created_at}.`, toAlert(fired));
    const inPortfolio = await membershipTest(ctx, w, [record.id]);
    const standing = testMark(w, record, null, inPortfolio, textOf);
    if ('miss' in standing) return explain(OUTCOME[standing.miss.step], standing.miss.detail);
    const changes = (await ctx.store.events.forTrademark(record.id, 0, 1000)).filter((e) => e.occurred_at >= row.created_at);
    if (changes.length === 0) return explain('no_change', `The mark had no change in the window (since the watch was created at ${row.created_at}).`);
    const triggered = changes.filter((e) => w.triggers.has(e.type));
    if (triggered.length === 0) return explain('trigger_excluded', `The trigger event ${changes[changes.length - 1]!.type} is not in trigger_events (${[...w.triggers].join(', ')}).`);
    return explain('pending', `The mark matches and changed (${triggered[triggered.length - 1]!.type}), but that change was not evaluated: it came from a backfill, or evaluation has not run since (tm watches run).`);
  },
});

export const replayWatch = defineOp({
  name: 'replay_watch',
  summary: 'Re-evaluate a watch over past changes from the next evaluation on',
  description: 'Moves the watch cursor back to `since` (a change sequence number; default: where the watch started), so the next ingest or `tm watches run` evaluates those changes again. A change that already raised an alert for this watch raises no second one.',
  scope: 'portfolios:manage',
  meter: 'monitoring',
  readOnly: false,
  http: { method: 'POST', path: '/v1/watches/{id}/replay' },
  cli: { command: 'watches replay <id>' },
  input: z.strictObject({ id: z.string().min(1), since: z.number().int().min(0).optional().describe('Change sequence number to replay after') }),
  output: z.object({ object: z.literal('watch_replay'), watch_id: z.string(), cursor: z.number().int(), request_id: z.string().nullable() }),
  run: async (ctx, input) => {
    const row = await requireWatch(ctx, input.id);
    const cursor = input.since ?? (await ctx.store.watches.seqAt(row.created_at));
    await ctx.store.watches.update(row.org_id, row.id, { cursor: Math.min(cursor, row.cursor), updated_at: ctx.clock.now().toISOString() });
    return { object: 'watch_replay' as const, watch_id: row.id, cursor: Math.min(cursor, row.cursor), request_id: ctx.requestId };
  },
});

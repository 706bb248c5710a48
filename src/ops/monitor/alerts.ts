// Alerts: list (filters by watch, event type, date and acknowledged; newest first, with cursors),
// read one, list one watch's alerts, and acknowledge — the only change an alert accepts.
import { z } from 'zod';
import { listEnvelope } from '../../core/schemas/envelope.js';
import { IsoDate } from '../../core/schemas/parts.js';
import type { Context } from '../../context.js';
import { TmError } from '../../errors.js';
import { Alert, toAlert } from '../../monitor/alert.js';
import { checkPrefix, notFound, ownerOrg } from '../../monitor/org.js';
import { TRIGGER_EVENTS } from '../../monitor/watch-query.js';
import type { AlertFilter } from '../../store/watch-repo.js';
import { defineOp } from '../define-op.js';
import { cursorPosition, listPage, pagingInput } from '../paging.js';
import { requireWatch } from './watch-crud.js';

const AlertFilters = {
  type: z.array(z.enum(TRIGGER_EVENTS)).optional().describe('Event types, e.g. trademark.status_changed'),
  since: IsoDate.optional().describe('Alerts created on or after this date'),
  until: IsoDate.optional().describe('Alerts created on or before this date'),
  acknowledged: z.boolean().optional().describe('true: only acknowledged; false: only unacknowledged'),
  ...pagingInput,
};

/** Pages newest first by the alert sequence; the cursor carries the last sequence number seen. */
const pageAlerts = async (ctx: Context, op: string, f: Omit<AlertFilter, 'afterSeq'>, input: { limit: number; cursor?: string }) => {
  const binding = { op, org: ownerOrg(ctx), ...f };
  const position = await cursorPosition(ctx, input.cursor, binding);
  const rows = await ctx.store.watches.alerts(ownerOrg(ctx), { ...f, afterSeq: position || undefined }, input.limit + 1);
  const seqs = new Map(rows.map((r) => [r.id, r.seq]));
  return listPage(ctx, rows.map(toAlert), input.limit, (last) => seqs.get(last.id)!, binding);
};

const toFilter = (input: { type?: string[]; since?: string; until?: string; acknowledged?: boolean }): Omit<AlertFilter, 'afterSeq'> => ({
  eventTypes: input.type,
  createdGte: input.since,
  createdLte: input.until ? `${input.until}T23:59:59.999Z` : undefined,
  acknowledged: input.acknowledged,
});

export const listAlerts = defineOp({
  name: 'list_alerts',
  summary: 'List alerts, newest first',
  scope: 'trademarks:read',
  meter: 'monitoring',
  readOnly: true,
  http: { method: 'GET', path: '/v1/alerts' },
  cli: { command: 'alerts', flags: { watch: 'watch_id' } },
  input: z.strictObject({ watch_id: z.string().optional().describe('Only this watch (wat_…)'), ...AlertFilters }),
  output: listEnvelope(Alert),
  run: async (ctx, input) => {
    if (input.watch_id) await requireWatch(ctx, input.watch_id, 'watch_id');
    return pageAlerts(ctx, 'list_alerts', { watchId: input.watch_id, ...toFilter(input) }, input);
  },
});

export const listAlertsForWatch = defineOp({
  name: 'list_alerts_for_watch',
  summary: "List one watch's alerts, newest first",
  scope: 'trademarks:read',
  meter: 'monitoring',
  readOnly: true,
  http: { method: 'GET', path: '/v1/watches/{id}/alerts' },
  input: z.strictObject({ id: z.string().min(1).describe('Watch id (wat_…)'), ...AlertFilters }),
  output: listEnvelope(Alert),
  run: async (ctx, input) => {
    const row = await requireWatch(ctx, input.id);
    return pageAlerts(ctx, 'list_alerts_for_watch', { watchId: row.id, ...toFilter(input) }, input);
  },
});

const requireAlert = async (ctx: Context, id: string) => {
  checkPrefix(id, 'alr_', 'alert');
  const row = await ctx.store.watches.alert(ownerOrg(ctx), id);
  if (!row) throw notFound('alert', id);
  return row;
};

export const lookupAlert = defineOp({
  name: 'lookup_alert',
  summary: 'Get one alert',
  scope: 'trademarks:read',
  meter: 'monitoring',
  readOnly: true,
  http: { method: 'GET', path: '/v1/alerts/{id}' },
  cli: { command: 'alerts show <id>' },
  input: z.strictObject({ id: z.string().min(1).describe('Alert id (alr_…)') }),
  output: Alert.extend({ request_id: z.string().nullable() }),
  run: async (ctx, input) => ({ ...toAlert(await requireAlert(ctx, input.id)), request_id: ctx.requestId }),
});

export const acknowledgeAlert = defineOp({
  name: 'acknowledge_alert',
  summary: 'Acknowledge an alert (or clear the acknowledgement); nothing else of an alert changes',
  scope: 'portfolios:manage',
  meter: 'monitoring',
  readOnly: false,
  http: { method: 'PATCH', path: '/v1/alerts/{id}' },
  cli: { command: 'alerts ack <id>' },
  input: z.strictObject({
    id: z.string().min(1),
    acknowledged_at: z.string().datetime({ offset: true }).nullable().optional().describe('When it was acknowledged (default now); null clears it'),
  }),
  output: Alert.extend({ request_id: z.string().nullable() }),
  run: async (ctx, input) => {
    const row = await requireAlert(ctx, input.id);
    const at = input.acknowledged_at === undefined ? ctx.clock.now().toISOString() : input.acknowledged_at === null ? null : new Date(input.acknowledged_at).toISOString();
    if (at !== null && Number.isNaN(Date.parse(at))) throw new TmError('validation_error', 'acknowledged_at: expected an ISO 8601 date-time.', { param: 'acknowledged_at' });
    await ctx.store.watches.acknowledge(row.org_id, row.id, at);
    return { ...toAlert({ ...row, acknowledged_at: at }), request_id: ctx.requestId };
  },
});

// Earlier-shape monitors (spec §4.4): the six /v1/monitors routes over watches with a webhook
// target, in the `{success, data}` envelope. Their events (§6.4) go through the delivery worker;
// the test route posts a signed sample event through it too.
import { z } from 'zod';
import { randomId } from '../../core/ids.js';
import type { Context } from '../../context.js';
import { TmError } from '../../errors.js';
import { monitorSigningSecret } from '../../monitor/monitor-events.js';
import { checkEvents, itemWatch, Monitor, MonitorItem, WebhookUrl } from '../../monitor/monitor-schemas.js';
import { sendTestEvent } from '../../monitor/monitor-test.js';
import { checkPrefix, notFound, ownerOrg } from '../../monitor/org.js';
import { urlRefusal } from '../../monitor/ssrf.js';
import type { MonitorRow } from '../../store/monitor-repo.js';
import type { WatchRow } from '../../store/watch-repo.js';
import { defineOp } from '../define-op.js';
import { earlierEnvelope } from '../earlier-shape.js';
import { prepareWatch } from './watch-crud.js';

const MonitorId = z.string().min(1).describe('Monitor id (mon_…)');
const Offices = z.array(z.string().regex(/^[A-Za-z]{2}$/, 'expected two-letter office codes'));

const toMonitor = (row: MonitorRow): Monitor => ({
  id: row.id,
  name: row.name,
  description: row.description,
  watches: JSON.parse(row.items) as MonitorItem[],
  offices: JSON.parse(row.offices) as string[],
  webhook_url: row.webhook_url,
  webhook_events: JSON.parse(row.webhook_events) as Monitor['webhook_events'],
  status: row.status,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

const requireMonitor = async (ctx: Context, id: string): Promise<MonitorRow> => {
  checkPrefix(id, 'mon_', 'monitor', 'monitor_id');
  const row = await ctx.store.monitors.get(ownerOrg(ctx), id);
  if (!row) throw notFound('monitor', id, 'monitor_id');
  return row;
};

/** 400 when the webhook URL is not an allowed target (the SSRF guard of docs/webhooks.md). */
const checkWebhookUrl = (ctx: Context, url: string): void => {
  const refused = urlRefusal(url, ctx.config.allowPrivateWebhooks);
  if (refused) throw new TmError('validation_error', `webhook_url: ${refused}.`, { param: 'webhook_url' });
};

/** Checks every item as a watch (all or none) and writes the monitor with its watches and endpoint. */
const saveMonitor = async (ctx: Context, row: MonitorRow, replace: boolean): Promise<void> => {
  checkWebhookUrl(ctx, row.webhook_url);
  const items = JSON.parse(row.items) as MonitorItem[];
  const offices = (JSON.parse(row.offices) as string[]).map((o) => o.toUpperCase());
  const events = checkEvents(JSON.parse(row.webhook_events) as string[]);
  const watches: WatchRow[] = [];
  for (const [i, item] of items.entries()) {
    const { row: w } = await prepareWatch(ctx, itemWatch(row.name, item, i, offices, events), `watches.${i}.`, row.id);
    watches.push({ ...w, status: row.status === 'paused' ? ('paused' as const) : ('active' as const) });
  }
  await ctx.store.monitors.save(row, replace, monitorSigningSecret(row.webhook_secret), watches);
};

export const createMonitor = defineOp({
  name: 'create_monitor',
  summary: 'Create a monitor (earlier shape)',
  description: 'Earlier-shape monitor: a named set of watches whose matches are sent to `webhook_url` as the events in `webhook_events` (new_filing, status_change, similar_mark_detected, trademark_published, trademark_registered, trademark_opposed, trademark_cancelled). Prefer tm_watches_create.',
  scope: 'portfolios:manage',
  meter: 'monitoring',
  readOnly: false,
  http: { method: 'POST', path: '/v1/monitors', shape: 'earlier' },
  input: z.strictObject({
    name: z.string().trim().min(1).max(200),
    watches: z.array(MonitorItem).min(1).max(100),
    webhook_url: WebhookUrl,
    description: z.string().max(2000).optional(),
    offices: Offices.optional(),
    webhook_secret: z.string().min(1).max(200).optional(),
    webhook_events: z.array(z.string()).min(1).optional(),
  }),
  output: earlierEnvelope(Monitor),
  run: async (ctx, input) => {
    const at = ctx.clock.now().toISOString();
    const row: MonitorRow = {
      id: randomId('mon_'), org_id: ownerOrg(ctx), name: input.name, description: input.description ?? null,
      offices: JSON.stringify((input.offices ?? []).map((o) => o.toUpperCase())), webhook_url: input.webhook_url, webhook_secret: input.webhook_secret ?? null,
      webhook_events: JSON.stringify(checkEvents(input.webhook_events)), items: JSON.stringify(input.watches), status: 'active', created_at: at, updated_at: at,
    };
    await saveMonitor(ctx, row, false);
    return { success: true as const, data: toMonitor(row) };
  },
});

export const listMonitors = defineOp({
  name: 'list_monitors',
  summary: 'List monitors (earlier shape), at most 100 per page',
  scope: 'trademarks:read',
  meter: 'monitoring',
  readOnly: true,
  http: { method: 'GET', path: '/v1/monitors', shape: 'earlier' },
  input: z.strictObject({
    status: z.enum(['active', 'paused', 'error']).optional(),
    page: z.number().int().min(1).default(1),
    limit: z.number().int().min(1).max(100).default(20),
  }),
  output: earlierEnvelope(z.array(Monitor)).extend({ pagination: z.object({ page: z.number().int(), limit: z.number().int(), has_more: z.boolean() }) }),
  run: async (ctx, input) => {
    const rows = await ctx.store.monitors.list(ownerOrg(ctx), input.status, (input.page - 1) * input.limit, input.limit + 1);
    return { success: true as const, data: rows.slice(0, input.limit).map(toMonitor), pagination: { page: input.page, limit: input.limit, has_more: rows.length > input.limit } };
  },
});

export const getMonitor = defineOp({
  name: 'get_monitor',
  summary: 'Get a monitor (earlier shape)',
  scope: 'trademarks:read',
  meter: 'monitoring',
  readOnly: true,
  http: { method: 'GET', path: '/v1/monitors/{monitor_id}', shape: 'earlier' },
  input: z.strictObject({ monitor_id: MonitorId }),
  output: earlierEnvelope(Monitor),
  run: async (ctx, input) => ({ success: true as const, data: toMonitor(await requireMonitor(ctx, input.monitor_id)) }),
});

export const updateMonitor = defineOp({
  name: 'update_monitor',
  summary: 'Update a monitor (earlier shape); only the fields supplied change',
  scope: 'portfolios:manage',
  meter: 'monitoring',
  readOnly: false,
  http: { method: 'PATCH', path: '/v1/monitors/{monitor_id}', shape: 'earlier' },
  input: z.strictObject({
    monitor_id: MonitorId,
    name: z.string().trim().min(1).max(200).optional(),
    description: z.string().max(2000).nullable().optional(),
    watches: z.array(MonitorItem).min(1).max(100).optional(),
    offices: Offices.optional(),
    webhook_url: WebhookUrl.optional(),
    webhook_events: z.array(z.string()).min(1).optional(),
    status: z.enum(['active', 'paused']).optional().describe('Pause or resume the monitor'),
  }),
  output: earlierEnvelope(z.object({ id: z.string(), name: z.string(), updated_at: z.string() })),
  run: async (ctx, input) => {
    const row = await requireMonitor(ctx, input.monitor_id);
    const next: MonitorRow = {
      ...row,
      name: input.name ?? row.name,
      description: input.description === undefined ? row.description : input.description,
      items: input.watches ? JSON.stringify(input.watches) : row.items,
      offices: input.offices ? JSON.stringify(input.offices.map((o) => o.toUpperCase())) : row.offices,
      webhook_url: input.webhook_url ?? row.webhook_url,
      webhook_events: input.webhook_events ? JSON.stringify(checkEvents(input.webhook_events)) : row.webhook_events,
      status: input.status ?? row.status,
      updated_at: ctx.clock.now().toISOString(),
    };
    // The items' watches derive from these fields; anything else leaves the watches (and their cursors) alone.
    const rewatch = input.watches || input.offices || input.webhook_events || input.name;
    if (rewatch) await saveMonitor(ctx, next, true);
    else {
      checkWebhookUrl(ctx, next.webhook_url);
      await ctx.store.monitors.update(next, monitorSigningSecret(next.webhook_secret));
    }
    if (input.status) await ctx.store.monitors.setStatus(next.org_id, next.id, next.status, next.updated_at);
    return { success: true as const, data: { id: next.id, name: next.name, updated_at: next.updated_at } };
  },
});

export const deleteMonitor = defineOp({
  name: 'delete_monitor',
  summary: 'Delete a monitor and its watches (earlier shape)',
  scope: 'portfolios:manage',
  meter: 'monitoring',
  readOnly: false,
  http: { method: 'DELETE', path: '/v1/monitors/{monitor_id}', shape: 'earlier' },
  input: z.strictObject({ monitor_id: MonitorId }),
  output: earlierEnvelope(z.object({ id: z.string(), deleted: z.literal(true) })),
  run: async (ctx, input) => {
    const row = await requireMonitor(ctx, input.monitor_id);
    await ctx.store.monitors.delete(row.org_id, row.id, ctx.clock.now().toISOString());
    return { success: true as const, data: { id: row.id, deleted: true as const } };
  },
});

export const testMonitor = defineOp({
  name: 'test_monitor',
  summary: "Send a sample event to a monitor's webhook_url (earlier shape)",
  description: 'Posts a sample `new_filing` event to the webhook URL through the delivery worker, signed (Standard Webhooks) with webhook_secret when one is set, and reports whether the receiver answered 2xx. Never retried.',
  scope: 'portfolios:manage',
  meter: 'monitoring',
  readOnly: false,
  http: { method: 'POST', path: '/v1/monitors/{monitor_id}/test', shape: 'earlier' },
  input: z.strictObject({ monitor_id: MonitorId }),
  output: z.object({ success: z.boolean(), message: z.string(), webhook_url: z.string(), response_status: z.number().int().nullable(), response_time_ms: z.number().int() }),
  run: async (ctx, input) => {
    const row = await requireMonitor(ctx, input.monitor_id);
    const endpoint = await ctx.store.monitors.endpoint(row, monitorSigningSecret(row.webhook_secret));
    const result = await sendTestEvent(ctx, row, endpoint);
    // A receiver that fails the test puts the monitor in `error`; a later success clears it.
    if (!result.success && row.status === 'active') await ctx.store.monitors.setStatus(row.org_id, row.id, 'error', ctx.clock.now().toISOString());
    if (result.success && row.status === 'error') await ctx.store.monitors.setStatus(row.org_id, row.id, 'active', ctx.clock.now().toISOString());
    return result;
  },
});

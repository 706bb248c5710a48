// Earlier-shape monitors (spec §2.7 Monitor, §4.4, §6.4): a named set of watches with a webhook
// target. Each item of `watches` is stored as a watch pointing back at its monitor; the monitor's
// `offices` narrow every item and its `webhook_events` decide the items' trigger events.
import { z } from 'zod';
import { TmError } from '../errors.js';
import type { WatchBody } from './watch-schemas.js';
import { WATCH_TYPES } from './watch-query.js';

export const MONITOR_EVENTS = ['new_filing', 'status_change', 'similar_mark_detected', 'trademark_published', 'trademark_registered', 'trademark_opposed', 'trademark_cancelled'] as const;
export type MonitorEvent = (typeof MONITOR_EVENTS)[number];

/**
 * Earlier event → the trademark change that raises it (docs/monitoring.md). Publication,
 * registration, opposition and cancellation are status changes; a similar mark is any change to a
 * mark that matches a similarity item.
 */
export const MONITOR_EVENT_TRIGGERS: Record<MonitorEvent, string[]> = {
  new_filing: ['trademark.created'],
  status_change: ['trademark.status_changed'],
  similar_mark_detected: ['trademark.created', 'trademark.updated', 'trademark.status_changed'],
  trademark_published: ['trademark.status_changed'],
  trademark_registered: ['trademark.status_changed'],
  trademark_opposed: ['trademark.status_changed'],
  trademark_cancelled: ['trademark.status_changed'],
};

/** One item of a monitor's `watches` (its shape is not shown by the spec): a type and a current watch query. */
export const MonitorItem = z.strictObject({
  type: z.enum(WATCH_TYPES).describe(`One of ${WATCH_TYPES.join(', ')}`),
  query: z.record(z.string(), z.unknown()),
  name: z.string().trim().min(1).max(200).optional(),
});
export type MonitorItem = z.infer<typeof MonitorItem>;

export const Monitor = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  watches: z.array(MonitorItem),
  offices: z.array(z.string()),
  webhook_url: z.string(),
  webhook_events: z.array(z.enum(MONITOR_EVENTS)),
  status: z.enum(['active', 'paused', 'error']),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Monitor = z.infer<typeof Monitor>;

export const WebhookUrl = z.url({ protocol: /^https?$/ }).describe('http(s) URL that receives the events');

export const checkEvents = (events: string[] | undefined): MonitorEvent[] => {
  const list = events ?? [...MONITOR_EVENTS];
  for (const e of list) {
    if (!(MONITOR_EVENTS as readonly string[]).includes(e)) {
      throw new TmError('validation_error', `webhook_events: unknown event '${e}'.`, { param: 'webhook_events', suggestion: `Use any of ${MONITOR_EVENTS.join(', ')}.` });
    }
  }
  return [...new Set(list)] as MonitorEvent[];
};

/** The watch body of one item under a monitor's offices and events. */
export const itemWatch = (monitorName: string, item: MonitorItem, i: number, offices: string[], events: MonitorEvent[]): WatchBody => {
  const query = { ...item.query } as Record<string, unknown>;
  if (offices.length) query.filters = { ...((query.filters as Record<string, unknown> | undefined) ?? {}), offices };
  const relevant = item.type === 'similarity' ? events : events.filter((e) => e !== 'similar_mark_detected');
  const triggers = [...new Set(relevant.flatMap((e) => MONITOR_EVENT_TRIGGERS[e]))];
  if (triggers.length === 0) {
    throw new TmError('validation_error', `watches.${i}: none of webhook_events applies to a ${item.type} item.`, { param: `watches.${i}.type` });
  }
  return { name: item.name ?? `${monitorName} #${i + 1}`, watch_type: item.type, query, trigger_events: triggers };
};

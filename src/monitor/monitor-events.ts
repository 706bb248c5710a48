// Earlier-shape monitor events (spec §6.4, docs/monitoring.md): which of the seven event names an
// alert of a monitor's watch becomes, its body, and the monitor's signing key. They are queued on
// the monitor's own endpoint row in the alert's transaction and posted by the one delivery worker
// (retries, auto-disable, SSRF guard), signed per Standard Webhooks when the monitor has a secret.
import { randomId } from '../core/ids.js';
import type { MonitorTarget } from '../store/monitor-repo.js';
import type { AlertSideWrites } from '../store/ledger-repo.js';
import type { NewAlert } from '../store/watch-repo.js';
import type { Alert } from './alert.js';
import type { MonitorEvent } from './monitor-schemas.js';

/** A status change into one of these stages is the specific earlier event, when the monitor subscribes to it. */
const STAGE_EVENTS: Record<string, MonitorEvent> = {
  published: 'trademark_published',
  opposition_period: 'trademark_published',
  registered: 'trademark_registered',
  protected: 'trademark_registered',
  opposition_pending: 'trademark_opposed',
  cancelled: 'trademark_cancelled',
};

/**
 * The one event an alert becomes for a monitor subscribed to `subscribed`, or null. A similarity
 * match is `similar_mark_detected`; a new mark `new_filing`; a status change the specific event of
 * its new stage, else `status_change`. A change that is none of these sends nothing.
 */
export const monitorEventFor = (alert: Pick<Alert, 'watch_type' | 'event' | 'trademark'>, subscribed: readonly string[]): MonitorEvent | null => {
  const wants = (e: MonitorEvent): boolean => subscribed.includes(e);
  if (alert.watch_type === 'similarity' && wants('similar_mark_detected')) return 'similar_mark_detected';
  if (alert.event.type === 'trademark.created') return wants('new_filing') ? 'new_filing' : null;
  if (alert.event.type !== 'trademark.status_changed') return null;
  const specific = alert.event.changed_fields.includes('status_stage') ? STAGE_EVENTS[alert.trademark.status.stage] : undefined;
  if (specific && wants(specific)) return specific;
  return wants('status_change') ? 'status_change' : null;
};

/** The body of a monitor event without its `id` and `timestamp`, which the worker adds per attempt. */
export const monitorEventBody = (type: MonitorEvent, monitorId: string, alert: Alert, test = false): string =>
  JSON.stringify({
    type,
    monitor_id: monitorId,
    ...(test ? { test: true } : {}),
    data: {
      alert_id: alert.id,
      watch_id: alert.watch_id,
      watch_name: alert.watch_name,
      trademark: {
        id: alert.trademark.id,
        office: alert.trademark.office_code,
        application_number: alert.trademark.application_number,
        registration_number: alert.trademark.registration_number,
        mark_text: alert.trademark.mark_text,
        status: alert.trademark.status.primary,
        status_stage: alert.trademark.status.stage,
        nice_classes: alert.trademark.nice_classes,
        owners: alert.trademark.owners.map((o) => o.name),
      },
      change: { type: alert.event.type, changed_fields: alert.event.changed_fields, diff: alert.event.diff, occurred_at: alert.event.occurred_at },
      match: alert.match,
    },
  });

/**
 * The signing secret of a monitor's endpoint: a `whsec_…` secret as given; any other string is
 * the raw key (what a receiver passes to `new Webhook(secret, { format: 'raw' })`), stored in the
 * `whsec_` + base64 form the signer reads. No secret: empty, and deliveries go unsigned.
 */
export const monitorSigningSecret = (secret: string | null): string =>
  !secret ? '' : secret.startsWith('whsec_') ? secret : `whsec_${Buffer.from(secret, 'utf8').toString('base64')}`;

/** The monitor event an alert's transaction queues on the monitor's endpoint; null when the monitor does not subscribe. */
export const monitorDelivery = (target: MonitorTarget, row: NewAlert): AlertSideWrites['monitorEvents'][number] | null => {
  const alert = JSON.parse(row.body) as Alert;
  const type = monitorEventFor(alert, target.webhook_events);
  if (!type) return null;
  return { endpointId: target.endpoint_id, event: { id: randomId('evt_'), seq: row.event_seq, payload: monitorEventBody(type, target.monitor_id, alert) }, at: row.created_at };
};

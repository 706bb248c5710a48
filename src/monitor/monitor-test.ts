// The monitor test delivery (spec §4.4 `POST /v1/monitors/{id}/test`): one sample `new_filing`
// event queued on the monitor's endpoint as a test delivery and sent at once by the delivery worker,
// so it is signed, SSRF-guarded and timed like every monitor event. Never retried; reported, not kept.
import type { Context } from '../context.js';
import type { MonitorRow } from '../store/monitor-repo.js';
import type { EndpointRow } from '../store/webhook-repo.js';
import type { Alert } from './alert.js';
import { createDeliveryWorker, testEventId } from './delivery.js';
import { monitorEventBody } from './monitor-events.js';

/** A sample alert: a new US filing of a made-up mark. */
const sampleAlert = (row: MonitorRow, at: string): Alert => ({
  id: 'alr_test',
  object: 'alert',
  watch_id: 'wat_test',
  watch_name: `${row.name} (test)`,
  watch_type: 'class',
  customer_reference: null,
  trademark_id: 'tm_test',
  trademark: {
    id: 'tm_test', office_code: 'US', application_number: '00000000', registration_number: null, mark_text: 'SAMPLE MARK',
    status: { primary: 'pending', stage: 'filed' }, filing_date: at.slice(0, 10), registration_date: null, expiry_date: null, nice_classes: [9], owners: [],
  },
  event: { id: 'evt_test', type: 'trademark.created', changed_fields: [], diff: [], occurred_at: at, source_date: at.slice(0, 10) },
  match: null,
  next_deadline: null,
  created_at: at,
  acknowledged_at: null,
});

export const sendTestEvent = async (ctx: Context, row: MonitorRow, endpoint: EndpointRow) => {
  const at = ctx.clock.now().toISOString();
  const payload = monitorEventBody('new_filing', row.id, sampleAlert(row, at), true);
  const [deliveryId] = await ctx.store.webhooks.enqueue(endpoint, [{ id: testEventId(), seq: 0, payload }], true, at);
  const worker = createDeliveryWorker(ctx.store, ctx.clock, { allowPrivate: ctx.config.allowPrivateWebhooks, responseTimeoutMs: 10_000 });
  try {
    const result = (await worker.sendNow(deliveryId!))!;
    const answered = result.responseCode === null ? `The webhook could not be reached: ${result.error}.` : `The webhook answered ${result.responseCode}`;
    return {
      success: result.ok,
      message: result.ok ? `${answered}.` : result.responseCode === null ? answered : `${answered}; a 2xx status was expected.`,
      webhook_url: row.webhook_url,
      response_status: result.responseCode,
      response_time_ms: result.responseTimeMs,
    };
  } finally {
    await worker.stop();
  }
};

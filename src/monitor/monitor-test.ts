// The monitor test delivery (spec §4.4 `POST /v1/monitors/{id}/test`): one sample `new_filing`
// event posted to the webhook URL, signed per Standard Webhooks when the monitor has a secret,
// with a 10-second budget. Never retried; the result is reported, not queued.
import { performance } from 'node:perf_hooks';
import { Webhook } from 'standardwebhooks';
import { randomId } from '../core/ids.js';
import type { Context } from '../context.js';
import type { MonitorRow } from '../store/monitor-repo.js';

const TIMEOUT_MS = 10_000;

export const sendTestEvent = async (ctx: Context, row: MonitorRow) => {
  const now = ctx.clock.now();
  const id = randomId('test_', 16);
  const body = JSON.stringify({
    id,
    type: 'new_filing',
    test: true,
    monitor_id: row.id,
    timestamp: now.toISOString(),
    data: { trademark: { id: 'tm_test', office: 'US', mark_text: 'SAMPLE MARK', serial_number: '00000000', status: 'live_pending' } },
  });
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(Math.floor(now.getTime() / 1000)) };
  if (row.webhook_secret) headers['webhook-signature'] = new Webhook(row.webhook_secret, { format: 'raw' }).sign(id, now, body);
  const started = performance.now();
  try {
    const res = await fetch(row.webhook_url, { method: 'POST', headers, body, signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'manual' });
    await res.body?.cancel();
    const ok = res.status >= 200 && res.status < 300;
    return {
      success: ok,
      message: ok ? `The webhook answered ${res.status}.` : `The webhook answered ${res.status}; a 2xx status was expected.`,
      webhook_url: row.webhook_url,
      response_status: res.status,
      response_time_ms: Math.round(performance.now() - started),
    };
  } catch (err) {
    const reason = (err as Error).name === 'TimeoutError' ? `no answer within ${TIMEOUT_MS / 1000} s` : (err as Error).message;
    return { success: false, message: `The webhook could not be reached: ${reason}.`, webhook_url: row.webhook_url, response_status: null, response_time_ms: Math.round(performance.now() - started) };
  }
};

// The delivery worker as the surfaces start it: inside `tm serve` (one per server, in the cluster
// primary, never in the HTTP workers) and `tm deliver --once` for cron and CI. Private targets
// follow the context's --allow-private-webhooks setting.
import type { Context } from '../../context.js';
import { createDeliveryWorker, type DeliveryOptions } from '../../monitor/delivery.js';

export type DeliveryTuning = Omit<DeliveryOptions, 'allowPrivate'>;

/** Starts the polling worker; `stop()` waits for the deliveries in flight. */
export const startDeliveryService = (ctx: Context, tuning: DeliveryTuning = {}): { stop(): Promise<void> } => {
  const worker = createDeliveryWorker(ctx.store, ctx.clock, { leaseMs: ctx.config.webhookLeaseMs, ...tuning, allowPrivate: ctx.config.allowPrivateWebhooks });
  worker.start();
  return { stop: () => worker.stop() };
};

/** Delivers everything due now, then returns. */
export const deliverOnce = async (ctx: Context, tuning: DeliveryTuning = {}): Promise<{ attempted: number }> => {
  const worker = createDeliveryWorker(ctx.store, ctx.clock, { leaseMs: ctx.config.webhookLeaseMs, ...tuning, allowPrivate: ctx.config.allowPrivateWebhooks });
  try {
    return await worker.runOnce();
  } finally {
    await worker.stop();
  }
};

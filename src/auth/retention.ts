// Retention of account data: stored idempotent responses live 24 hours (spec §7) and request-log
// entries 30 days (this service's choice, docs/http.md). `tm serve` prunes both every hour.
import type { Context } from '../context.js';
import { IDEMPOTENCY_TTL_MS } from './idempotency.js';

export const REQUEST_LOG_RETENTION_DAYS = 30;

export const pruneAccountData = async (ctx: Context): Promise<{ idempotency: number; request_log: number }> => {
  const now = ctx.clock.now().getTime();
  return {
    idempotency: await ctx.store.auth.idempotency.purge(new Date(now - IDEMPOTENCY_TTL_MS).toISOString()),
    request_log: await ctx.store.auth.usage.pruneLogs(new Date(now - REQUEST_LOG_RETENTION_DAYS * 86_400_000).toISOString()),
  };
};

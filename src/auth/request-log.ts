// The organization's request log (`GET /v1/logs`): one entry per authenticated request, written
// by HTTP and MCP alike. Health probes and unauthenticated requests are not logged.
import type { Context } from '../context.js';
import type { Principal } from './authenticate.js';

export interface RequestRecord {
  requestId: string;
  method: string;
  path: string;
  operation: string | null;
  status: number;
  errorType: string | null;
  durationMs: number;
}

export const logRequest = (ctx: Context, principal: Principal, r: RequestRecord): void => {
  ctx.store.auth.usage.log({
    id: r.requestId,
    org_id: principal.org.id,
    livemode: principal.livemode ? 1 : 0,
    key_id: principal.keyId,
    method: r.method,
    path: r.path,
    operation: r.operation,
    status: r.status,
    error_type: r.errorType,
    duration_ms: Math.round(r.durationMs),
    at: ctx.clock.now().toISOString(),
  });
};

/** Writes buffered usage counters and log entries now (at shutdown). */
export const flushUsage = (ctx: Context): Promise<void> => ctx.store.auth.usage.flush();

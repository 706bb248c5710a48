// Callers for the MCP server: who a session acts for, which scopes it holds, and how its calls are
// metered (spec §4.6). Local stdio sessions are trusted; keyed and OAuth sessions come from
// credentials and share the HTTP API's rate limiter, daily caps, usage counters and request log.
import { logRequest, SCOPES, type Admission, type DailyTier, type Principal, type RateLimiter } from '../auth/index.js';
import type { Context, OrgRef } from '../context.js';
import { TmError } from '../errors.js';
import type { Meter, OpDefinition } from '../ops/define-op.js';
import type { CallRecord, McpCaller } from './server.js';

/** The organization a keyless `tm mcp` acts as: the owner of the local store. */
export const LOCAL_ORG: OrgRef = { id: 'org_local', name: 'local', livemode: true };

/** The local user of this machine's store: every scope, nothing metered or logged. */
export const localCaller = (ctx: Context): McpCaller => ({
  ctx,
  scopes: new Set(SCOPES),
  meter: async () => undefined,
  record: async () => undefined,
});

/** Which daily cap a tool call counts against, as its REST counterpart does. */
const DAILY: Record<Meter, DailyTier | null> = {
  search: 'search',
  read: 'reads',
  monitoring: 'reads',
  write: 'writes',
  reference: null,
  account: null,
};

export interface MeterSettings {
  limiter: RateLimiter;
  /** Meter and log OAuth calls too; off by default, as spec §4.6 exempts them. */
  meterOAuth: boolean;
}

export type CredentialKind = 'api_key' | 'oauth';

/** What metering saw during one HTTP request, for its RateLimit and Retry-After headers. */
export interface MeterOutcome {
  admission?: Admission;
  retryAfter?: number;
}

const quotaExceeded = (ctx: Context, err: TmError): TmError => {
  const retryAfter = err.retryAfter ?? 1;
  const resetAt = new Date(ctx.clock.now().getTime() + retryAfter * 1000).toISOString();
  const limit = err.extra.limit as number | undefined;
  const window = err.extra.window_seconds as number | undefined;
  return new TmError(
    'rate_limited',
    `Quota exceeded: the limit is ${limit} calls per ${window} s for this organization; it resets at ${resetAt}.`,
    { retryAfter, suggestion: `Retry after ${retryAfter} s.`, extra: { ...err.extra, reset_at: resetAt } },
  );
};

/**
 * A caller from a verified credential. Each tools/call is one call in the MCP tier (1,000 per
 * 60 s by default) and counts against the daily cap of its REST class; reference tools are
 * logged but not billed, account and usage tools are neither counted nor logged.
 */
export const credentialCaller = (
  base: Context,
  principal: Principal,
  kind: CredentialKind,
  settings: MeterSettings,
  outcome: MeterOutcome = {},
): McpCaller => {
  const ctx = { ...base, org: principal.org };
  const exempt = kind === 'oauth' && !settings.meterOAuth;
  return {
    ctx,
    scopes: new Set(principal.scopes),
    async meter(op: OpDefinition) {
      if (exempt) return;
      try {
        outcome.admission = await settings.limiter.admit(ctx, principal, {
          tier: 'mcp',
          daily: DAILY[op.meter],
          meter: op.meter,
          credits: op.credits,
          counted: op.meter !== 'account',
        });
      } catch (err) {
        if (!(err instanceof TmError) || err.type !== 'rate_limited') throw err;
        outcome.retryAfter = err.retryAfter ?? 1;
        throw quotaExceeded(ctx, err);
      }
    },
    async record(op: OpDefinition, call: CallRecord) {
      if (exempt || op.meter === 'account') return;
      logRequest(ctx, principal, { method: 'MCP', path: '/mcp', operation: op.name, ...call });
    },
  };
};

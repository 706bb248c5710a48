// Public shapes of the administration area (spec §2.10 usage, §5 keys and scopes): organizations,
// API keys, per-organization limits, usage and request-log entries.
import { z } from 'zod';
import type { Scope as OpScope } from '../ops/define-op.js';
import { Plan } from './plans.js';

export const SCOPES = ['trademarks:read', 'events:read', 'portfolios:manage', 'api-keys:manage', 'billing:read'] as const satisfies readonly OpScope[];
export const ScopeName = z.enum(SCOPES);

/** A rate-limit window: at most `limit` requests per `window_seconds`, per organization. */
export const RateWindow = z.object({
  limit: z.number().int().min(0),
  window_seconds: z.number().int().positive(),
});

export const Tier = z.enum(['reads', 'search', 'writes', 'mcp']);
export type Tier = z.infer<typeof Tier>;
export const DailyTier = z.enum(['reads', 'search', 'writes']);
export type DailyTier = z.infer<typeof DailyTier>;

export const OrgLimits = z.object({
  reads: RateWindow,
  search: RateWindow,
  writes: RateWindow,
  mcp: RateWindow,
  /** Daily caps per tier, reported as `limit` in `/v1/usage` `current_period`. */
  daily: z.object({ reads: z.number().int().min(0), search: z.number().int().min(0), writes: z.number().int().min(0) }),
});
export type OrgLimits = z.infer<typeof OrgLimits>;

/** What an organization may override; anything omitted keeps the default. */
export const OrgLimitOverrides = z
  .object({
    reads: RateWindow.partial(),
    search: RateWindow.partial(),
    writes: RateWindow.partial(),
    mcp: RateWindow.partial(),
    daily: OrgLimits.shape.daily.partial(),
  })
  .partial()
  .strict();
export type OrgLimitOverrides = z.infer<typeof OrgLimitOverrides>;

export const Organization = z.object({
  id: z.string().regex(/^org_/),
  object: z.literal('organization'),
  name: z.string(),
  created_at: z.string(),
  livemode: z.boolean(),
  limits: OrgLimits,
  payload_version: z.number().int().describe('The webhook and event payload version (1 or 2) new events are recorded with; stored events keep theirs'),
  plan: Plan.describe('The features beyond search and reads it may use; calls outside them answer 403 plan_upgrade_required'),
  request_id: z.string().nullable(),
});
export type Organization = z.infer<typeof Organization>;

export const ApiKey = z.object({
  id: z.string().regex(/^key_/),
  object: z.literal('api_key'),
  name: z.string().nullable(),
  /** The key's visible start and last four characters, e.g. `tmk_live_…a1b2`; never the secret. */
  hint: z.string(),
  livemode: z.boolean(),
  scopes: z.array(ScopeName),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  status: z.enum(['active', 'expired', 'revoked']),
});
export type ApiKey = z.infer<typeof ApiKey>;

const UsedAgainst = z.object({ used: z.number().int(), limit: z.number().int(), resets_at: z.string() });
const Remaining = z.object({ remaining: z.number().int(), limit: z.number().int(), resets_in: z.number().int() });

export const Usage = z.object({
  object: z.literal('usage'),
  current_period: z.object({ reads: UsedAgainst, search: UsedAgainst, writes: UsedAgainst }),
  rate_limits: z.object({ reads: Remaining, search: Remaining, writes: Remaining }),
  livemode: z.boolean(),
  request_id: z.string().nullable(),
});
export type Usage = z.infer<typeof Usage>;

export const RequestLogEntry = z.object({
  id: z.string().regex(/^req_/),
  object: z.literal('request_log'),
  method: z.string(),
  path: z.string(),
  operation: z.string().nullable(),
  status: z.number().int(),
  error_type: z.string().nullable(),
  duration_ms: z.number().int(),
  key_id: z.string().nullable(),
  livemode: z.boolean(),
  created_at: z.string(),
});
export type RequestLogEntry = z.infer<typeof RequestLogEntry>;

// The watch resource and its write body (spec §4.5, §6.1, §9.6; docs/monitoring.md): validation of
// a body into a stored row — type, query, trigger events, delivery mode, metadata, size limits.
import { z } from 'zod';
import { forAgents } from '../core/agent-schema.js';
import { TmError } from '../errors.js';
import type { Deprecation } from '../search/legacy.js';
import type { WatchRow } from '../store/watch-repo.js';
import { checkMetadata } from './org.js';
import { Metadata } from './portfolio-schemas.js';
import { MatchTier } from '../core/schemas/trademark.js';
import { DEFAULT_TRIGGERS, parseWatchQuery, reachesTier, TRIGGER_EVENTS, WATCH_TYPES, WatchQuery, type Matching, type WatchType } from './watch-query.js';

/** A query body over this size is refused with 413 before it is read any further. */
export const MAX_QUERY_BYTES = 256 * 1024;
/** Watches one organization may hold; more is 409. */
export const WATCH_QUOTA = 1000;

export const DELIVERY_MODES = ['always_per_alert'] as const;
const DIGEST_MODES = ['daily_digest', 'weekly_digest', 'digest'];

/** The body of create, each bulk item and preview; `query` is checked by parseWatchQuery for the type. */
export const WatchBody = z.strictObject({
  name: z.string().trim().min(1).max(200),
  // Typed for agents (src/core/agent-schema.ts); parseWatchType and parseWatchQuery check them here.
  watch_type: forAgents(z.string().describe(`One of ${WATCH_TYPES.join(', ')}`), z.enum(WATCH_TYPES)),
  query: forAgents(
    z.record(z.string(), z.unknown()).describe('version, q, similarity, min_tier, filters {trademarkIds, portfolioId, ownerId, niceClasses, jurisdictions, offices, statusPrimary}'),
    WatchQuery.describe('What the watch matches; filters keys are camelCase'),
  ),
  trigger_events: forAgents(z.array(z.string()).min(1).optional().describe(`Any of ${TRIGGER_EVENTS.join(', ')}; default the first three`), z.array(z.enum(TRIGGER_EVENTS)).min(1)),
  delivery_mode: forAgents(z.string().optional().describe('always_per_alert (the default; digest modes are not offered yet)'), z.enum(DELIVERY_MODES)),
  customer_reference: z.string().max(200).nullable().optional(),
  metadata: Metadata.optional(),
});
export type WatchBody = z.infer<typeof WatchBody>;

export const Threshold = z
  .object({
    min_tier: MatchTier.describe('The least tier that alerts'),
    channels: z.array(z.string()),
    default: z.boolean().describe('True when the query gave no min_tier and the default applies'),
    description: z.string().describe('The threshold in words'),
  })
  .nullable()
  .describe('What a mark must reach against query.q to alert; null for a watch without a text');
export type Threshold = z.infer<typeof Threshold>;

/** Each tier in the words docs/search.md gives it. */
const TIER_WORDS: Record<z.infer<typeof MatchTier>, string> = {
  identical: 'identical (the same letters and digits)',
  near_identical: 'near-identical (one letter changed, added or dropped, two letters swapped, words split or joined, a plural)',
  similar: 'similar (two edits in a longer mark, a spelling that sounds the same, letter or number names, look-alike characters, or one mark inside the other)',
  related: 'related (a looser resemblance by the fused score)',
};

/** The effective threshold of a watch with a text, in words and as a value. */
export const thresholdOf = (query: WatchQuery, matching: Matching): Threshold => {
  if (!query.q) return null;
  const given = (matching.mode === 'legacy' ? query.min_match_tier : query.min_tier) !== undefined;
  const tiers = MatchTier.options.filter((t) => reachesTier(t, matching.minTier));
  const below = MatchTier.options.filter((t) => !reachesTier(t, matching.minTier));
  const description =
    `Alerts on a mark rated ${matching.minTier.replace('_', '-')} or closer to "${query.q}" on the channels ${matching.channels.join(', ')}: ${tiers.map((t) => TIER_WORDS[t]).join('; ')}.` +
    (below.length ? ` A mark rated ${below.map((t) => t.replace('_', '-')).join(' or ')} does not alert.` : '') +
    (given ? '' : ` No min_tier was given: the default, ${matching.minTier}, applies.`);
  return { min_tier: matching.minTier, channels: matching.channels, default: !given, description };
};

export const Watch = z.object({
  id: z.string(),
  object: z.literal('watch'),
  name: z.string(),
  watch_type: z.enum(WATCH_TYPES),
  query: z.record(z.string(), z.unknown()),
  matching: z.enum(['v3', 'legacy']).describe('legacy: saved with strategies/min_match_tier; re-save with version v3, similarity or min_tier to switch'),
  threshold: Threshold,
  trigger_events: z.array(z.string()),
  delivery_mode: z.string(),
  customer_reference: z.string().nullable(),
  metadata: Metadata,
  status: z.enum(['active', 'paused']),
  monitor_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Watch = z.infer<typeof Watch>;

export const Deprecations = z.array(z.object({ parameter: z.string(), replacement: z.string().nullable(), sunset: z.string() }));

export const toWatch = (row: WatchRow): Watch => ({
  id: row.id,
  object: 'watch',
  name: row.name,
  watch_type: row.watch_type as WatchType,
  query: JSON.parse(row.query) as Record<string, unknown>,
  matching: (JSON.parse(row.matching) as Matching).mode,
  threshold: thresholdOf(JSON.parse(row.query) as WatchQuery, JSON.parse(row.matching) as Matching),
  trigger_events: JSON.parse(row.trigger_events) as string[],
  delivery_mode: row.delivery_mode,
  customer_reference: row.customer_reference,
  metadata: JSON.parse(row.metadata) as Record<string, unknown>,
  status: row.status,
  monitor_id: row.monitor_id,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

export const checkQuerySize = (query: unknown, param = 'query'): void => {
  const bytes = Buffer.byteLength(JSON.stringify(query ?? {}));
  if (bytes > MAX_QUERY_BYTES) {
    throw new TmError('payload_too_large', `${param} is ${bytes} bytes; a watch query may be at most ${MAX_QUERY_BYTES} bytes (256 KB).`, { param });
  }
};

export const parseWatchType = (value: string, param = 'watch_type'): WatchType => {
  if (!(WATCH_TYPES as readonly string[]).includes(value)) {
    throw new TmError('validation_error', `${param}: unknown watch type '${value}'.`, { param, suggestion: `Use one of ${WATCH_TYPES.join(', ')}.` });
  }
  return value as WatchType;
};

export const parseTriggers = (values: string[] | undefined, param = 'trigger_events'): string[] => {
  if (values === undefined) return [...DEFAULT_TRIGGERS];
  for (const v of values) {
    if (!(TRIGGER_EVENTS as readonly string[]).includes(v)) {
      throw new TmError('validation_error', `${param}: unknown event type '${v}'.`, { param, suggestion: `Use any of ${TRIGGER_EVENTS.join(', ')}.` });
    }
  }
  return [...new Set(values)];
};

export const parseDeliveryMode = (value: string | undefined): string => {
  if (value === undefined || value === 'always_per_alert') return 'always_per_alert';
  const digest = DIGEST_MODES.includes(value) || value.includes('digest');
  throw new TmError('validation_error', digest ? `delivery_mode: digest delivery ('${value}') is not offered yet.` : `delivery_mode: unknown mode '${value}'.`, {
    param: 'delivery_mode',
    suggestion: 'Use always_per_alert.',
  });
};

/** A body checked whole: the parts of a stored row, and the deprecations to report. */
export interface CheckedWatch {
  type: WatchType;
  query: WatchQuery;
  matching: Matching;
  triggers: string[];
  deliveryMode: string;
  metadata: string;
  deprecations: Deprecation[];
}

const triggersOf = (top: string[] | undefined, inQuery: string[] | undefined, prefix: string): string[] | undefined => {
  if (top !== undefined && inQuery !== undefined) {
    throw new TmError('conflicting_params', `${prefix}trigger_events and ${prefix}query.trigger_events were both sent.`, { param: `${prefix}query.trigger_events` });
  }
  return top ?? inQuery;
};

export const checkWatchBody = (body: WatchBody, prefix = ''): CheckedWatch => {
  checkQuerySize(body.query, `${prefix}query`);
  const type = parseWatchType(body.watch_type, `${prefix}watch_type`);
  const { query, matching, deprecations } = parseWatchQuery(type, body.query);
  return {
    type,
    query,
    matching,
    // A v1 query carries its trigger_events inside the query; sent both ways they conflict.
    triggers: parseTriggers(triggersOf(body.trigger_events, query.trigger_events, prefix), `${prefix}trigger_events`),
    deliveryMode: parseDeliveryMode(body.delivery_mode),
    metadata: checkMetadata(body.metadata, `${prefix}metadata`),
    deprecations,
  };
};

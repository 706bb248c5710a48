// The webhook endpoint resource: its public shape (health included, secret never after creation
// or rotation), the enabled_events rule of spec §6.1, and the lookup of one endpoint of the caller.
import { z } from 'zod';
import type { Context } from '../../context.js';
import { forAgents } from '../../core/agent-schema.js';
import { TmError } from '../../errors.js';
import { SUBSCRIBABLE_EVENTS } from '../../monitor/ledger.js';
import { secretHint } from '../../monitor/signing.js';
import { urlRefusal } from '../../monitor/ssrf.js';
import type { EndpointRow } from '../../store/webhook-repo.js';
import { checkPrefix, ownerOrg } from '../../monitor/org.js';
import { requirePortfolio } from '../monitor/portfolio-crud.js';

export const ENDPOINT_PREFIX = 'wh_';

export const EnabledEvents = forAgents(
  z
  .array(z.string())
  .min(1, 'enabled_events needs at least one event type')
  .superRefine((values, ctx) => {
    for (const v of values) {
      if (!(SUBSCRIBABLE_EVENTS as readonly string[]).includes(v)) {
        ctx.addIssue({ code: 'custom', message: `unknown event type '${v}'; enabled_events accepts exactly ${SUBSCRIBABLE_EVENTS.join(', ')}` });
      }
    }
  })
  .describe(`Event types to deliver: any of ${SUBSCRIBABLE_EVENTS.join(', ')}`),
  z.array(z.enum(SUBSCRIBABLE_EVENTS)).min(1),
);

export const WebhookUrl = z.string().min(1).max(2048).describe('HTTPS URL receiving POSTs');

export const WebhookEndpoint = z.object({
  id: z.string().describe('wh_ id'),
  object: z.literal('webhook_endpoint'),
  url: z.string(),
  description: z.string().nullable(),
  enabled_events: z.array(z.string()),
  portfolio_id: z.string().nullable().describe('Only marks in this portfolio when the event was recorded'),
  enabled: z.boolean(),
  secret_hint: z.string().describe('The last characters of the signing secret; the secret itself is shown once'),
  rotation_ends_at: z.string().nullable().describe('Until then deliveries carry a second signature with the previous secret'),
  health: z.object({
    status: z.enum(['healthy', 'failing', 'disabled']),
    disabled_reason: z.string().nullable().describe('manual, gone (the receiver answered 410) or consecutive_failures'),
    consecutive_failures: z.number().int(),
    failing_since: z.string().nullable(),
    last_success_at: z.string().nullable(),
    last_failure_at: z.string().nullable(),
  }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

export const toEndpoint = (r: EndpointRow, now: string): WebhookEndpoint => ({
  id: r.id,
  object: 'webhook_endpoint',
  url: r.url,
  description: r.description,
  enabled_events: JSON.parse(r.enabled_events) as string[],
  portfolio_id: r.portfolio_id,
  enabled: r.enabled === 1,
  secret_hint: secretHint(r.secret),
  rotation_ends_at: r.previous_secret && r.previous_secret_expires_at! > now ? r.previous_secret_expires_at : null,
  health: {
    status: r.enabled !== 1 ? 'disabled' : r.consecutive_failures > 0 ? 'failing' : 'healthy',
    disabled_reason: r.enabled === 1 ? null : r.disabled_reason,
    consecutive_failures: r.consecutive_failures,
    failing_since: r.failing_since,
    last_success_at: r.last_success_at,
    last_failure_at: r.last_failure_at,
  },
  created_at: r.created_at,
  updated_at: r.updated_at,
});

/** 400 naming the problem when the URL is not an allowed webhook target (docs/webhooks.md). */
export const checkTarget = (ctx: Context, url: string): void => {
  const refused = urlRefusal(url, ctx.config.allowPrivateWebhooks);
  if (refused) throw new TmError('validation_error', `url: ${refused}.`, { param: 'url' });
};

/** A webhook's portfolio filter must name one of the caller's portfolios: another organization's, or none, is a 404. */
export const checkPortfolio = async (ctx: Context, id: string | null | undefined): Promise<void> => {
  if (id) await requirePortfolio(ctx, id, 'portfolio_id');
};

/** One endpoint of the calling organization, or 404. */
export const endpointOfCaller = async (ctx: Context, id: string): Promise<EndpointRow> => {
  checkPrefix(id, ENDPOINT_PREFIX, 'webhook endpoint', 'id');
  const row = await ctx.store.webhooks.getEndpoint(ownerOrg(ctx), id);
  if (!row) throw new TmError('not_found', `No webhook endpoint ${id}.`, { param: 'id', suggestion: 'List endpoints with GET /v1/webhooks.' });
  return row;
};

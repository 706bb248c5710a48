// The calendar feed resource (docs/http.md "Calendar subscriptions"): its public shape (the token
// itself only at creation) and the lookup of one feed of the caller's organization.
import { z } from 'zod';
import type { Context } from '../../context.js';
import { checkPrefix, notFound, ownerOrg } from '../../monitor/org.js';
import type { FeedRow } from '../../store/feed-repo.js';

export const FEED_PREFIX = 'feed_';

export const Feed = z.object({
  id: z.string().describe('feed_ id'),
  object: z.literal('feed'),
  name: z.string().nullable(),
  path: z.string().describe('The calendar feed the token opens, e.g. /v1/deadlines.ics'),
  filters: z.record(z.string(), z.unknown()).describe('The deadline filters fixed at creation'),
  hint: z.string().describe('The first and last characters of the token'),
  livemode: z.boolean(),
  status: z.enum(['active', 'revoked']),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
});
export type Feed = z.infer<typeof Feed>;

export const toFeed = (row: FeedRow): Feed => ({
  id: row.id,
  object: 'feed',
  name: row.name,
  path: row.path,
  filters: JSON.parse(row.input) as Record<string, unknown>,
  hint: row.hint,
  livemode: row.livemode === 1,
  status: row.revoked_at ? 'revoked' : 'active',
  created_at: row.created_at,
  revoked_at: row.revoked_at,
  last_used_at: row.last_used_at,
});

/** One feed of the caller's organization and mode; 404 otherwise, 400 for another id type. */
export const feedOfCaller = async (ctx: Context, id: string): Promise<FeedRow> => {
  checkPrefix(id, FEED_PREFIX, 'feed');
  const row = await ctx.store.feeds.get(ownerOrg(ctx), ctx.org?.livemode ?? true, id);
  if (!row) throw notFound('feed', id);
  return row;
};

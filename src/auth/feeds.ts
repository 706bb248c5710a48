// Calendar feed tokens (docs/http.md "Calendar subscriptions"): `tmf_` and 32 base64url
// characters, stored as their SHA-256. A token is a read-only credential for one ICS feed, sent as
// `?token=` because calendar apps cannot send headers; on that feed it stands for its
// organization with `trademarks:read`, anywhere else it is refused.
import { randomBytes } from 'node:crypto';
import type { Context } from '../context.js';
import { TmError } from '../errors.js';
import type { FeedRow } from '../store/feed-repo.js';
import type { Principal } from './authenticate.js';
import { hashKey } from './keys.js';
import { resolveLimits } from './limits.js';

export const FEED_TOKEN_PATTERN = /^tmf_[A-Za-z0-9_-]{32}$/;
/** The query parameter that carries a feed token. */
export const FEED_TOKEN_PARAM = 'token';

/** A new token and what is stored of it. */
export const newFeedToken = (): { token: string; hash: string; hint: string } => {
  const token = `tmf_${randomBytes(24).toString('base64url')}`;
  return { token, hash: hashKey(token), hint: `${token.slice(0, 6)}…${token.slice(-4)}` };
};

const refused = (detail: string): TmError =>
  new TmError('unauthorized', detail, {
    suggestion: 'Use the URL `tm feeds create` (POST /v1/feeds) returned, or create a new feed; other routes take `Authorization: Bearer <API key>`.',
  });

/** Refuses a feed token sent to a route that is not a calendar feed. */
export const feedTokenElsewhere = (): TmError => refused('A feed token (?token=) is accepted only on the calendar feed it was created for.');

/**
 * The principal of a feed token on the feed `path` (the route's path with its parameters filled
 * in), and the feed's stored filters. Every failure is one 401 whose detail never repeats the token.
 */
export const authenticateFeedToken = async (ctx: Context, token: string, path: string): Promise<{ principal: Principal; feed: FeedRow }> => {
  if (!FEED_TOKEN_PATTERN.test(token)) throw refused('Malformed feed token; feed tokens look like tmf_….');
  const row = await ctx.store.feeds.byHash(hashKey(token));
  if (!row) throw refused('Invalid feed token.');
  if (row.revoked_at) throw refused('This feed token was revoked.');
  if (row.path !== path) throw feedTokenElsewhere();
  const now = ctx.clock.now();
  // As for API keys, last use is written at most once a minute, so polling stays read-mostly.
  if (!row.last_used_at || now.getTime() - Date.parse(row.last_used_at) > 60_000) await ctx.store.feeds.touch(row.id, now.toISOString());
  const livemode = row.livemode === 1;
  return {
    feed: row,
    principal: {
      org: { id: row.org_id, name: row.org_name ?? row.org_id, livemode },
      scopes: ['trademarks:read'],
      keyId: row.id,
      livemode,
      limits: resolveLimits(row.org_limits),
    },
  };
};

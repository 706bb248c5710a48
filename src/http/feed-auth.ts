// `?token=` on a calendar feed (docs/http.md "Calendar subscriptions"): the request's credential
// and its input come from the feed token, not from a header and the query string. Anywhere but
// the one feed the token was made for, the token is refused.
import { authenticateFeedToken, FEED_TOKEN_PARAM, feedTokenElsewhere, type Principal } from '../auth/index.js';
import type { Context } from '../context.js';
import { TmError } from '../errors.js';
import type { OpDefinition } from '../ops/define-op.js';

export interface FeedRequest {
  principal: Principal;
  /** The feed's stored filters with the path parameters: the operation's raw input. */
  raw: Record<string, unknown>;
}

/** The feed token of a query string, if one was sent. */
export const feedTokenOf = (query: readonly [string, string][]): string | undefined => query.find(([k]) => k === FEED_TOKEN_PARAM)?.[1];

const isFeed = (op: OpDefinition, method: string): boolean => method === 'GET' && (op.http?.produces?.startsWith('text/calendar') ?? false);

/** The feed path a token is bound to: the operation's path with this request's parameters. */
const feedPath = (op: OpDefinition, params: Record<string, string>): string =>
  op.http!.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');

export const authenticateFeedRequest = async (
  ctx: Context,
  op: OpDefinition,
  method: string,
  token: string,
  query: readonly [string, string][],
  params: Record<string, string>,
): Promise<FeedRequest> => {
  if (!isFeed(op, method)) throw feedTokenElsewhere();
  const { principal, feed } = await authenticateFeedToken(ctx, token, feedPath(op, params));
  const other = query.find(([k]) => k !== FEED_TOKEN_PARAM);
  if (other) {
    throw new TmError('validation_error', `A feed URL takes no parameter besides token; '${other[0]}' was sent.`, {
      param: other[0],
      suggestion: 'A feed keeps the filters it was created with; create another feed for other filters.',
    });
  }
  return { principal, raw: { ...(JSON.parse(feed.input) as Record<string, unknown>), ...params } };
};

// list_feeds and revoke_feed (`GET /v1/feeds`, `DELETE /v1/feeds/{id}`; `tm feeds list`,
// `tm feeds revoke`): the organization's calendar feed tokens, never the tokens themselves.
import { z } from 'zod';
import { listEnvelope } from '../../core/schemas/envelope.js';
import { ownerOrg } from '../../monitor/org.js';
import { defineOp } from '../define-op.js';
import { Feed, feedOfCaller, toFeed } from './feed.js';

export const listFeeds = defineOp({
  name: 'list_feeds',
  summary: "List the organization's calendar feeds",
  description: "The organization's calendar feed tokens in the caller's mode, oldest first: path, filters, hint, status and last use. Tokens are never shown again.",
  scope: 'api-keys:manage',
  meter: 'account',
  readOnly: true,
  http: { method: 'GET', path: '/v1/feeds' },
  cli: { command: 'feeds list' },
  input: z.strictObject({}),
  output: listEnvelope(Feed),
  run: async (ctx) => {
    const rows = await ctx.store.feeds.list(ownerOrg(ctx), ctx.org?.livemode ?? true);
    return { object: 'list' as const, data: rows.map(toFeed), has_more: false, pagination: { cursor: null }, livemode: ctx.org?.livemode ?? true, request_id: ctx.requestId };
  },
});

export const revokeFeed = defineOp({
  name: 'revoke_feed',
  summary: 'Revoke a calendar feed token',
  description: 'Revokes a feed token: its URL answers 401 from now on. Revoking again changes nothing.',
  scope: 'api-keys:manage',
  meter: 'write',
  readOnly: false,
  http: { method: 'DELETE', path: '/v1/feeds/{id}' },
  cli: { command: 'feeds revoke <id>' },
  input: z.strictObject({ id: z.string().min(1).describe('feed_ id') }),
  output: Feed.extend({ request_id: z.string().nullable() }),
  run: async (ctx, input) => {
    const row = await feedOfCaller(ctx, input.id);
    const at = row.revoked_at ?? ctx.clock.now().toISOString();
    if (!row.revoked_at) await ctx.store.feeds.revoke(row.id, at);
    return { ...toFeed({ ...row, revoked_at: at }), request_id: ctx.requestId };
  },
});

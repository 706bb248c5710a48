// Calendar feed tokens: create, list, revoke (docs/http.md "Calendar subscriptions").
import type { OpDefinition } from '../define-op.js';
import { createFeed } from './create-feed.js';
import { listFeeds, revokeFeed } from './list-feeds.js';

export const FEED_OPERATIONS: readonly OpDefinition[] = [createFeed, listFeeds, revokeFeed];

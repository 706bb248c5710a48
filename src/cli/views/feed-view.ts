// `tm feeds create` on a terminal: the new feed as the field/value table, then how to subscribe
// and that the token is shown this once.
import type { z } from 'zod';
import type { createFeed } from '../../ops/feeds/create-feed.js';
import { renderGeneric } from './generic-view.js';

export const renderNewFeed = (feed: z.infer<typeof createFeed.output>): string =>
  [
    renderGeneric(feed),
    '',
    `Subscribe a calendar app to the server's address followed by ${feed.url}`,
    `(for \`tm serve\` on this machine: http://127.0.0.1:${process.env.TM_PORT ?? '8080'}${feed.url}).`,
    `The token is shown this once; only its hash is kept. Revoke it with \`tm feeds revoke ${feed.id}\`.`,
  ].join('\n');

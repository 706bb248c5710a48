// Who sent a request, for the limit on failed authentications and the access log. By default the
// socket's peer; with `tm serve --trust-proxy`, the address the reverse proxy in front of the server
// put last in `X-Forwarded-For` (docs/operations.md, "Failed authentications").
import type { Context as HonoContext } from 'hono';
import type { Client } from '../auth/index.js';

const socketAddress = (c: HonoContext): string | undefined =>
  (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress;

/**
 * One trusted proxy appends the address it saw to `X-Forwarded-For`; entries to its left came
 * from the client and may be forged, so only the rightmost entry is taken.
 */
export const clientAddress = (c: HonoContext, trustProxy: boolean): Client => {
  const socket = socketAddress(c) ?? 'unknown';
  if (!trustProxy) return { address: socket, trusted: false };
  const forwarded = c.req.header('x-forwarded-for')?.split(',').pop()?.trim();
  return { address: forwarded || socket, trusted: true };
};

// MCP sessions in a clustered `tm serve`. A session lives in the worker that opened it, but the
// primary hands out connections, not requests, so a session's next request may reach any worker.
// Each worker therefore prefixes the session ids it issues with its worker id (`3.<uuid>`), and a
// request naming another worker's session is forwarded, as it came, to that worker's private port
// on 127.0.0.1, carrying the cluster secret and the client address. Sessionless MCP (initialize,
// the stateless 2026-07-28 revision) is served where it lands. A session whose worker has died is
// unknown, as after a restart: the client gets 404 and opens a new one, as the MCP spec asks.
import { Agent, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { createAdaptorServer } from '@hono/node-server';
import type { Hono, MiddlewareHandler } from 'hono';

/** Worker id → the port of its private listener. */
export type PeerTable = Record<string, number>;

const SESSION = 'mcp-session-id';
const SECRET = 'tm-cluster-secret';
const CLIENT = 'tm-cluster-client';
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer']);

interface Env {
  incoming?: { socket?: { remoteAddress?: string } };
  /** Set on requests that came through the private listener: never forwarded again. */
  forwarded?: boolean;
}

const sessionNotFound = (): Response =>
  new Response(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null }), {
    status: 404,
    headers: { 'content-type': 'application/json' },
  });

const withHeaders = (req: Request, edit: (h: Headers) => void): Request => {
  const headers = new Headers(req.headers);
  edit(headers);
  return new Request(req, { headers });
};

export const createMcpAffinity = (workerId: string, secret: string) => {
  let peers: PeerTable = {};
  const agent = new Agent({ keepAlive: true });
  let privateServer: Server | null = null;

  /** Sends a request on to the worker that owns its session, unchanged but for the two cluster headers. */
  const forward = (req: Request, port: number, client: string): Promise<Response> =>
    new Promise((resolve) => {
      const url = new URL(req.url);
      const headers: Record<string, string> = { [SECRET]: secret, [CLIENT]: client };
      req.headers.forEach((v, k) => {
        if (!HOP_BY_HOP.has(k)) headers[k] = v;
      });
      const out = httpRequest({ host: '127.0.0.1', port, method: req.method, path: url.pathname + url.search, headers, agent }, (res) => {
        const h = new Headers();
        for (const [k, v] of Object.entries(res.headers)) {
          if (v === undefined || HOP_BY_HOP.has(k)) continue;
          for (const one of Array.isArray(v) ? v : [v]) h.append(k, one);
        }
        const empty = req.method === 'HEAD' || res.statusCode === 204 || res.statusCode === 304;
        resolve(new Response(empty ? null : (Readable.toWeb(res) as ReadableStream), { status: res.statusCode ?? 502, headers: h }));
      });
      // The owner went away between the peer table and this request: its sessions are gone.
      out.once('error', () => resolve(sessionNotFound()));
      req.signal.addEventListener('abort', () => out.destroy(), { once: true });
      if (req.body) Readable.fromWeb(req.body as import('node:stream/web').ReadableStream).pipe(out);
      else out.end();
    });

  /** On `/mcp` of the public server (and, for forwarded requests, of the private one). */
  const middleware: MiddlewareHandler = async (c, next) => {
    const sid = c.req.header(SESSION);
    if (sid) {
      const dot = sid.indexOf('.');
      const owner = sid.slice(0, Math.max(0, dot));
      const env = c.env as Env | undefined;
      const port = peers[owner];
      if (owner === workerId) c.req.raw = withHeaders(c.req.raw, (h) => h.set(SESSION, sid.slice(dot + 1)));
      else if (port !== undefined && !env?.forwarded) return forward(c.req.raw, port, env?.incoming?.socket?.remoteAddress ?? 'unknown');
      // Otherwise no live worker has this session: the MCP handler authenticates and answers 404.
    }
    await next();
    const issued = c.res.headers.get(SESSION);
    if (issued) c.res.headers.set(SESSION, `${workerId}.${issued}`);
  };

  /** Requests forwarded by peers: only with the cluster secret, only `/mcp`, as from the original client. */
  const privateFetch = (app: Hono) => (req: Request): Response | Promise<Response> => {
    if (!secret || req.headers.get(SECRET) !== secret) return new Response('Forbidden', { status: 403 });
    if (new URL(req.url).pathname !== '/mcp') return new Response('Not Found', { status: 404 });
    const client = req.headers.get(CLIENT) ?? 'unknown';
    const clean = withHeaders(req, (h) => {
      h.delete(SECRET);
      h.delete(CLIENT);
    });
    return app.fetch(clean, { incoming: { socket: { remoteAddress: client } }, forwarded: true } satisfies Env);
  };

  return {
    middleware,
    setPeers(next: PeerTable): void {
      peers = next;
    },
    /** Starts this worker's private listener on 127.0.0.1 (not shared through the primary); returns its port. */
    listen: <E extends object>(app: Hono<E>): Promise<number> =>
      new Promise((resolve, reject) => {
        const s = createAdaptorServer({ fetch: privateFetch(app as unknown as Hono) }) as Server;
        s.once('error', reject);
        s.listen({ port: 0, host: '127.0.0.1', exclusive: true }, () => resolve((s.address() as AddressInfo).port));
        privateServer = s;
      }),
    close: async (): Promise<void> => {
      agent.destroy();
      const s = privateServer;
      if (!s) return;
      const closed = new Promise<void>((r) => s.close(() => r()));
      // Peers' keep-alive sockets would hold the listener open; every request on them is done.
      s.closeAllConnections();
      await closed;
    },
  };
};

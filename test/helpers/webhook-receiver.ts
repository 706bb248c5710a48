// A real HTTP webhook receiver for tests: verifies every request with the official
// `standardwebhooks` library against the secrets it is told, answers per its mode, and keeps
// every request (headers, raw body, verification outcome).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  verified: boolean;
  error: string | null;
  at: number;
}

/** `ok` answers 204 to verified requests (401 otherwise); `accept` 204 to anything (clocks moved far ahead). */
export type Mode = 'ok' | 'accept' | 'fail500' | 'gone410' | { delayMs: number } | 'hang';

export interface Receiver {
  url: string;
  received: Received[];
  secrets: string[];
  mode: Mode;
  /** A mode for one request path (e.g. '/gone'), over `mode`. */
  byPath: Map<string, Mode>;
  close(): Promise<void>;
  waitFor(n: number, timeoutMs?: number): Promise<void>;
}

export const startReceiver = async (): Promise<Receiver> => {
  const state: Receiver = { url: '', received: [], secrets: [], mode: 'ok', byPath: new Map(), close: async () => undefined, waitFor: async () => undefined };
  const waiters: (() => void)[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let error: string | null = state.secrets.length === 0 ? 'no secret' : null;
      let verified = false;
      for (const secret of state.secrets) {
        try {
          new Webhook(secret).verify(body, req.headers as Record<string, string>);
          verified = true;
          error = null;
          break;
        } catch (err) {
          error = (err as Error).message;
        }
      }
      state.received.push({ headers: req.headers, body, verified, error, at: Date.now() });
      waiters.splice(0).forEach((w) => w());
      const mode = state.byPath.get(new URL(req.url ?? '/', 'http://x').pathname) ?? state.mode;
      if (mode === 'hang') return;
      const answer = (): void => {
        if (mode === 'fail500') res.writeHead(500).end('boom');
        else if (mode === 'gone410') res.writeHead(410).end('gone');
        else if (!verified && mode !== 'accept') res.writeHead(401).end(error ?? 'unverified');
        else res.writeHead(204).end();
      };
      if (typeof mode === 'object') setTimeout(answer, mode.delayMs);
      else answer();
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  state.waitFor = async (n, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    while (state.received.length < n) {
      if (Date.now() > deadline) throw new Error(`receiver: ${state.received.length} of ${n} deliveries after ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  };
  return state;
};

// `tm serve`: opens the store, starts the HTTP server on 127.0.0.1 (or --host) and shuts down
// gracefully on SIGTERM/SIGINT: readiness turns `shutting_down`, in-flight requests finish,
// usage is flushed, the store is closed and the process exits 0.
import { closeContext, createContext, type Context } from '../context.js';
import type { AccessLogFormat } from './access-log.js';
import { createHttpServer, type HttpServerOptions } from './server.js';

export interface ServeOptions {
  host?: string;
  port?: number;
  db?: string;
  now?: string;
  accessLog?: AccessLogFormat;
  bodyLimit?: number;
  mountMcp?: HttpServerOptions['mountMcp'];
  /** Where the startup lines go (stdout by default). */
  print?: (line: string) => void;
  /** Install SIGTERM/SIGINT handlers that exit the process (true for the CLI). */
  handleSignals?: boolean;
}

export interface RunningServer {
  url: string;
  port: number;
  context: Context;
  stop(): Promise<void>;
}

export const runServe = async (options: ServeOptions = {}): Promise<RunningServer> => {
  const print = options.print ?? ((l: string) => process.stdout.write(`${l}\n`));
  const context = createContext({ db: options.db, now: options.now });
  const accessLog = options.accessLog ?? ((process.env.TM_ACCESS_LOG as AccessLogFormat | undefined) || 'combined');
  const server = createHttpServer({ context, accessLog, bodyLimit: options.bodyLimit, mountMcp: options.mountMcp });
  const { url, port } = await server.listen(options.port ?? Number(process.env.TM_PORT ?? 8080), options.host ?? '127.0.0.1');
  print(`tm serve listening on ${url} (database ${context.store.path})`);
  if ((await context.store.auth.keyCount()) === 0) {
    print('No API keys yet: run `tm orgs create "<name>"`, then `tm keys create --org <org_id> --scopes trademarks:read` and send it as `Authorization: Bearer <key>`.');
  }
  let stopping: Promise<void> | null = null;
  const stop = (): Promise<void> =>
    (stopping ??= (async () => {
      await server.shutdown();
      await closeContext(context);
    })());
  if (options.handleSignals !== false) {
    const onSignal = (signal: string) => {
      print(`${signal}: draining in-flight requests, then exiting`);
      void stop().then(
        () => process.exit(0),
        (err: unknown) => {
          process.stderr.write(`shutdown failed: ${String(err)}\n`);
          process.exit(1);
        },
      );
    };
    process.once('SIGTERM', () => onSignal('SIGTERM'));
    process.once('SIGINT', () => onSignal('SIGINT'));
  }
  return { url, port, context, stop };
};

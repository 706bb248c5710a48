// One worker of a clustered `tm serve` (see cluster.ts): the whole HTTP API over its own handle on
// the shared store, with the primary's rate-limit counters, on the port the primary holds. It
// drains and exits when the primary says so or on SIGTERM (the primary then starts another);
// SIGINT is left to the primary, which gets it from the same terminal and stops every worker.
import cluster from 'node:cluster';
import { bindCounters } from '../auth/limit-counters.js';
import { closeContext, createContext } from '../context.js';
import { primaryCounters } from './cluster-counters.js';
import { CLUSTER_ENV, type FailedMessage, type PeersMessage, type ReadyMessage } from './cluster.js';
import { createMcpAffinity } from './mcp-affinity.js';
import { createHttpServer } from './server.js';
import { accessLogOf, type RunningServer, type ServeOptions } from './serve-lifecycle.js';

const send = (message: ReadyMessage | FailedMessage): void => {
  if (process.connected) process.send?.(message, () => undefined);
};

/** Access-log lines name the worker that served the request (its pid), so operators can tell them apart. */
const workerAccessLog =
  (pid: number) =>
  (line: string): void => {
    process.stderr.write(line.startsWith('{') ? `{"pid":${pid},${line.slice(1)}` : `${line.slice(0, -1)} pid=${pid}\n`);
  };

export const runWorker = async (options: ServeOptions): Promise<RunningServer> => {
  const host = options.host ?? '127.0.0.1';
  const port = Number(process.env[CLUSTER_ENV.port] ?? options.port ?? 0);
  const context = createContext({ db: options.db, readDb: options.readDb, now: options.now });
  bindCounters(context.store, primaryCounters());
  // The primary's checkpoint thread copies the WAL back; a commit here never does (store/checkpointer.ts).
  context.store.deferCheckpoints();
  const affinity = options.mountMcp ? createMcpAffinity(String(cluster.worker!.id), process.env[CLUSTER_ENV.secret] ?? '') : null;
  const mountMcp = options.mountMcp;
  const server = createHttpServer({
    context,
    accessLog: accessLogOf(options),
    accessLogWrite: workerAccessLog(process.pid),
    bodyLimit: options.bodyLimit,
    trustProxy: options.trustProxy,
    mountMcp:
      mountMcp &&
      ((app, services) => {
        app.use('/mcp', affinity!.middleware);
        return mountMcp(app, services);
      }),
  });
  let url: string;
  let mcpPort = 0;
  try {
    ({ url } = await server.listen(port, host));
    if (affinity) mcpPort = await affinity.listen(server.app);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException | null)?.code;
    send({ tm: 'failed', message: err instanceof Error ? err.message : String(err), ...(code ? { code } : {}) });
    process.exit(1);
  }
  process.on('message', (m: unknown) => {
    const message = m as PeersMessage | { tm: 'shutdown' } | null;
    if (message?.tm === 'peers') affinity?.setPeers(message.peers);
    else if (message?.tm === 'shutdown') exit();
  });

  let stopping: Promise<void> | null = null;
  const stop = (): Promise<void> =>
    (stopping ??= (async () => {
      await server.shutdown();
      await affinity?.close();
      await closeContext(context);
    })());
  const exit = (): void => {
    void stop().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`tm serve worker ${process.pid}: shutdown failed: ${String(err)}\n`);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', exit);
  process.on('SIGINT', () => undefined);
  const address = new URL(url);
  send({ tm: 'ready', port: Number(address.port), mcpPort });
  return { url, port: Number(address.port), context, stop };
};

// `tm serve`: opens the store, starts the HTTP server on 127.0.0.1 (or --host) and shuts down
// gracefully on SIGTERM/SIGINT: readiness turns `shutting_down`, in-flight requests finish,
// usage is flushed, the store is closed and the process exits 0. With more than one worker the
// process becomes a cluster primary (cluster.ts) and each worker it forks runs this same entry.
import cluster from 'node:cluster';
import { closeContext, createContext } from '../context.js';
import { startDeliveryService } from '../ops/webhooks/delivery-service.js';
import { runPrimary } from './cluster.js';
import { runWorker } from './cluster-worker.js';
import { createHttpServer } from './server.js';
import { accessLogOf, caughtUp, firstRunHint, listenError, onStopSignals, printLine, type RunningServer, type ServeOptions } from './serve-lifecycle.js';

export { DEFAULT_WORKERS, parseWorkers, type RunningServer, type ServeOptions } from './serve-lifecycle.js';

export const runServe = async (options: ServeOptions = {}): Promise<RunningServer> => {
  if (cluster.isWorker) return runWorker(options);
  if ((options.workers ?? 1) > 1) return runPrimary(options, options.workers!);
  const print = options.print ?? printLine;
  const context = createContext({ db: options.db, readDb: options.readDb, now: options.now });
  await caughtUp(context, print);
  const checkpoints = context.store.startCheckpointer();
  const server = createHttpServer({ context, accessLog: accessLogOf(options), bodyLimit: options.bodyLimit, trustProxy: options.trustProxy, mountMcp: options.mountMcp });
  const host = options.host ?? '127.0.0.1';
  const wanted = options.port ?? Number(process.env.TM_PORT ?? 8080);
  const { url, port } = await server.listen(wanted, host).catch((err: NodeJS.ErrnoException) => {
    throw listenError(err, host, wanted);
  });
  print(`tm serve listening on ${url} (database ${context.store.path}${context.replica ? `, read replica ${context.replica.path}` : ''})`);
  await firstRunHint(context, print);
  const delivery = options.deliver === false ? null : startDeliveryService(context);
  let stopping: Promise<void> | null = null;
  const stop = (): Promise<void> =>
    (stopping ??= (async () => {
      await server.shutdown();
      await delivery?.stop();
      await checkpoints.stop();
      await closeContext(context);
    })());
  if (options.handleSignals !== false) onStopSignals(print, stop);
  return { url, port, context, stop };
};

// `tm serve --workers N` (N > 1): a primary process forks N workers with node:cluster. Every worker
// opens the same store (WAL: readers run in parallel) and serves the whole API on the one port the
// primary holds, which hands each new connection to the next worker in turn. The primary owns the
// shared rate-limit counters (cluster-counters.ts), tells workers where their peers' MCP sessions
// live (mcp-affinity.ts), restarts a worker that dies, and on SIGTERM/SIGINT drains them all.
import cluster, { type Worker } from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { createMemoryCounters } from '../auth/limit-counters.js';
import { closeContext, createContext } from '../context.js';
import { startDeliveryService } from '../ops/webhooks/delivery-service.js';
import { answerCounters } from './cluster-counters.js';
import type { PeerTable } from './mcp-affinity.js';
import { caughtUp, firstRunHint, listenError, onStopSignals, printLine, urlOf, type RunningServer, type ServeOptions } from './serve-lifecycle.js';

/** Sent by a worker once it listens: the shared port, and its private port for forwarded MCP sessions. */
export interface ReadyMessage {
  tm: 'ready';
  port: number;
  mcpPort: number;
}

/** Sent by a worker whose start failed, before it exits. */
export interface FailedMessage {
  tm: 'failed';
  message: string;
  /** The system error code, e.g. EADDRINUSE. */
  code?: string;
}

/** Sent by the primary: every live worker's private MCP port, by worker id. */
export interface PeersMessage {
  tm: 'peers';
  peers: PeerTable;
}

/** Sent by the primary: drain and exit. */
export interface ShutdownMessage {
  tm: 'shutdown';
}

/** Environment the primary hands each worker. */
export const CLUSTER_ENV = { port: 'TM_CLUSTER_PORT', secret: 'TM_CLUSTER_SECRET' } as const;

/** A worker that stayed up this long is replaced at once; one that died sooner, after a growing delay. */
const STABLE_MS = 10_000;
const MAX_RESTART_DELAY_MS = 10_000;
/** How long workers get to drain at shutdown before they are killed. */
const STOP_TIMEOUT_MS = 30_000;

/**
 * Sends to a worker that may be on its way out: a failed send is dropped, since the worker's exit
 * is handled where it is reported (an unheard send error would otherwise end the primary).
 */
export const tell = (worker: Worker, message: object): void => {
  if (worker.isConnected()) worker.send(message, () => undefined);
};

const is = <T extends { tm: string }>(m: unknown, tm: T['tm']): m is T => (m as T | null)?.tm === tm;

export const runPrimary = async (options: ServeOptions, workers: number): Promise<RunningServer> => {
  const print = options.print ?? printLine;
  // Opening the store here runs any migrations once, before workers open it side by side.
  const context = createContext({ db: options.db, readDb: options.readDb, now: options.now });
  await caughtUp(context, print);
  // Workers defer their checkpoints (cluster-worker.ts); this thread makes them for the cluster.
  const checkpoints = context.store.startCheckpointer();
  const counters = createMemoryCounters((key, day, tier) => context.store.auth.usage.dayTotal(key, day, tier));
  const host = options.host ?? '127.0.0.1';
  const secret = randomBytes(24).toString('hex');
  // Port 0: the first workers ask for "any port" together and share the one the primary binds; if
  // every worker has died, that socket is closed, so replacements ask for the port it had.
  let listenPort = options.port ?? Number(process.env.TM_PORT ?? 8080);
  let boundPort: number | null = null;
  const peers: PeerTable = {};
  const live = new Map<number, { worker: Worker; readyAt: number | null }>();
  let stopping = false;
  let restartDelay = 0;
  const timers = new Set<NodeJS.Timeout>();

  const broadcastPeers = (): void => {
    if (stopping) return;
    const message: PeersMessage = { tm: 'peers', peers: { ...peers } };
    for (const { worker } of live.values()) tell(worker, message);
  };

  let started: { resolve: () => void; reject: (e: Error) => void } | null = null;
  const startup = new Promise<void>((resolve, reject) => (started = { resolve, reject }));

  const fork = (): void => {
    if (listenPort === 0 && boundPort !== null && ![...live.values()].some((w) => w.readyAt !== null)) listenPort = boundPort;
    const worker = cluster.fork({ [CLUSTER_ENV.port]: String(listenPort), [CLUSTER_ENV.secret]: secret });
    const entry = { worker, readyAt: null as number | null };
    live.set(worker.id, entry);
    answerCounters(worker, counters);
    let failure: FailedMessage | null = null;
    worker.on('message', (m: unknown) => {
      if (is<ReadyMessage>(m, 'ready')) {
        entry.readyAt = Date.now();
        boundPort = m.port;
        peers[worker.id] = m.mcpPort;
        broadcastPeers();
        if (started && [...live.values()].every((w) => w.readyAt !== null) && live.size === workers) {
          started.resolve();
          started = null;
        }
      } else if (is<FailedMessage>(m, 'failed')) {
        failure = m;
      }
    });
    worker.once('exit', (code, signal) => {
      live.delete(worker.id);
      delete peers[worker.id];
      broadcastPeers();
      if (stopping) return;
      if (started) {
        started.reject(failure ? listenError(failure, host, listenPort) : new Error(`a tm serve worker exited (${signal ?? `code ${code}`}) before it listened`));
        started = null;
        return;
      }
      const lived = entry.readyAt === null ? 0 : Date.now() - entry.readyAt;
      restartDelay = lived >= STABLE_MS ? 0 : Math.min(Math.max(restartDelay * 2, 250), MAX_RESTART_DELAY_MS);
      process.stderr.write(`tm serve: worker ${worker.process.pid} exited (${signal ?? `code ${code}`}${failure ? `: ${failure.message}` : ''}); starting another${restartDelay ? ` in ${restartDelay} ms` : ''}\n`);
      const t = setTimeout(() => {
        timers.delete(t);
        if (!stopping) fork();
      }, restartDelay);
      timers.add(t);
    });
  };

  // The one delivery worker of the cluster runs here, so HTTP workers never post webhooks.
  let delivery: { stop(): Promise<void> } | null = null;
  let stopped: Promise<void> | null = null;
  const stop = (): Promise<void> =>
    (stopped ??= (async () => {
      stopping = true;
      await delivery?.stop();
      for (const t of timers) clearTimeout(t);
      const exits = [...live.values()].map(
        (entry) =>
          new Promise<void>((resolve) => {
            const { worker } = entry;
            if (worker.isDead()) return resolve();
            const kill = setTimeout(() => worker.process.kill('SIGKILL'), STOP_TIMEOUT_MS);
            worker.once('exit', () => {
              clearTimeout(kill);
              resolve();
            });
            // A worker still starting has nothing to drain, and may not listen for messages yet.
            const message: ShutdownMessage = { tm: 'shutdown' };
            if (entry.readyAt !== null && worker.isConnected()) tell(worker, message);
            else worker.process.kill('SIGTERM');
          }),
      );
      await Promise.all(exits);
      await checkpoints.stop();
      await closeContext(context);
    })());

  for (let i = 0; i < workers; i++) fork();
  try {
    await startup;
  } catch (err) {
    await stop();
    throw err;
  }
  const url = urlOf(host, boundPort!);
  print(`tm serve listening on ${url} (database ${context.store.path}${context.replica ? `, read replica ${context.replica.path}` : ''}, ${workers} workers)`);
  await firstRunHint(context, print);
  if (options.deliver !== false) delivery = startDeliveryService(context);
  if (options.handleSignals !== false) onStopSignals(print, stop);
  return { url, port: boundPort!, context, stop };
};

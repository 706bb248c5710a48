// Which store a read runs on when a read replica is configured (issue 25, docs/scaling.md "A read
// replica"). Searches and lists (operations marked `replicaReads`, spec §4.2: eventually
// consistent) run on the standby while it is reachable and within the lag limit; everything
// else, detail reads included, runs on the primary, so a detail read always sees the last write.
// A read the standby fails is run again on the primary: a lost standby fails no request.
import { performance } from 'node:perf_hooks';
import type { Context } from './context.js';
import { TmError } from './errors.js';
import type { OpDefinition } from './ops/define-op.js';
import type { SearchIndex } from './search/search-index.js';
import type { ReplicaLag, ReplicaLink } from './store/replica.js';

/** The standby as readiness reports it (spec §4.1 dependency, with its lag). */
export type ReplicaHealth =
  | { status: 'ok'; latency_ms: number; lag_ms: number; lag_bytes: number }
  | { status: 'error'; reason: string; lag_ms?: number; lag_bytes?: number };

export interface ReadRouter {
  /** The standby's location without its password (the startup line). */
  readonly path: string;
  /** Runs a read that may lag: on the standby while it is usable, else (or when it fails) on the primary. */
  run<T>(ctx: Context, read: (ctx: Context) => Promise<T>): Promise<T>;
  /** Measures the standby now (readiness); reads follow the result. */
  probe(): Promise<ReplicaHealth>;
  close(): Promise<void>;
}

/** A measurement is trusted this long; an older one is renewed in the background while reads go on. */
const FRESH_MS = 1_000;

const reasonOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

export const createReadRouter = (link: ReplicaLink, index: SearchIndex, maxLagMs: number): ReadRouter => {
  let health: ReplicaHealth | null = null;
  let measuredAt = 0;
  let measuring: Promise<ReplicaHealth> | null = null;

  const judge = (lag: ReplicaLag, latency: number): ReplicaHealth =>
    lag.ms > maxLagMs
      ? { status: 'error', reason: `replay is ${lag.ms} ms behind the primary (limit ${maxLagMs} ms)`, lag_ms: lag.ms, lag_bytes: lag.bytes }
      : { status: 'ok', latency_ms: latency, lag_ms: lag.ms, lag_bytes: lag.bytes };

  const measure = (): Promise<ReplicaHealth> =>
    (measuring ??= (async () => {
      const started = performance.now();
      try {
        health = judge(await link.lag(), Math.round(performance.now() - started));
      } catch (err) {
        health = { status: 'error', reason: reasonOf(err) };
      }
      measuredAt = performance.now();
      measuring = null;
      return health;
    })());

  const usable = async (): Promise<boolean> => {
    if (health === null) await measure();
    else if (performance.now() - measuredAt > FRESH_MS) void measure();
    return health!.status === 'ok';
  };

  return {
    path: link.store.path,
    async run(ctx, read) {
      if (!(await usable())) return read(ctx);
      try {
        return await read({ ...ctx, store: link.store, index });
      } catch (err) {
        // The standby's own failures (unreachable, shut down, a query cancelled by replay) come as
        // the store's connection errors or raw server errors; the caller's mistakes and a spent
        // time budget would fail alike on the primary.
        if (err instanceof TmError && err.param !== 'db' && err.param !== 'read_url') throw err;
        health = { status: 'error', reason: reasonOf(err) };
        measuredAt = performance.now();
        return read(ctx);
      }
    },
    probe: measure,
    close: () => link.close(),
  };
};

/** Runs an operation where it should read: a `replicaReads` operation through the router, any other on the primary. */
export const runRouted = <I, O>(op: OpDefinition, ctx: Context, input: I): Promise<O> =>
  (op.replicaReads && ctx.replica ? ctx.replica.run(ctx, (c) => op.run(c, input)) : op.run(ctx, input)) as Promise<O>;

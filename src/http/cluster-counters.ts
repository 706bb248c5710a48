// Rate-limit counters shared by the workers of a clustered `tm serve`. The primary keeps the only
// copy (memory counters seeded from its own store handle) and answers each worker's check-and-count
// over the cluster IPC channel, one message each way per turn of a worker's event loop. The primary
// handles one message at a time, so a limit of N per window admits exactly N calls across all workers. Counting in the
// store instead would put a write, and the store's single write lock, on every request: see the
// rate-limit paragraph of docs/decisions.md for the measurements behind this choice.
import type { Worker } from 'node:cluster';
import { TmError } from '../errors.js';
import type { LimitCounters, MemoryCounters, TakeRequest, TakeResult } from '../auth/limit-counters.js';

/** Every check-and-count a worker asked for in one turn of its event loop, in order. */
interface TakeMessage {
  tm: 'take';
  batch: { id: number; request: TakeRequest }[];
}

interface TakenMessage {
  tm: 'taken';
  batch: { id: number; result: TakeResult }[];
  /** Why the batch could not be counted (the primary could not read a stored day total). */
  error?: string;
}

const isTake = (m: unknown): m is TakeMessage => (m as TakeMessage | null)?.tm === 'take';
const isTaken = (m: unknown): m is TakenMessage => (m as TakenMessage | null)?.tm === 'taken';

/** Primary side: answers one worker's counter requests from the shared counters, in the order asked. */
export const answerCounters = (worker: Worker, counters: MemoryCounters): void => {
  worker.on('message', (m: unknown) => {
    if (!isTake(m) || !worker.isConnected()) return;
    // Day totals a request needs are loaded first (an asynchronous store); the takes then run in order.
    void Promise.all(m.batch.map(({ request }) => counters.prepare(request))).then(
      () => ({ tm: 'taken', batch: m.batch.map(({ id, request }) => ({ id, result: counters.take(request) })) }) satisfies TakenMessage,
      (err: unknown) => ({ tm: 'taken', batch: m.batch.map(({ id }) => ({ id, result: { ok: false, over: 'busy' } })), error: (err as Error).message }) satisfies TakenMessage,
    ).then((reply) => {
      // A worker gone since it asked needs no answer; a failed send must not end the primary.
      if (worker.isConnected()) worker.send(reply, () => undefined);
    });
  });
};

/**
 * Worker side: counters that ask the primary. Calls made in the same turn of the event loop go
 * in one message, so under load the IPC cost is shared by several calls. A call fails if the
 * primary is gone (the worker exits then too).
 */
export const primaryCounters = (): LimitCounters => {
  const pending = new Map<number, { resolve: (r: TakeResult) => void; reject: (e: Error) => void }>();
  let queued: TakeMessage['batch'] = [];
  let flush: NodeJS.Immediate | null = null;
  let next = 0;
  const gone = (): Error => new Error('the tm serve primary process is gone');
  process.on('message', (m: unknown) => {
    if (!isTaken(m)) return;
    for (const { id, result } of m.batch) {
      if (m.error) pending.get(id)?.reject(new TmError('service_unavailable', m.error));
      else pending.get(id)?.resolve(result);
      pending.delete(id);
    }
  });
  process.once('disconnect', () => {
    for (const p of pending.values()) p.reject(gone());
    pending.clear();
  });
  const send = (): void => {
    flush = null;
    const message: TakeMessage = { tm: 'take', batch: queued };
    queued = [];
    if (process.connected && process.send) {
      // If the primary goes away now, `disconnect` rejects what is pending.
      process.send(message, () => undefined);
      return;
    }
    for (const { id } of message.batch) pending.get(id)?.reject(gone());
  };
  return {
    take: (request) =>
      new Promise<TakeResult>((resolve, reject) => {
        const id = next++;
        pending.set(id, { resolve, reject });
        queued.push({ id, request });
        flush ??= setImmediate(send);
      }),
  };
};

// Rate-limit counters shared by the workers of a clustered `tm serve`. The primary keeps the only
// copy (memory counters seeded from its own store handle) and answers each worker's check-and-count
// over the cluster IPC channel, one message each way per call. The primary handles one message at
// a time, so a limit of N per window admits exactly N calls across all workers. Counting in the
// store instead would put a write, and the store's single write lock, on every request: see the
// rate-limit paragraph of docs/decisions.md for the measurements behind this choice.
import type { Worker } from 'node:cluster';
import type { LimitCounters, MemoryCounters, TakeRequest, TakeResult } from '../auth/limit-counters.js';

interface TakeMessage {
  tm: 'take';
  id: number;
  request: TakeRequest;
}

interface TakenMessage {
  tm: 'taken';
  id: number;
  result: TakeResult;
}

const isTake = (m: unknown): m is TakeMessage => (m as TakeMessage | null)?.tm === 'take';
const isTaken = (m: unknown): m is TakenMessage => (m as TakenMessage | null)?.tm === 'taken';

/** Primary side: answers one worker's counter requests from the shared counters. */
export const answerCounters = (worker: Worker, counters: MemoryCounters): void => {
  worker.on('message', (m: unknown) => {
    if (!isTake(m) || !worker.isConnected()) return;
    const reply: TakenMessage = { tm: 'taken', id: m.id, result: counters.take(m.request) };
    worker.send(reply);
  });
};

/** Worker side: counters that ask the primary. A call fails if the primary is gone (the worker exits then too). */
export const primaryCounters = (): LimitCounters => {
  const pending = new Map<number, { resolve: (r: TakeResult) => void; reject: (e: Error) => void }>();
  let next = 0;
  process.on('message', (m: unknown) => {
    if (!isTaken(m)) return;
    pending.get(m.id)?.resolve(m.result);
    pending.delete(m.id);
  });
  process.once('disconnect', () => {
    for (const p of pending.values()) p.reject(new Error('the tm serve primary process is gone'));
    pending.clear();
  });
  return {
    take: (request) =>
      new Promise<TakeResult>((resolve, reject) => {
        if (!process.connected || !process.send) {
          reject(new Error('the tm serve primary process is gone'));
          return;
        }
        const id = next++;
        pending.set(id, { resolve, reject });
        const message: TakeMessage = { tm: 'take', id, request };
        process.send(message);
      }),
  };
};

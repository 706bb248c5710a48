// Group commit for the statements every request makes (issue 25): while a call of one kind is at
// the server, the calls that arrive meanwhile wait and then go together as one statement. A call
// that finds nothing in flight goes at once, so an idle node adds no wait; a busy one makes one
// round trip (and one server-side statement, one commit) for several requests instead of one
// each. Each call still resolves with its own answer, or with the batch's error.

interface Waiting<In, Out> {
  item: In;
  resolve(out: Out): void;
  reject(err: unknown): void;
}

export interface CoalesceOptions {
  /** Most items in one statement. */
  max: number;
  /** Batches at the server at once; more wait for one to return. */
  inFlight: number;
}

/**
 * `run` gets the waiting items in arrival order and answers one output per item, in the same
 * order. Each batch starts only after the calls before it were sent, so a call made after a
 * write committed is sent after that write (read-your-writes holds as for a call of its own).
 */
export const coalescer = <In, Out>(run: (items: In[]) => Promise<Out[]>, options: CoalesceOptions, onIdle?: () => void) => {
  const waiting: Waiting<In, Out>[] = [];
  let running = 0;
  const pump = (): void => {
    while (running < options.inFlight && waiting.length > 0) {
      const batch = waiting.splice(0, options.max);
      running++;
      run(batch.map((w) => w.item))
        .then(
          (outs) => batch.forEach((w, i) => w.resolve(outs[i]!)),
          (err: unknown) => batch.forEach((w) => w.reject(err)),
        )
        .finally(() => {
          running--;
          pump();
          if (running === 0) onIdle?.();
        });
    }
  };
  return (item: In): Promise<Out> =>
    new Promise<Out>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      pump();
    });
};

/** One coalescer per key: only calls with the same key (the same statement parameters) go together. */
export const keyedCoalescer = <In, Out>(run: (items: In[]) => Promise<Out[]>, options: CoalesceOptions) => {
  const byKey = new Map<string, (item: In) => Promise<Out>>();
  return (key: string, item: In): Promise<Out> => {
    let c = byKey.get(key);
    // Forgotten once nothing of its key waits or runs: keys carry a window's start, so they move on.
    if (!c) byKey.set(key, (c = coalescer(run, options, () => byKey.delete(key))));
    return c(item);
  };
};

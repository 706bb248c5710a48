// The group commit of the PostgreSQL store's per-request statements (src/store/postgres/coalesce.ts):
// a call alone goes at once; calls made while one is at the server go together next, each with its
// own answer; a failed batch fails its calls only; keys never mix.
import { describe, expect, it } from 'vitest';
import { coalescer, keyedCoalescer } from '../../src/store/postgres/coalesce.js';

const later = () => {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { open, opened };
};

describe('coalescer', () => {
  it('sends a lone call at once, and the calls that wait for it as one batch, answers in order', async () => {
    const batches: number[][] = [];
    const gate = later();
    const run = coalescer(async (items: number[]) => {
      batches.push(items);
      if (batches.length === 1) await gate.opened;
      return items.map((i) => i * 10);
    }, { max: 3, inFlight: 1 });
    const first = run(1);
    expect(batches).toEqual([[1]]);
    const rest = [2, 3, 4, 5].map(run);
    gate.open();
    expect(await first).toBe(10);
    expect(await Promise.all(rest)).toEqual([20, 30, 40, 50]);
    // At most `max` per batch, in arrival order.
    expect(batches).toEqual([[1], [2, 3, 4], [5]]);
  });

  it('fails the calls of a failed batch and goes on with the next', async () => {
    let n = 0;
    const run = coalescer(async (items: string[]) => {
      if (n++ === 0) throw new Error('server gone');
      return items;
    }, { max: 10, inFlight: 1 });
    await expect(run('a')).rejects.toThrow('server gone');
    expect(await run('b')).toBe('b');
  });

  it('keeps keys apart and forgets a key once it is idle', async () => {
    const seen: string[][] = [];
    const run = keyedCoalescer(async (items: string[]) => {
      seen.push(items);
      await new Promise((r) => setTimeout(r, 5));
      return items;
    }, { max: 10, inFlight: 1 });
    const out = await Promise.all([run('x', 'x1'), run('y', 'y1'), run('x', 'x2'), run('x', 'x3'), run('y', 'y2')]);
    expect(out).toEqual(['x1', 'y1', 'x2', 'x3', 'y2']);
    expect(seen).toEqual([['x1'], ['y1'], ['x2', 'x3'], ['y2']]);
  });
});

// The in-memory check-and-count behind rate limits and the failed-authentication limit: a
// reservation given back frees its place, a stale window is not touched by a late release, and
// past windows are swept so that a stream of distinct keys cannot grow the map without bound.
import { describe, expect, it } from 'vitest';
import { createMemoryCounters, type TakeRequest } from '../../src/auth/limit-counters.js';

const req = (key: string, start: number, extra: Partial<TakeRequest> = {}): TakeRequest => ({
  key,
  tier: 'auth',
  start,
  end: start + 60_000,
  limit: 3,
  daily: null,
  counted: true,
  ...extra,
});

describe('memory counters', () => {
  it('admit exactly the limit, and a released place is taken again', () => {
    const c = createMemoryCounters(() => 0);
    expect([1, 2, 3, 4].map(() => c.take(req('a', 0)).ok)).toEqual([true, true, true, false]);
    expect(c.take(req('a', 0, { release: true }))).toEqual({ ok: true, used: 2, dayUsed: 0 });
    expect(c.take(req('a', 0)).ok).toBe(true);
    expect(c.take(req('a', 0)).ok).toBe(false);
    // A release that arrives after its window ended gives nothing back in the new one.
    expect(c.take(req('a', 60_000)).ok).toBe(true);
    c.take(req('a', 0, { release: true }));
    expect(c.take(req('a', 60_000, { counted: false }))).toMatchObject({ used: 1 });
    // Releasing with nothing taken never goes below zero.
    expect(c.take(req('b', 0, { release: true }))).toMatchObject({ used: 0 });
    expect(c.take(req('b', 0, { counted: false }))).toMatchObject({ used: 0 });
  });

  it('sweeps past windows, keeping the current ones', () => {
    const c = createMemoryCounters(() => 0);
    for (let i = 0; i < 10_000; i++) c.take(req(`old${i}`, 0));
    // The first take at the threshold sweeps: every window that ended by its start is gone.
    c.take(req('current', 60_000));
    c.take(req('current', 60_000));
    for (let i = 0; i < 3; i++) expect(c.take(req(`old${i}`, 0, { counted: false }))).toMatchObject({ used: 0 });
    expect(c.take(req('current', 60_000, { counted: false }))).toMatchObject({ used: 2 });
  });
});

// The in-memory check-and-count behind rate limits and the failed-authentication limit: pending
// reservations make a full bucket busy rather than closed, a stale window is not touched by a late release, and
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
  it('admit exactly the limit; a reservation released is a place again, one settled stays counted', () => {
    const c = createMemoryCounters(() => 0);
    const reserve = (start = 0) => c.take(req('a', start, { reservation: 'reserve' }));
    expect([1, 2, 3].map(() => reserve().ok)).toEqual([true, true, true]);
    // All three places are pending: a fourth is busy (they may be given back), not refused for good.
    expect(reserve()).toEqual({ ok: false, over: 'busy' });
    expect(c.take(req('a', 0, { reservation: 'release' }))).toEqual({ ok: true, used: 2, dayUsed: 0 });
    expect(reserve().ok).toBe(true);
    for (let i = 0; i < 3; i++) c.take(req('a', 0, { reservation: 'settle' }));
    // Every place now holds a settled failure: refused until the window ends.
    expect(reserve()).toEqual({ ok: false, over: 'window' });
    expect(c.take(req('a', 0, { reservation: 'release' }))).toMatchObject({ used: 3 });
    // A release that arrives after its window ended gives nothing back in the new one.
    expect(reserve(60_000).ok).toBe(true);
    c.take(req('a', 0, { reservation: 'release' }));
    expect(c.take(req('a', 60_000, { counted: false }))).toMatchObject({ used: 1 });
    // Releasing with nothing pending never goes below zero.
    expect(c.take(req('b', 0, { reservation: 'release' }))).toMatchObject({ used: 0 });
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

  it('a day total from an asynchronous store is loaded once by prepare, then counted in memory', async () => {
    const asked: string[] = [];
    const c = createMemoryCounters(async (key, day, tier) => (asked.push(`${key}/${day}/${tier}`), 4));
    const daily = (day: string) => req('org', 0, { limit: 100, daily: { day, tier: 'search', cap: 5 } });
    // Without prepare, take cannot wait for the store: it says so instead of guessing a total.
    expect(() => c.take(daily('2026-11-27'))).toThrow(/prepare\(\) before take/);
    asked.length = 0;
    await Promise.all([c.prepare(daily('2026-11-27')), c.prepare(daily('2026-11-27'))]);
    expect(c.take(daily('2026-11-27'))).toEqual({ ok: true, used: 1, dayUsed: 5 });
    await c.prepare(daily('2026-11-27'));
    expect(c.take(daily('2026-11-27'))).toEqual({ ok: false, over: 'day' });
    expect(asked).toEqual(['org/2026-11-27/search']);
    // A new day loads its own stored total.
    await c.prepare(daily('2026-11-28'));
    expect(c.take(daily('2026-11-28'))).toMatchObject({ ok: true, dayUsed: 5 });
    expect(asked).toEqual(['org/2026-11-27/search', 'org/2026-11-28/search']);
  });
});

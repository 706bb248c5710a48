// The counting state behind rate limits and daily caps: fixed windows and per-UTC-day totals, with
// check-and-count as one atomic step. A store several nodes share (PostgreSQL) keeps them itself
// (`store.auth.limits`), so a limit of N admits N calls across every node. Otherwise (SQLite) one
// process keeps them in memory; the workers of a clustered `tm serve` share the primary's through
// IPC (src/http/cluster-counters.ts), so a limit of N per window admits exactly N calls whichever
// worker serves them.
import type { LimitRepo, TakeRequest, TakeResult } from '../store/limit-repo.js';
import type { Store } from '../store/store.js';

export type { TakeRequest, TakeResult };

/** Check-and-count, wherever it is kept: in the store, in this process, or in the cluster primary. */
export type LimitCounters = LimitRepo;

/** Today's calls of a daily tier already stored (earlier runs, other processes), to seed a day total. */
export type DaySeed = (key: string, day: string, tier: string) => number | Promise<number>;

const SWEEP_MIN = 10_000;

/**
 * Check-and-count in memory; `take` is synchronous, so it is atomic within its process. A store
 * answers its day totals asynchronously (PostgreSQL), so `prepare` loads the seed a request needs
 * first; `take` then finds it in memory.
 */
export const createMemoryCounters = (seed: DaySeed) => {
  const windows = new Map<string, { start: number; end: number; count: number; pending: number }>();
  const dayTotals = new Map<string, number>();
  let totalsDay = '';
  /** Stored totals loaded by `prepare`, by day, key and tier; a take moves one into dayTotals. */
  const seeds = new Map<string, number | Promise<number>>();
  const seedKey = (key: string, day: string, tier: string): string => `${day}\u0000${key}\u0000${tier}`;

  const prepare = async (r: TakeRequest): Promise<void> => {
    if (!r.daily || r.reservation === 'release' || r.reservation === 'settle') return;
    if (r.daily.day === totalsDay && dayTotals.has(`${r.key}\u0000${r.daily.tier}`)) return;
    const k = seedKey(r.key, r.daily.day, r.daily.tier);
    if (!seeds.has(k)) {
      const loading = Promise.resolve(seed(r.key, r.daily.day, r.daily.tier));
      seeds.set(k, loading);
      seeds.set(k, await loading.catch((err: unknown) => {
        seeds.delete(k);
        throw err;
      }));
    } else {
      await seeds.get(k);
    }
  };
  const seeded = (key: string, day: string, tier: string): number => {
    const k = seedKey(key, day, tier);
    const loaded = seeds.get(k);
    seeds.delete(k);
    if (typeof loaded === 'number') return loaded;
    const now = seed(key, day, tier);
    if (typeof now !== 'number') {
      now.catch(() => undefined);
      throw new Error('limit counters: an asynchronous day total must be loaded with prepare() before take()');
    }
    return now;
  };
  // Every organization, and every address and credential that failed to authenticate, has a window
  // entry; past entries are swept when the map has doubled since the last sweep, so a stream of
  // random bad keys cannot grow it without bound.
  let sweepAt = SWEEP_MIN;
  const sweep = (now: number): void => {
    for (const [k, slot] of windows) if (slot.end <= now) windows.delete(k);
    sweepAt = Math.max(SWEEP_MIN, windows.size * 2);
  };

  const take = (r: TakeRequest): TakeResult => {
    if (windows.size >= sweepAt) sweep(r.start);
    const wKey = `${r.key}\u0000${r.tier}`;
    const slot = windows.get(wKey);
    const current = slot && slot.start === r.start ? slot : null;
    const used = current?.count ?? 0;
    if (r.reservation === 'release' || r.reservation === 'settle') {
      // A reservation from a window that has ended changes nothing in the new one.
      if (current && current.pending > 0) {
        current.pending--;
        if (r.reservation === 'release') current.count--;
      }
      return { ok: true, used: current?.count ?? 0, dayUsed: 0 };
    }
    if (r.counted && used >= r.limit) return { ok: false, over: r.reservation === 'reserve' && current!.pending > 0 ? 'busy' : 'window' };
    let dayUsed = 0;
    let dKey = '';
    if (r.daily) {
      if (r.daily.day !== totalsDay) {
        dayTotals.clear();
        totalsDay = r.daily.day;
      }
      dKey = `${r.key}\u0000${r.daily.tier}`;
      dayUsed = dayTotals.get(dKey) ?? seeded(r.key, r.daily.day, r.daily.tier);
      dayTotals.set(dKey, dayUsed);
      if (r.counted && dayUsed >= r.daily.cap) return { ok: false, over: 'day' };
    }
    if (!r.counted) return { ok: true, used, dayUsed };
    windows.set(wKey, { start: r.start, end: r.end, count: used + 1, pending: (current?.pending ?? 0) + (r.reservation === 'reserve' ? 1 : 0) });
    if (r.daily) dayTotals.set(dKey, dayUsed + 1);
    return { ok: true, used: used + 1, dayUsed: r.daily ? dayUsed + 1 : 0 };
  };
  return { take, prepare };
};

export type MemoryCounters = ReturnType<typeof createMemoryCounters>;

const bound = new WeakMap<Store, LimitCounters>();

/** Makes every limiter over `store` in this process use `counters` (a cluster worker binds the primary's). */
export const bindCounters = (store: Store, counters: LimitCounters): void => {
  bound.set(store, counters);
};

/**
 * The counters of a store: the store's own when it keeps them (shared by every node), else those
 * bound to it (a cluster worker's), else this process's own, seeded from its usage totals.
 */
export const countersFor = (store: Store): LimitCounters => {
  if (store.auth.limits) return store.auth.limits;
  let counters = bound.get(store);
  if (!counters) {
    const memory = createMemoryCounters((key, day, tier) => store.auth.usage.dayTotal(key, day, tier));
    counters = {
      take: async (r) => {
        await memory.prepare(r);
        return memory.take(r);
      },
    };
    bound.set(store, counters);
  }
  return counters;
};

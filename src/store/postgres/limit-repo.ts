// Rate-limit windows and failed-authentication counters on PostgreSQL, shared by every `tm serve`
// node on the database: each take is one call of tm_limit_take (migration 61), which locks the
// window's row, checks and counts in one round trip, so a limit of N admits exactly N calls
// across all nodes. Its commit does not wait for the disk (db.relaxed): a crash of the database
// server may forget the last moment's counts, never more. Ended windows and past days are deleted now and then, so a stream of random
// bad credentials cannot grow the table without bound.
import type { LimitRepo, TakeResult } from '../limit-repo.js';
import type { PgDb } from './pg.js';

/** How often (by the callers' clock) ended windows are swept. */
const SWEEP_EVERY_MS = 60_000;
const DAY_MS = 86_400_000;

interface TakeRow {
  ok: boolean;
  over: 'window' | 'day' | 'busy' | null;
  used: string | number;
  day_used: string | number;
}

export const createPgLimitRepo = (db: PgDb): LimitRepo => {
  let sweptAt = 0;
  const sweep = (now: number): void => {
    sweptAt = now;
    // A day is kept until the day after it ended everywhere (nodes' clocks may differ a little).
    const before = new Date(now - DAY_MS).toISOString().slice(0, 10);
    // Best effort, off the request's path: a failed sweep is retried at the next interval.
    void db.relaxed('DELETE FROM limit_windows WHERE end_ms <= $1', [now]).catch(() => undefined);
    void db.relaxed('DELETE FROM limit_days WHERE day < $1', [before]).catch(() => undefined);
  };
  return {
    async take(r): Promise<TakeResult> {
      if (r.start - sweptAt >= SWEEP_EVERY_MS) sweep(r.start);
      const rows = await db.relaxed<TakeRow>('SELECT * FROM tm_limit_take($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)', [
        r.key,
        r.tier,
        r.start,
        r.end,
        r.limit,
        r.counted,
        r.reservation ?? null,
        r.daily?.day ?? null,
        r.daily?.tier ?? null,
        r.daily?.cap ?? null,
      ]);
      const row = rows[0]!;
      return row.ok ? { ok: true, used: Number(row.used), dayUsed: Number(row.day_used) } : { ok: false, over: row.over ?? 'window' };
    },
  };
};

// Rate-limit windows and failed-authentication counters on PostgreSQL, shared by every `tm serve`
// node on the database: each take is one call of tm_limit_take (migrations 61, 62), which locks the
// window's row, checks and counts in one round trip, so a limit of N admits exactly N calls
// across all nodes. The counted calls of one organization and window that arrive while its
// previous take is at the server go together as one take of n calls (coalesce.ts): the function
// admits the first k that fit, as n takes in a row would, so the limit stays exact and a busy node
// makes one take per batch, not per request. An idempotent write's take carries its key's claim
// instead (takeAndClaim): one statement, so the write saves a round trip. Its commit does not wait
// for the disk (db.relaxed): a crash of the database server may forget the last moment's counts,
// never more. Ended windows and past days are deleted now and then, so a stream of random bad
// credentials cannot grow the table without bound.
import type { IdempotencyRow } from '../idempotency-repo.js';
import type { LimitRepo, TakeRequest, TakeResult } from '../limit-repo.js';
import { keyedCoalescer } from './coalesce.js';
import { claimAfterTake, claimParams, claimResult } from './idempotency-repo.js';
import type { PgDb } from './pg.js';
import { TAKE_COLUMNS, takeCall, type RequestTrip, type TakeRow } from './request-trip.js';

/** How often (by the callers' clock) ended windows are swept. */
const SWEEP_EVERY_MS = 60_000;
const DAY_MS = 86_400_000;
/** Calls in one batched take; one in flight per organization and window on a node (the row lock serialises takes anyway). */
const BATCH = { max: 256, inFlight: 1 };
/** The claim's seven parameters first, then the take's eleven. */
const TAKE_AND_CLAIM = claimAfterTake(`SELECT ${TAKE_COLUMNS} FROM ${takeCall(8)}`, TAKE_COLUMNS);

/** tm_limit_take's parameters for n calls of this request. */
const takeParams = (r: TakeRequest, n: number): unknown[] =>
  [r.key, r.tier, r.start, r.end, r.limit, r.counted, r.reservation ?? null, r.daily?.day ?? null, r.daily?.tier ?? null, r.daily?.cap ?? null, n];

/** A take's row as the answers to its calls, in order, as if they had been taken one after another. */
const resultsOf = (row: TakeRow, calls: TakeRequest[]): TakeResult[] => {
  const r = calls[0]!;
  if (!r.counted || r.reservation === 'release' || r.reservation === 'settle') return [{ ok: true, used: Number(row.used), dayUsed: Number(row.day_used) }];
  const k = row.ok ? Number(row.admitted) : 0;
  const used = Number(row.used) - k;
  const dayUsed = Number(row.day_used) - k;
  return calls.map((_, i): TakeResult =>
    i < k ? { ok: true, used: used + i + 1, dayUsed: r.daily ? dayUsed + i + 1 : 0 } : { ok: false, over: row.over ?? 'window' });
};

export const createPgLimitRepo = (db: PgDb, trip: RequestTrip): LimitRepo => {
  let sweptAt = 0;
  const sweep = (now: number): void => {
    if (now - sweptAt < SWEEP_EVERY_MS) return;
    sweptAt = now;
    // A day is kept until the day after it ended everywhere (nodes' clocks may differ a little).
    const before = new Date(now - DAY_MS).toISOString().slice(0, 10);
    // Best effort, off the request's path: a failed sweep is retried at the next interval.
    void db.relaxed('DELETE FROM limit_windows WHERE end_ms <= $1', [now]).catch(() => undefined);
    void db.relaxed('DELETE FROM limit_days WHERE day < $1', [before]).catch(() => undefined);
  };
  /** n calls of the same request as one take; the answers in order, as n takes one after another. */
  const takeMany = async (calls: TakeRequest[]): Promise<TakeResult[]> => resultsOf(await trip.take(takeParams(calls[0]!, calls.length)), calls);
  const batched = keyedCoalescer(takeMany, BATCH);
  return {
    async take(r): Promise<TakeResult> {
      sweep(r.start);
      // Reservations and uncounted peeks stay one call each: each answers its own question.
      if (!r.counted || r.reservation) return (await takeMany([r]))[0]!;
      return batched(JSON.stringify([r.key, r.tier, r.start, r.end, r.limit, r.daily?.day, r.daily?.tier, r.daily?.cap]), r);
    },
    // Sent at once, not paired with reads nor batched: a write has no early read to pair with, and
    // its claim must ride on a take of its own (the window row stays locked until the claim is in).
    async takeAndClaim(r, claim) {
      if (!r.counted || r.reservation) throw new Error('takeAndClaim: only a counted take without a reservation carries a claim');
      sweep(r.start);
      const row = (await db.relaxed<TakeRow & IdempotencyRow & { won: boolean }>(TAKE_AND_CLAIM, [...claimParams(claim), ...takeParams(r, 1)], { prepared: true }))[0]!;
      const taken = resultsOf(row, [r])[0]!;
      return { taken, claim: taken.ok ? claimResult(row) : null };
    },
  };
};

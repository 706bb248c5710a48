// The limit on failed authentications (issue 11): 100 per 60 s per bucket, exact under any
// concurrency, without locking out valid keys that share an address. See docs/operations.md,
// "Failed authentications".
import { createHash } from 'node:crypto';
import type { Context } from '../context.js';
import type { Store } from '../store/store.js';
import { countersFor } from './limit-counters.js';
import { limited, windowOf, type Admission } from './rate-limiter.js';

/** Failed authentications allowed per bucket and window, before 429 for that bucket. */
export const AUTH_FAILURES = { limit: 100, window_seconds: 60 };

/** Who sent a request: see src/http/client-address.ts. */
export interface Client {
  address: string;
  /** True when a trusted proxy named the client's own address (`tm serve --trust-proxy`). */
  trusted: boolean;
}

export interface AuthAttempt {
  /** What failures count against. */
  bucket: string;
  /** This credential from this address. */
  credential: string;
  /** True when a place was taken before the check (the credential was not known good). */
  reserved: boolean;
  /** The policy for the response headers, when a place was taken. */
  admission: Admission | null;
}

const fingerprint = (authorization: string | null | undefined): string => {
  const token = authorization?.trim().split(/\s+/).pop() ?? '';
  return token ? createHash('sha256').update(token).digest('base64url').slice(0, 16) : '-';
};

/**
 * Credentials that authenticated from an address in the last window, per store, in this process.
 * Their requests skip the reservation: only a credential that was checked and found valid gets
 * in here, so no guess ever does, and a busy valid client is never refused for the time its
 * requests spend in the key check. A failure removes the credential again.
 */
const verified = new WeakMap<Store, Map<string, number>>();
const VERIFIED_MAX = 10_000;
const verifiedOf = (store: Store): Map<string, number> => {
  let map = verified.get(store);
  if (!map) verified.set(store, (map = new Map()));
  return map;
};

/** While a bucket's places are all pending, a reservation is retried this often, this many times. */
const BUSY_RETRY_MS = 20;
const BUSY_TRIES = 150;

const take = (ctx: Context, bucket: string, mode: 'reserve' | 'release' | 'settle' | 'count') => {
  const win = windowOf(ctx.clock.now().getTime(), AUTH_FAILURES.window_seconds);
  // A failure of a known-good credential is counted without a ceiling (it was already checked).
  const limit = mode === 'count' ? Number.MAX_SAFE_INTEGER : AUTH_FAILURES.limit;
  const reservation = mode === 'count' ? undefined : mode;
  const taken = countersFor(ctx.store).take({ key: bucket, tier: 'auth', start: win.start, end: win.end, limit, daily: null, counted: true, reservation });
  return { win, taken };
};

const policy = (used: number, reset: number): Admission => ({
  policies: [{ limit: AUTH_FAILURES.limit, window: AUTH_FAILURES.window_seconds, remaining: Math.max(0, AUTH_FAILURES.limit - used), reset }],
});

/**
 * Before the key check. The bucket is the client's own address behind a trusted proxy, else the
 * peer address and the presented credential (the peer may be a proxy shared by every user). A
 * credential not known good takes one of the bucket's places, in one atomic check-and-count (in
 * the cluster primary when there are workers), so no more than the limit ever reach the key check
 * however many arrive at once; past it, 429 until the window resets. While the places are held
 * by checks still running, the request waits for them (up to 3 s) instead of being refused.
 */
export const beginAuthAttempt = async (ctx: Context, client: Client, authorization: string | null | undefined): Promise<AuthAttempt> => {
  const fp = fingerprint(authorization);
  const bucket = client.trusted ? `ip:${client.address}` : `ip:${client.address} cred:${fp}`;
  const credential = `${client.address} ${fp}`;
  const until = verifiedOf(ctx.store).get(credential);
  if (until !== undefined && until > ctx.clock.now().getTime()) return { bucket, credential, reserved: false, admission: null };
  for (let tries = 1; ; tries++) {
    const { win, taken } = take(ctx, bucket, 'reserve');
    const result = await taken;
    if (result.ok) return { bucket, credential, reserved: true, admission: policy(result.used, win.reset) };
    // Every place is taken but some only by checks still running, which may succeed and give
    // theirs back: wait for them rather than refuse a request that may be valid.
    if (result.over !== 'busy' || tries >= BUSY_TRIES) throw limited(AUTH_FAILURES.limit, AUTH_FAILURES.window_seconds, win.reset, 'failed authentication');
    await new Promise((r) => setTimeout(r, BUSY_RETRY_MS));
  }
};

/**
 * After the key check. Success gives the reserved place back and marks the credential known good
 * for a window; failure settles the place as counted (or counts one for a credential that was
 * known good) and
 * returns the policy for the 401's headers; an error that is no authentication failure (the store
 * failing) gives the place back.
 */
export const endAuthAttempt = async (ctx: Context, attempt: AuthAttempt, outcome: 'ok' | 'failed' | 'error'): Promise<Admission | null> => {
  const known = verifiedOf(ctx.store);
  if (outcome === 'ok') {
    if (known.size >= VERIFIED_MAX) known.clear();
    known.set(attempt.credential, ctx.clock.now().getTime() + AUTH_FAILURES.window_seconds * 1000);
    if (attempt.reserved) await take(ctx, attempt.bucket, 'release').taken;
    return null;
  }
  if (outcome === 'error') {
    if (attempt.reserved) await take(ctx, attempt.bucket, 'release').taken;
    return null;
  }
  known.delete(attempt.credential);
  if (attempt.reserved) {
    await take(ctx, attempt.bucket, 'settle').taken;
    return attempt.admission;
  }
  const { win, taken } = take(ctx, attempt.bucket, 'count');
  const result = await taken;
  return policy(result.ok ? result.used : AUTH_FAILURES.limit, win.reset);
};

// The retry schedule and the auto-disable rule (docs/webhooks.md). Attempt 1 goes out at once;
// after the n-th failure the next waits RETRY_DELAYS[n-1] seconds, ±10 % jitter, so endpoints that
// failed together do not retry in lockstep. Eight attempts in all, spread over about 28 hours.
export const RETRY_DELAYS_S = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_S.length + 1;
export const JITTER = 0.1;

/** Auto-disable: this many consecutive failed attempts, the first of them at least a day ago. */
export const DISABLE_AFTER_FAILURES = 10;
export const DISABLE_AFTER_MS = 24 * 3600 * 1000;

/** When to retry after `attempts` failed attempts, or null when the schedule is exhausted. */
export const nextAttemptAt = (attempts: number, now: Date, random: () => number = Math.random): string | null => {
  const delay = RETRY_DELAYS_S[attempts - 1];
  if (delay === undefined) return null;
  const jittered = delay * (1 + JITTER * (2 * random() - 1));
  return new Date(now.getTime() + Math.round(jittered * 1000)).toISOString();
};

export const shouldAutoDisable = (consecutiveFailures: number, failingSince: string, now: Date): boolean =>
  consecutiveFailures >= DISABLE_AFTER_FAILURES && now.getTime() - Date.parse(failingSince) >= DISABLE_AFTER_MS;

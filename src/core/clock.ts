// The injectable clock (docs/architecture.md "Time"): nothing reads the wall clock except through this.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export const fixedClock = (iso: string): Clock => {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) throw new RangeError(`not an ISO timestamp: ${iso}`);
  return { now: () => new Date(at.getTime()) };
};

/** The date part (UTC) of the clock's now, as YYYY-MM-DD. */
export const today = (clock: Clock): string => clock.now().toISOString().slice(0, 10);

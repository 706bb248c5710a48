// The corpus generator's only source of randomness: a seeded mulberry32 stream with the few
// draws the generator needs. Same seed, same sequence, on every machine and Node version.
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
}

export const createRng = (seed: number): Rng => {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)]!,
  };
};

/** Mixes a seed with an index so per-item streams (e.g. owner #k) are independent of draw order. */
export const subSeed = (seed: number, index: number, salt = 0): number => {
  let h = (seed ^ Math.imul(index + 0x9e3779b9, 0x85ebca6b) ^ Math.imul(salt + 1, 0xc2b2ae35)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
};

/** A draw from fixed weights, by a cumulative table and binary search. */
export const weighted = <T>(entries: readonly (readonly [T, number])[]): ((rng: Rng) => T) => {
  const values = entries.map((e) => e[0]);
  const cumulative: number[] = [];
  let total = 0;
  for (const [, w] of entries) cumulative.push((total += w));
  return (rng) => {
    const x = rng.next() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! > x) hi = mid;
      else lo = mid + 1;
    }
    return values[lo]!;
  };
};

/**
 * A bijection of [0, 10^digits) (an affine map with a multiplier coprime to 10), so sequential
 * record numbers become unique but unordered-looking office numbers.
 */
export const scramble = (i: number, digits: number): number => {
  const m = 10 ** digits;
  return (((i % m) * 7_919 + 104_729) % m + m) % m;
};

// A store's repositories made on first use: a command reads one or two of a store's seventeen
// repositories, and making one prepares its statements (issue 26.12: `tm show` prepared them all).
// Each property is a getter that makes its repository once and then is a plain value.
import type { StoreRepos } from './store.js';

/** Adds to `base` one property per repository, each made by its maker when first read. */
export const withLazyRepos = <B extends object>(base: B, makers: { [K in keyof StoreRepos]: () => StoreRepos[K] }): B & StoreRepos => {
  for (const key of Object.keys(makers) as (keyof StoreRepos)[]) {
    Object.defineProperty(base, key, {
      configurable: true,
      enumerable: true,
      get() {
        const value = makers[key]();
        Object.defineProperty(base, key, { value, enumerable: true, configurable: true, writable: true });
        return value;
      },
      // Replaced before it was read (a test's stand-in): the plain property it would have been.
      set(value: unknown) {
        Object.defineProperty(base, key, { value, enumerable: true, configurable: true, writable: true });
      },
    });
  }
  return base as B & StoreRepos;
};

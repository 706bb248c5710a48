// What the PostgreSQL store does not do yet fails loudly: any method of a repository (or the part
// of one) not yet written for PostgreSQL throws one clear error naming it, never a silent default.
import { TmError } from '../../errors.js';

export const notOnPostgres = (what: string): TmError =>
  new TmError('validation_error', `${what}: not supported on PostgreSQL yet; use a SQLite store (--db PATH) for it.`, { param: 'db' });

/** A repository with the methods in `done`; every other method throws notOnPostgres. */
export const partialRepo = <T extends object>(name: string, done: Partial<T> = {}): T =>
  new Proxy(done, {
    get(target, key) {
      if (typeof key !== 'string') return undefined;
      if (key in target) return (target as Record<string, unknown>)[key];
      // Not a thenable: a repository object is never awaited itself.
      if (key === 'then') return undefined;
      return () => {
        throw notOnPostgres(`${name}.${key}`);
      };
    },
  }) as T;

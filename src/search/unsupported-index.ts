// The search index of a store whose backend has none yet (PostgreSQL, for now): every query fails
// with one clear error. Keeping it current has nothing to do, so an ingest completes and says it
// indexed 0 marks; searching is what fails, never silently with an empty answer.
import type { Backend } from '../store/store.js';
import { TmError } from '../errors.js';
import type { SearchIndex } from './search-index.js';

export const unsupportedSearchIndex = (backend: Backend): SearchIndex => {
  const fail = async (): Promise<never> => {
    throw new TmError('validation_error', `search: not supported on ${backend === 'postgres' ? 'PostgreSQL' : backend} yet; use a SQLite store (--db PATH) to search.`, { param: 'db' });
  };
  return {
    sync: async () => ({ indexed: 0, busy: false }),
    ping: fail,
    lag: fail,
    search: fail,
    list: fail,
    total: fail,
    cursorSecret: fail,
    candidates: fail,
    exhaustive: fail,
  };
};

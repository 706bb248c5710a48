// What every operation receives: the store, the search index, the clock, configuration, the
// calling organization and a logger. Surfaces build one per process and narrow it per request.
import type { Config, ConfigOverrides } from './config.js';
import { closeContext, contextWith, lazySearchIndex, stderrLogger } from './context-open.js';
import type { Clock } from './core/clock.js';
import type { SearchIndex } from './search/search-index.js';
import { createReadRouter, type ReadRouter } from './read-routing.js';
import { TmError } from './errors.js';
import { isPostgresUrl } from './store/location.js';
import { openPostgresReplica } from './store/postgres/replica.js';
import { openPostgresStore, type PostgresStore } from './store/postgres/store.js';
import { openSqliteStore } from './store/sqlite/store.js';
import type { Store } from './store/store.js';
import type { ChangeHooks } from './store/trademark-repo.js';

export { closeContext, stderrLogger };

export interface OrgRef {
  id: string;
  name: string;
  /** Test keys act in test mode (`livemode: false`). */
  livemode: boolean;
  /** The features of its plan (src/auth/plans.ts); absent means every feature (the local user). */
  features?: readonly string[];
}

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
}

export interface Context {
  store: Store;
  index: SearchIndex;
  /** The read replica's router (`--read-url`, TM_DB_READ); null when every read goes to `store`. */
  replica: ReadRouter | null;
  clock: Clock;
  config: Config;
  org: OrgRef | null;
  requestId: string | null;
  /** The credential a surface authenticated (key id, granted scopes); absent for local CLI calls. */
  credential?: { keyId: string | null; scopes: readonly string[] } | null;
  logger: Logger;
}

/** The composition root's one choice of backend: a PostgreSQL URL or a SQLite path (src/store/location.ts). */
const openStoreAt = (location: string, hooks: ChangeHooks): Store =>
  isPostgresUrl(location) ? openPostgresStore(location, hooks) : openSqliteStore(location, hooks);

/** A read replica is a streaming standby of a PostgreSQL primary; anything else is refused before a connection is made. */
const openReplica = (config: Config, store: Store): ReadRouter | null => {
  const url = config.readDbPath;
  if (url === null) return null;
  if (!isPostgresUrl(url)) {
    throw new TmError('validation_error', '--read-url (TM_DB_READ) must be a postgres:// URL of a streaming standby.', { param: 'read_url' });
  }
  if (store.backend !== 'postgres') {
    throw new TmError('validation_error', '--read-url (TM_DB_READ) needs a PostgreSQL store (--db postgres://…): a SQLite store has no standby.', { param: 'read_url' });
  }
  const link = openPostgresReplica(store as PostgresStore, url);
  return createReadRouter(link, lazySearchIndex(link.store), config.readMaxLagMs);
};

/** A context on either backend, with its read replica if one is set (servers, tools, tests); the CLI's commands use openContext (context-open.ts). */
export const createContext = (overrides: ConfigOverrides = {}, logger: Logger = stderrLogger): Context => contextWith(openStoreAt, overrides, logger, openReplica);

/**
 * A long-running writer's start (`tm serve` before it answers, in the cluster's primary only):
 * builds the indexes an interrupted load left dropped and brings the search index up to date, so
 * that no reader ever has to. Skips the sync when another live process is running one.
 */
export const startWriter = async (ctx: Context): Promise<{ indexed: number; busy: boolean }> => {
  await ctx.store.trademarks.restoreIndexes();
  return ctx.index.sync();
};

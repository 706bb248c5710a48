// What every operation receives: the store, the search index, the clock, configuration, the
// calling organization and a logger. Surfaces build one per process and narrow it per request.
import { loadConfig, type Config, type ConfigOverrides } from './config.js';
import type { Clock } from './core/clock.js';
import { visibleLines } from './core/terminal-text.js';
import { ledgerProjection } from './monitor/projector.js';
import type { SearchIndex } from './search/search-index.js';
import { createReadRouter, type ReadRouter } from './read-routing.js';
import { TmError } from './errors.js';
import { isPostgresUrl } from './store/location.js';
import { openPostgresReplica } from './store/postgres/replica.js';
import { openPostgresStore, type PostgresStore } from './store/postgres/store.js';
import { openSqliteStore } from './store/sqlite/store.js';
import type { Store } from './store/store.js';
import type { ChangeHooks } from './store/trademark-repo.js';

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

/** Warnings can name marks and owners: their control characters are shown, never sent to the terminal. */
export const stderrLogger: Logger = {
  info: (m) => process.stderr.write(`${visibleLines(m)}\n`),
  warn: (m) => process.stderr.write(`warning: ${visibleLines(m)}\n`),
};

/** The composition root's one choice of backend: a PostgreSQL URL or a SQLite path (src/store/location.ts). */
const openStoreAt = (location: string, hooks: ChangeHooks): Store =>
  isPostgresUrl(location) ? openPostgresStore(location, hooks) : openSqliteStore(location, hooks);

/**
 * The search index of a SQLite store, opened on its first use: the search modules (analysis,
 * scoring, the judgement) and the index's statements load only in a process that searches or
 * syncs, not in `tm show` (issue 26.12). Indexing is pulled from the store's change sequence, so
 * an index opened late misses nothing.
 */
const lazySearchIndex = (store: Store): SearchIndex => {
  let opened: Promise<SearchIndex> | undefined;
  const index = (): Promise<SearchIndex> => (opened ??= import('./search/search-index.js').then((m) => m.openSearchIndex(store)));
  return {
    sync: async (options) => (await index()).sync(options),
    ping: async () => (await index()).ping(),
    lag: async () => (await index()).lag(),
    search: async (...args) => (await index()).search(...args),
    list: async (...args) => (await index()).list(...args),
    total: async (filter) => (await index()).total(filter),
    cursorSecret: async () => (await index()).cursorSecret(),
    candidates: async (q, channels) => (await index()).candidates(q, channels),
    exhaustive: async (q, channels, window) => (await index()).exhaustive(q, channels, window),
  };
};

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

export const createContext = (overrides: ConfigOverrides = {}, logger: Logger = stderrLogger): Context => {
  const config = loadConfig(overrides);
  // The ledger and its webhook outbox are written in the transaction of the change that caused them.
  const store: Store = openStoreAt(config.dbPath, { projection: ledgerProjection, progress: (m) => logger.info(m) });
  return {
    store,
    index: lazySearchIndex(store),
    replica: openReplica(config, store),
    clock: config.clock,
    config,
    org: null,
    requestId: null,
    logger,
  };
};

export const closeContext = async (ctx: Context): Promise<void> => {
  await ctx.replica?.close();
  await ctx.store.close();
};

/**
 * A long-running writer's start (`tm serve` before it answers, in the cluster's primary only):
 * builds the indexes an interrupted load left dropped and brings the search index up to date, so
 * that no reader ever has to. Skips the sync when another live process is running one.
 */
export const startWriter = async (ctx: Context): Promise<{ indexed: number; busy: boolean }> => {
  await ctx.store.trademarks.restoreIndexes();
  return ctx.index.sync();
};

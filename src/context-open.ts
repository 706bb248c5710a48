// Assembling a context over an opened store, without naming a backend: the one place that knows
// both backends (src/context.ts, for servers, tools and tests) and the CLI's per-command opening
// (openContext, which imports only the backend a location needs, so a SQLite command never loads
// the PostgreSQL store's modules: issue 26.12) share it.
import { loadConfig, type Config, type ConfigOverrides } from './config.js';
import type { Context, Logger } from './context.js';
import { visibleLines } from './core/terminal-text.js';
import { ledgerProjection } from './monitor/projector.js';
import type { ReadRouter } from './read-routing.js';
import type { SearchIndex } from './search/search-index.js';
import { isPostgresUrl } from './store/location.js';
import type { Store } from './store/store.js';
import type { ChangeHooks } from './store/trademark-repo.js';

/** Warnings can name marks and owners: their control characters are shown, never sent to the terminal. */
export const stderrLogger: Logger = {
  info: (m) => process.stderr.write(`${visibleLines(m)}\n`),
  warn: (m) => process.stderr.write(`warning: ${visibleLines(m)}\n`),
};

/** Opens the store at a location with the change hooks (one backend's opener, or the choice of both). */
export type StoreOpener = (location: string, hooks: ChangeHooks) => Store;

/**
 * The search index of a SQLite store, opened on its first use: the search modules (analysis,
 * scoring, the judgement) and the index's statements load only in a process that searches or
 * syncs, not in `tm show` (issue 26.12). Indexing is pulled from the store's change sequence, so
 * an index opened late misses nothing.
 */
export const lazySearchIndex = (store: Store): SearchIndex => {
  let opened: Promise<SearchIndex> | undefined;
  const index = (): Promise<SearchIndex> => (opened ??= import('./search/search-index.js').then((m) => m.openSearchIndex(store)));
  return {
    sync: async (options) => (await index()).sync(options),
    follow: async () => (await index()).follow(),
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

/** The read replica of a context's store (src/context.ts opens one for `--read-url`), or null. */
export type ReplicaOpener = (config: Config, store: Store) => ReadRouter | null;

/** A context over the store `open` makes for the configured location. */
export const contextWith = (open: StoreOpener, overrides: ConfigOverrides = {}, logger: Logger = stderrLogger, replicaOf: ReplicaOpener = () => null): Context => {
  const config = loadConfig(overrides);
  // The ledger and its webhook outbox are written in the transaction of the change that caused them.
  // A migration that rewrites a large store in place reports its progress on the logger.
  const store = open(config.dbPath, { projection: ledgerProjection, progress: (m) => logger.info(m) });
  return { store, index: lazySearchIndex(store), replica: replicaOf(config, store), clock: config.clock, config, org: null, requestId: null, logger };
};

/**
 * createContext (src/context.ts) for one-shot commands: a SQLite store without a read replica
 * (the usual local case) imports the SQLite backend alone; a PostgreSQL store or a read replica
 * takes createContext itself, with both backends and the replica's checks.
 */
export const openContext = async (overrides: ConfigOverrides = {}, logger: Logger = stderrLogger): Promise<Context> => {
  const { dbPath, readDbPath } = loadConfig(overrides);
  if (isPostgresUrl(dbPath) || readDbPath !== null) return (await import('./context.js')).createContext(overrides, logger);
  return contextWith((await import('./store/sqlite/store.js')).openSqliteStore, overrides, logger);
};

export const closeContext = async (ctx: Context): Promise<void> => {
  await ctx.replica?.close();
  await ctx.store.close();
};

// Opening a SQLite database: WAL mode, pragmas, the numbered migrations, and the two transaction
// helpers every repo uses. One writer at a time, by design: a write transaction starts with
// BEGIN IMMEDIATE, so it takes the write lock before it reads and waits (busy timeout) for another
// writer instead of failing when a deferred read-then-write transaction cannot be upgraded.
// Background writers in a server (usage flush, webhook deliveries) wait on timers instead
// (tryWrite, writeWhenFree), so the event loop never sleeps in SQLite's busy handler.
import Database from 'better-sqlite3';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { MIGRATIONS } from './migrations/index.js';
import { isPostgresUrl } from '../location.js';

export type Db = Database.Database;

/** How long a writer waits for another writer's transaction (a bulk load's batch, an index sync batch). */
export const BUSY_TIMEOUT_MS = 60_000;

/**
 * The one way to write: returns a function that runs `fn` in a BEGIN IMMEDIATE transaction (a
 * savepoint when called inside one). Never use `db.transaction` directly for writes.
 */
export const writeTransaction = <A extends unknown[], T>(db: Db, fn: (...args: A) => T): ((...args: A) => T) => {
  const tx = db.transaction(fn);
  return (...args: A) => tx.immediate(...args);
};

/** What `tryWrite` returns when another connection holds the write lock. */
export const BUSY = Symbol('busy');

/** Runs `write` once without waiting for the write lock: BUSY, at once, when another connection holds it. */
export const tryWrite = <T>(db: Db, write: () => T): T | typeof BUSY => {
  const timeout = db.pragma('busy_timeout', { simple: true }) as number;
  db.pragma('busy_timeout = 0');
  try {
    return write();
  } catch (err) {
    if ((err as { code?: string }).code === 'SQLITE_BUSY') return BUSY;
    throw err;
  } finally {
    db.pragma(`busy_timeout = ${timeout}`);
  }
};

/** How often `writeWhenFree` tries again while another connection holds the write lock. */
const RETRY_MS = 25;

/**
 * Waits for the write lock on timers, not on SQLite's busy handler, which sleeps on the calling
 * thread: in `tm serve` that froze every request for as long as an ingest held the lock (tens of
 * seconds while it builds indexes), long enough for clients' sockets to be reset. Gives up as a
 * plain write would, after BUSY_TIMEOUT_MS. `write` must be one write transaction (BEGIN
 * IMMEDIATE), so a refused try has changed nothing.
 */
export const writeWhenFree = async <T>(db: Db, write: () => T): Promise<T> => {
  const deadline = Date.now() + BUSY_TIMEOUT_MS;
  for (;;) {
    const result = tryWrite(db, write);
    if (result !== BUSY) return result;
    if (Date.now() >= deadline) {
      throw Object.assign(new Error(`another process has held the store's write lock for over ${BUSY_TIMEOUT_MS / 1000} s`), { code: 'SQLITE_BUSY' });
    }
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  }
};

/** The migrations each connection applied when it opened (`tm migrate` reports them). */
const appliedAtOpen = new WeakMap<Db, number[]>();

export const migrationsAppliedAtOpen = (db: Db): number[] => appliedAtOpen.get(db) ?? [];

/** Told one line at a time how a long migration (one rewriting stored rows) is getting on. */
export type MigrationProgress = (message: string) => void;

let addonPath: string | null | undefined;

/**
 * The addon where better-sqlite3's own build puts it, or null to let the package find it: its
 * finder (the `bindings` package) tries path after path and took some 20 ms of every command's
 * start on the loaded bench machine, against 1 ms for the path (issue 26.12, `npm run bench:startup`).
 */
const nativeBinding = (): string | null => {
  if (addonPath === undefined) {
    const built = join(dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json')), 'build', 'Release', 'better_sqlite3.node');
    addonPath = existsSync(built) ? built : null;
  }
  return addonPath;
};

export const openDatabase = (path: string, options: { readonly?: boolean; progress?: MigrationProgress } = {}): Db => {
  // A caller that skipped the backend choice would otherwise make a folder named `postgres:`.
  if (isPostgresUrl(path)) throw new Error(`openDatabase: ${path.split('@').pop()} is a PostgreSQL URL, not a SQLite path`);
  if (path !== ':memory:' && !options.readonly) mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path, { readonly: options.readonly ?? false, fileMustExist: options.readonly ?? false, nativeBinding: nativeBinding() ?? undefined });
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  if (!options.readonly) {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    // A checkpoint after a large load leaves a large WAL file behind; truncate it to this size.
    db.pragma('journal_size_limit = 67108864');
    appliedAtOpen.set(db, migrate(db, options.progress));
  }
  db.pragma('cache_size = -65536');
  return db;
};

/** Page cache during a bulk load (KiB): the indexes being written stay in memory. */
const LOAD_CACHE_KIB = 262_144;
/** WAL pages between checkpoints during a bulk load: pages that many commits touch are copied back once, not every 4 MB. */
const LOAD_CHECKPOINT_PAGES = 65_536;

/** Sets the bulk-load pragmas and returns the function that restores the previous values. */
export const loadPragmas = (db: Db): (() => void) => {
  const cache = db.pragma('cache_size', { simple: true }) as number;
  const checkpoint = db.pragma('wal_autocheckpoint', { simple: true }) as number;
  db.pragma(`cache_size = -${LOAD_CACHE_KIB}`);
  db.pragma(`wal_autocheckpoint = ${LOAD_CHECKPOINT_PAGES}`);
  return () => {
    db.pragma(`cache_size = ${cache}`);
    db.pragma(`wal_autocheckpoint = ${checkpoint}`);
  };
};

const indexName = (statement: string): string => /IF NOT EXISTS (\w+)/.exec(statement)![1]!;

/** Drops the indexes that `CREATE INDEX IF NOT EXISTS` statements build (before a bulk load). */
export const dropIndexes = (db: Db, statements: readonly string[]): void =>
  writeTransaction(db, () => statements.forEach((statement) => db.exec(`DROP INDEX IF EXISTS ${indexName(statement)}`)))();

/** Builds them (again): after a bulk load, or at a writer's start when an interrupted load left them dropped. */
export const createIndexes = (db: Db, statements: readonly string[]): void =>
  writeTransaction(db, () => statements.forEach((statement) => db.exec(statement)))();

/** True when every index the statements name exists (a reader checks this without writing). */
export const hasIndexes = (db: Db, statements: readonly string[]): boolean => {
  const present = db.prepare("SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' AND name IN (SELECT value FROM json_each(?))").pluck();
  return present.get(JSON.stringify(statements.map(indexName))) === statements.length;
};

const version = (db: Db): number => db.pragma('user_version', { simple: true }) as number;

const KNOWN = JSON.stringify(MIGRATIONS.map((m) => m.version));

/** Whether every migration is recorded: one read on every open (issue 26.12), none per migration. */
const isCurrent = (db: Db): boolean => {
  try {
    return db.prepare('SELECT COUNT(*) FROM schema_migrations WHERE version IN (SELECT value FROM json_each(?))').pluck().get(KNOWN) === MIGRATIONS.length;
  } catch (err) {
    // A new store, or one from before the table: not current.
    if (/no such table/.test((err as Error).message)) return false;
    throw err;
  }
};

/**
 * Applies every migration not yet recorded in `schema_migrations`. Version ranges are handed out
 * per area, so a store may have met a higher version before a lower one existed: `user_version`
 * alone would skip the lower one. A store from before this table records the versions up to its
 * `user_version` that apply cleanly as already there (their first statement fails on the existing
 * objects, and each migration is one transaction, so nothing half-applies).
 */
export const migrate = (db: Db, progress: MigrationProgress = () => {}): number[] => {
  const recorded = (): Set<number> =>
    db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get() === undefined
      ? new Set()
      : new Set(db.prepare('SELECT version FROM schema_migrations').pluck().all() as number[]);
  // A current store is only read here, so opening one never takes the write lock.
  if (isCurrent(db)) return [];
  const applied: number[] = [];
  const before = version(db);
  const mark = (v: number): void => {
    db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY)');
    db.prepare('INSERT OR IGNORE INTO schema_migrations (version) VALUES (?)').run(v);
  };
  for (const m of MIGRATIONS) {
    try {
      writeTransaction(db, () => {
        // Checked under the write lock: another process may have applied it meanwhile.
        if (recorded().has(m.version)) return;
        db.exec(m.sql);
        m.backfill?.(db, progress);
        mark(m.version);
        applied.push(m.version);
        if (m.version > version(db)) db.pragma(`user_version = ${m.version}`);
      })();
    } catch (err) {
      if (m.version > before || !/already exists|duplicate column/.test((err as Error).message)) throw err;
      writeTransaction(db, () => mark(m.version))();
    }
  }
  return applied;
};

// Opening a SQLite database: WAL mode, pragmas, and the numbered migrations.
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { MIGRATIONS } from './migrations/index.js';

export type Db = Database.Database;

export const openDatabase = (path: string, options: { readonly?: boolean } = {}): Db => {
  if (path !== ':memory:' && !options.readonly) mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path, { readonly: options.readonly ?? false, fileMustExist: options.readonly ?? false });
  db.pragma('busy_timeout = 5000');
  if (!options.readonly) {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    // A checkpoint after a large load leaves a large WAL file behind; truncate it to this size.
    db.pragma('journal_size_limit = 67108864');
    migrate(db);
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
  db.transaction(() => statements.forEach((statement) => db.exec(`DROP INDEX IF EXISTS ${indexName(statement)}`)))();

/** Builds them (again): after a bulk load, or on open when an interrupted load left them dropped. */
export const createIndexes = (db: Db, statements: readonly string[]): void =>
  db.transaction(() => statements.forEach((statement) => db.exec(statement)))();

/**
 * Applies every migration not yet recorded, in version order. Helpers own version ranges, so a
 * lower version can arrive after a higher one was applied: applied versions are recorded one by
 * one rather than inferred from user_version. A store from before that record counts a migration
 * applied when the first table it creates exists (else when user_version had reached it).
 */
const migrate = (db: Db): void => {
  const current = db.pragma('user_version', { simple: true }) as number;
  const hasTable = db.prepare<[string], { n: number }>("SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name = ?");
  if (hasTable.get('schema_migrations')!.n === 0) {
    db.transaction(() => {
      db.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY)');
      for (const m of MIGRATIONS) {
        const table = /CREATE TABLE (\w+)/.exec(m.sql)?.[1];
        if (table ? hasTable.get(table)!.n > 0 : m.version <= current) {
          db.prepare('INSERT OR IGNORE INTO schema_migrations (version) VALUES (?)').run(m.version);
        }
      }
    })();
  }
  const applied = new Set(db.prepare('SELECT version FROM schema_migrations').pluck().all() as number[]);
  for (const m of [...MIGRATIONS].sort((a, b) => a.version - b.version)) {
    if (applied.has(m.version)) continue;
    const record = () => db.prepare('INSERT OR IGNORE INTO schema_migrations (version) VALUES (?)').run(m.version);
    try {
      db.transaction(() => {
        db.exec(m.sql);
        record();
        db.pragma(`user_version = ${Math.max(m.version, db.pragma('user_version', { simple: true }) as number)}`);
      })();
    } catch (err) {
      // A version the store's user_version already passed, whose objects exist: it was applied unrecorded.
      if (m.version > current || !/already exists|duplicate column/.test((err as Error).message)) throw err;
      record();
    }
  }
};

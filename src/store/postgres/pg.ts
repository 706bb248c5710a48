// A PostgreSQL connection pool and the helpers every repository uses: queries that wait for the
// store's migrations (a new database is migrated on first use), transactions on one client, COPY
// for bulk rows, and server errors turned into one clear line (unreachable server, missing
// database, a role without rights) that never falls back to another backend.
import type pg from 'pg';
import type copyStreams from 'pg-copy-streams';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { TmError } from '../../errors.js';
import { displayLocation } from '../location.js';

export type PgClient = pg.PoolClient;

// The driver loads when a PostgreSQL store is opened, not in every process that could open one
// (a SQLite `tm show` or `tm search` paid for it at start: issue 26.12). Both are CommonJS.
const load = createRequire(import.meta.url);
export const driver = (): typeof pg => load('pg') as typeof pg;
const copyFrom = (sql: string): ReturnType<typeof copyStreams.from> => (load('pg-copy-streams') as typeof copyStreams).from(sql);

export interface PgDb {
  readonly url: string;
  readonly pool: pg.Pool;
  /** Resolves once the migrations are applied (or rejects with the reason they could not be). */
  ready(): Promise<void>;
  /** `prepared`: a named statement (below), for the statements every request makes. */
  query<R extends pg.QueryResultRow = Record<string, unknown>>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<R[]>;
  /**
   * One statement on a small pool of sessions with `synchronous_commit = off`: its commit does not
   * wait for the WAL to reach disk (a few ms here, most of a rate-limit check). For writes whose
   * loss in a crash of the database server is acceptable: live counters, and idempotency claims
   * and answers (any later ordinary commit makes them durable too; a lost answer leaves its claim,
   * which is treated as abandoned later, as after a node killed mid-request).
   */
  relaxed<R extends pg.QueryResultRow = Record<string, unknown>>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<R[]>;
  /** Runs `fn` in one transaction on one client; a writer first takes the store's write lock. */
  tx<T>(fn: (c: PgClient) => Promise<T>, options?: { write?: boolean }): Promise<T>;
  close(): Promise<void>;
}

export interface QueryOptions {
  /**
   * Send it as a named prepared statement: each connection parses and plans it once, later calls
   * only bind and execute (issue 25: about a third of a detail read's server time was parsing and
   * planning). For hot statements with an explicit column list only: a prepared `SELECT *` fails
   * once a migration adds a column.
   */
  prepared?: boolean;
}

/** Statement names by SQL text, shared by every pool of the process (a name is per connection). */
const statementNames = new Map<string, string>();
const send = <R extends pg.QueryResultRow>(pool: pg.Pool, sql: string, params: readonly unknown[], options?: QueryOptions): Promise<pg.QueryResult<R>> => {
  if (!options?.prepared) return pool.query<R>(sql, params as unknown[]);
  let name = statementNames.get(sql);
  if (!name) statementNames.set(sql, (name = `tm_${statementNames.size + 1}`));
  // The values go as their own argument, where the pool's client finds them (withoutNul).
  return pool.query<R>({ name, text: sql }, params as unknown[]);
};

/** The advisory lock every write transaction takes first: one writer at a time, as on SQLite, so
 *  the change sequence is handed out in commit order and a batch reads what it then writes. */
const WRITE_LOCK = 7_401_224;

/** Server error codes (SQLSTATE) that say the store cannot be used at all. */
const FATAL: Record<string, (where: string, err: Error) => TmError> = {
  '3D000': (where) => new TmError('not_found', `PostgreSQL database at ${where} does not exist; create it (createdb) first.`, { param: 'db' }),
  '28000': (where, err) => new TmError('forbidden', `PostgreSQL refused the connection to ${where}: ${err.message}.`, { param: 'db' }),
  '28P01': (where, err) => new TmError('forbidden', `PostgreSQL refused the connection to ${where}: ${err.message}.`, { param: 'db' }),
  '42501': (where, err) => new TmError('forbidden', `PostgreSQL role lacks a right on ${where}: ${err.message}.`, { param: 'db' }),
};

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ETIMEDOUT', 'ECONNRESET', 'EAI_AGAIN']);

/** A connection-level failure as one readable error; other errors pass through unchanged. */
export const storeError = (err: unknown, url: string): unknown => {
  if (err instanceof TmError || !(err instanceof Error)) return err;
  const where = displayLocation(url);
  const code = (err as { code?: string }).code ?? '';
  if (FATAL[code]) return FATAL[code]!(where, err);
  // 57014 query_canceled: the statement time limit (statement_timeout, e.g. set with
  // ?options=-c%20statement_timeout%3D5000 on the URL) stopped the query; spec §7's 504.
  if (code === '57014') {
    return new TmError('timeout', `The database query ran past the statement time limit at ${where}.`, {
      retryAfter: 1,
      suggestion: 'Retry, or narrow the request (filters, a smaller limit).',
    });
  }
  if (UNREACHABLE.has(code) || /connect|timeout/i.test(err.message) && !code) {
    return new TmError('service_unavailable', `cannot reach PostgreSQL at ${where}: ${err.message || code}.`, { param: 'db' });
  }
  return err;
};

/** A string as a text column can hold it: PostgreSQL's text has no NUL character, which office
 *  data may carry in a mark's text. The record itself keeps it (its JSON writes it as \u0000), and
 *  matching drops it anyway (search/normalize.ts), so a column loses nothing anything reads. */
const withoutNul = (v: unknown): unknown =>
  typeof v === 'string' ? (v.includes('\0') ? v.replace(/\0/g, '') : v) : Array.isArray(v) ? v.map(withoutNul) : v;

/** The pool's client: every query's parameters as text columns can hold them (withoutNul). */
const clientClass = (): typeof pg.Client =>
  class extends driver().Client {
    override query(...args: unknown[]): never {
      if (Array.isArray(args[1])) args[1] = args[1].map(withoutNul);
      return (super.query as (...a: unknown[]) => never)(...args);
    }
  };

/** Rows for COPY … FROM STDIN (text format): tabs, newlines and backslashes escaped, NUL dropped, null as \N. */
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r', '\0': '' };
export const copyField = (v: unknown): string => {
  if (v === null || v === undefined) return '\\N';
  const s = String(v);
  // Most fields need no escape: one test instead of five replaces per field of a million-row COPY.
  return /[\\\t\n\r\0]/.test(s) ? s.replace(/[\\\t\n\r\0]/g, (c) => COPY_ESCAPES[c]!) : s;
};

/** The name an index's CREATE INDEX IF NOT EXISTS statement gives it. */
export const indexName = (statement: string): string => /IF NOT EXISTS (\w+)/.exec(statement)![1]!;

/** Streams COPY text (lines already in COPY's text format) into a table, on the caller's client. */
export const copyText = async (c: PgClient, table: string, columns: readonly string[], chunks: Iterable<string>): Promise<void> => {
  const stream = c.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN`));
  await pipeline(Readable.from(chunks), stream);
};

/** Streams COPY binary-format chunks (header and trailer added here) into a table, on the caller's client. */
export const copyBinary = async (c: PgClient, table: string, columns: readonly string[], chunks: Iterable<Buffer>): Promise<void> => {
  const stream = c.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN (FORMAT binary)`));
  const framed = function* (): Generator<Buffer> {
    yield Buffer.from([...Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), 0, 0, 0, 0, 0, 0, 0, 0]);
    yield* chunks;
    yield Buffer.from([0xff, 0xff]);
  };
  await pipeline(Readable.from(framed()), stream);
};

/** Streams rows into a table with COPY, on the caller's client (inside its transaction). */
export const copyRows = async (c: PgClient, table: string, columns: readonly string[], rows: readonly (readonly unknown[])[]): Promise<void> => {
  if (rows.length === 0) return;
  const lines = function* (): Generator<string> {
    for (let i = 0; i < rows.length; i += 500) {
      yield rows.slice(i, i + 500).map((r) => `${r.map(copyField).join('\t')}\n`).join('');
    }
  };
  await copyText(c, table, columns, lines());
};

/** A column's type as COPY's binary format sends it: text as UTF-8 bytes, integers big-endian. */
export type CopyType = 'text' | 'int4' | 'int8';

/** Bytes of one COPY binary chunk: large enough that the stream's per-chunk costs vanish. */
const BINARY_CHUNK = 1 << 20;

/**
 * Rows in COPY's binary format, a chunk at a time. Against the text format the client builds no
 * escaped line strings (a record's JSON is written straight into the chunk as UTF-8) and the
 * server parses no escapes; text loses its NUL characters as in the text format (copyField).
 */
function* binaryTuples(types: readonly CopyType[], rows: Iterable<readonly unknown[]>): Generator<Buffer> {
  let buf = Buffer.allocUnsafe(BINARY_CHUNK);
  let at = 0;
  for (const row of rows) {
    // An upper bound of the row's bytes: a UTF-16 unit takes at most 3 bytes of UTF-8, and a
    // number's or boolean's text in a text column fewer than 64.
    let need = 2;
    for (const v of row) need += 4 + (typeof v === 'string' ? v.length * 3 : 64);
    if (at + need > buf.length) {
      if (at > 0) yield buf.subarray(0, at);
      buf = Buffer.allocUnsafe(Math.max(BINARY_CHUNK, need));
      at = 0;
    }
    at = buf.writeInt16BE(types.length, at);
    for (let i = 0; i < types.length; i++) {
      const v = row[i];
      if (v === null || v === undefined) {
        at = buf.writeInt32BE(-1, at);
      } else if (types[i] === 'text') {
        const s = typeof v === 'string' ? v : String(v);
        const n = buf.write(s.includes('\0') ? s.replace(/\0/g, '') : s, at + 4, 'utf8');
        buf.writeInt32BE(n, at);
        at += 4 + n;
      } else if (types[i] === 'int4') {
        at = buf.writeInt32BE(4, at);
        at = buf.writeInt32BE(Number(v), at);
      } else {
        // Two's complement in two halves: exact for every safe integer, negative ones included.
        const n = Number(v);
        at = buf.writeInt32BE(8, at);
        at = buf.writeInt32BE(Math.floor(n / 0x100000000), at);
        at = buf.writeUInt32BE(n >>> 0, at);
      }
    }
  }
  if (at > 0) yield buf.subarray(0, at);
}

/** Streams rows into a table with binary COPY (`types` one per column), on the caller's client. */
export const copyTypedRows = async (
  c: PgClient, table: string, columns: readonly string[], types: readonly CopyType[], rows: readonly (readonly unknown[])[],
): Promise<void> => {
  if (rows.length === 0) return;
  await copyBinary(c, table, columns, binaryTuples(types, rows));
};

/** `connectMs`: how long a new connection may take (a standby that is gone should be given up on sooner). */
export const openPgDb = (url: string, migrate: (c: PgClient) => Promise<number[]>, connectMs = 10_000): PgDb & { applied(): number[] } => {
  // BIGINT counts come back as JS numbers (every count and sequence here is far below 2^53).
  const { types, Pool } = driver();
  types.setTypeParser(20, (v) => Number(v));
  const Client = clientClass();
  const pool = new Pool({ connectionString: url, max: 8, connectionTimeoutMillis: connectMs, Client });
  // An idle client's error (the server went away) must not crash the process; the next query reports it.
  pool.on('error', () => {});
  // Nor one a caller holds between queries (a lease's session, a snapshot between statements):
  // without a listener its 'error' is thrown, and a restarted or failed-over server killed
  // `tm serve`. The broken client fails its next query and the pool drops it on release.
  pool.on('connect', (client) => client.on('error', () => {}));
  let relaxedPool: pg.Pool | null = null;
  const relaxedOf = (): pg.Pool => {
    if (!relaxedPool) {
      relaxedPool = new Pool({ connectionString: url, max: 4, connectionTimeoutMillis: connectMs, options: '-c synchronous_commit=off', Client });
      relaxedPool.on('error', () => {});
      relaxedPool.on('connect', (client) => client.on('error', () => {}));
    }
    return relaxedPool;
  };
  let applied: number[] = [];
  let migrated: Promise<void> | null = null;
  const ready = (): Promise<void> =>
    (migrated ??= (async () => {
      const c = await pool.connect().catch((err: unknown) => {
        throw storeError(err, url);
      });
      try {
        applied = await migrate(c);
      } catch (err) {
        throw storeError(err, url);
      } finally {
        c.release();
      }
    })().catch((err: unknown) => {
      migrated = null;
      throw err;
    }));
  let ended: Promise<void> | undefined;
  const db: PgDb & { applied(): number[] } = {
    url,
    pool,
    ready,
    applied: () => applied,
    async query<R extends pg.QueryResultRow>(sql: string, params: readonly unknown[] = [], options?: QueryOptions): Promise<R[]> {
      await ready();
      try {
        return (await send<R>(pool, sql, params, options)).rows;
      } catch (err) {
        throw storeError(err, url);
      }
    },
    async relaxed<R extends pg.QueryResultRow>(sql: string, params: readonly unknown[] = [], options?: QueryOptions): Promise<R[]> {
      await ready();
      try {
        return (await send<R>(relaxedOf(), sql, params, options)).rows;
      } catch (err) {
        throw storeError(err, url);
      }
    },
    async tx<T>(fn: (c: PgClient) => Promise<T>, options: { write?: boolean } = {}): Promise<T> {
      await ready();
      const c = await pool.connect().catch((err: unknown) => {
        throw storeError(err, url);
      });
      try {
        // No JIT compiling in a transaction: its statements are the store's writes and batch reads,
        // whose plans the server cannot cost well mid-load (a table not yet analysed), and a load's
        // changed-mark read was compiled and optimised by LLVM on every batch: a fifth of the
        // server's CPU for an ingest, for statements that run in milliseconds.
        await c.query('BEGIN; SET LOCAL jit = off');
        if (options.write !== false) await c.query('SELECT pg_advisory_xact_lock($1)', [WRITE_LOCK]);
        const out = await fn(c);
        await c.query('COMMIT');
        return out;
      } catch (err) {
        await c.query('ROLLBACK').catch(() => {});
        throw storeError(err, url);
      } finally {
        c.release();
      }
    },
    // Closing twice is harmless, as on SQLite (pg's pool throws on a second end).
    async close(): Promise<void> {
      await relaxedPool?.end();
      relaxedPool = null;
      await (ended ??= pool.end());
    },
  };
  return db;
};

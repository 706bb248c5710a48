// WAL checkpoints off the serving path. By default the connection that commits when the WAL has
// passed 1,000 pages copies the whole WAL back into the database file, synchronously. A daily
// ingest grows the WAL to hundreds of MB (its load pragmas raise its own threshold), so the next
// small commit of `tm serve` (a usage flush) did that copy inside a worker's event loop: 180 to
// 440 ms during which no request was answered. A serving process's connections therefore never
// checkpoint on commit; one thread of its own runs a PASSIVE checkpoint every second, which waits
// for no reader and no writer. Other writers (`tm ingest`, the CLI) keep SQLite's default.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Checkpointer } from '../store.js';
import type { Db } from './sqlite.js';

/** How often the checkpoint thread copies the WAL back; a PASSIVE checkpoint of an empty WAL costs next to nothing. */
const CHECKPOINT_MS = 1_000;

/** This connection's commits never copy the WAL back: a checkpoint thread (or another writer) does. */
export const deferCheckpoints = (db: Db): void => {
  db.pragma('wal_autocheckpoint = 0');
};

// The thread runs plain CommonJS, so it starts the same from the compiled files and from the
// TypeScript sources the tests import; the driver's path comes from this module's resolution.
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path, { fileMustExist: true });
db.pragma('journal_size_limit = ' + workerData.sizeLimit);
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Another checkpoint holds the lock, or the store is being closed: the next tick tries again.
  }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.once('message', () => {
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

/** Starts the checkpoint thread on the database at `path` and defers `db`'s own checkpoints to it. */
export const startCheckpointer = (db: Db, path: string, intervalMs = CHECKPOINT_MS): Checkpointer => {
  if (path === ':memory:') return { stop: async () => undefined };
  deferCheckpoints(db);
  const sizeLimit = db.pragma('journal_size_limit', { simple: true }) as number;
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const thread = new Worker(THREAD, { eval: true, workerData: { driver, path, intervalMs, sizeLimit } });
  // A failed checkpoint thread must not end the server: commits then only grow the WAL until the next writer checkpoints.
  thread.on('error', (err) => process.stderr.write(`tm: the WAL checkpoint thread stopped: ${err.message}\n`));
  thread.unref();
  const exited = new Promise<void>((resolve) => thread.once('exit', () => resolve()));
  let stopped: Promise<void> | null = null;
  return {
    stop: () =>
      (stopped ??= (async () => {
        // Waited for, the thread must hold the process open until it has closed its connection.
        thread.ref();
        thread.postMessage('stop');
        await exited;
      })()),
  };
};

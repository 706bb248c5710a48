// A `tm serve` process waits for another process's write lock without freezing (SQLite): the
// delivery worker's lease writes wait on timers while an ingest holds the lock, so the server's
// event loop keeps answering. SQLite's own busy wait sleeps on the calling thread; with it, an
// ingest's index build stalled every request for ~30 s and clients' sockets were reset
// (test/e2e/concurrent-ingest.test.ts at 100,000 records under load).
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { closeContext, createContext } from '../../src/context.js';

const HOLD_MS = 600;
const NOW = '2026-11-22T12:00:00.000Z';
const dir = mkdtempSync(join(tmpdir(), 'tm-lock-wait-'));
const path = join(dir, 'tm.db');

/** Another connection, on its own thread as another process would be, holding the write lock for HOLD_MS. */
const holdLock = (): Promise<{ released: Promise<number> }> =>
  new Promise((locked, failed) => {
    const worker = new Worker(
      `const { parentPort, workerData } = require('node:worker_threads');
       const db = new (require(workerData.module))(workerData.path);
       db.exec('BEGIN IMMEDIATE');
       parentPort.postMessage('locked');
       Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, workerData.ms);
       db.exec('COMMIT');
       db.close();
       parentPort.postMessage('released');`,
      { eval: true, workerData: { module: createRequire(import.meta.url).resolve('better-sqlite3'), path, ms: HOLD_MS } },
    );
    worker.once('error', failed);
    const released = new Promise<number>((r) => worker.on('message', (m) => m === 'released' && r(Date.now())));
    worker.once('message', (m) => m === 'locked' && locked({ released }));
  });

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a write that finds the store locked by another connection', () => {
  it('waits for the lock without blocking the event loop, then writes', async () => {
    const ctx = createContext({ db: path, now: NOW });
    try {
      const { released } = await holdLock();
      let ticks = 0;
      const ticker = setInterval(() => ticks++, 10);
      const written = ctx.store.webhooks.releaseLeases('', NOW, NOW).then((n) => ({ n, at: Date.now() }));
      const [{ n, at }, freed] = await Promise.all([written, released]);
      clearInterval(ticker);
      expect(n).toBe(0);
      // It really waited for the other connection's commit...
      expect(at).toBeGreaterThanOrEqual(freed);
      // ...while timers kept firing: a thread asleep in SQLite's busy handler fires none until it wakes.
      expect(ticks).toBeGreaterThanOrEqual(10);
    } finally {
      await closeContext(ctx);
    }
  });
});

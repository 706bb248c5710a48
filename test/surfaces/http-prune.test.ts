// Account-data pruning of `tm serve` (issue 14, point 6). The startup prune used to run in a
// setImmediate after the port opened, beside the first requests: a store made read-only or closed
// right after listen (as the health tests do) made it fail, and a shutdown could close the store
// under it. It now completes before the port opens, and never runs once shutdown has begun.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closeContext, createContext, type Context } from '../../src/context.js';
import { createHttpServer } from '../../src/http/server.js';
import { sqliteDb } from '../../src/store/sqlite/store.js';
import { closeUnderneath, sqlRows } from '../helpers/raw-sql.js';
import { releaseLocation, storeLocation } from '../helpers/test-backend.js';

const NOW = '2026-11-22T12:00:00.000Z';
let dir = '';
let db = '';
afterEach(async () => {
  await releaseLocation(db);
  rmSync(dir, { recursive: true, force: true });
});

const open = (): { ctx: Context; warnings: string[] } => {
  dir = mkdtempSync(join(tmpdir(), 'tm-prune-'));
  db = storeLocation(dir);
  const warnings: string[] = [];
  const ctx = createContext({ db, now: NOW }, { info: () => undefined, warn: (m) => warnings.push(m) });
  return { ctx, warnings };
};

const tick = () => new Promise((r) => setTimeout(r, 50));

describe('tm serve prunes account data before it listens', () => {
  it('an expired idempotent response is gone when listen resolves; a fresh one stays', async () => {
    const { ctx, warnings } = open();
    await ctx.store.auth.idempotency.claim('org_a', true, 'old', 'f', '2026-11-20T12:00:00.000Z', '2026-11-19T00:00:00.000Z', '2026-11-19T00:00:00.000Z');
    await ctx.store.auth.idempotency.claim('org_a', true, 'new', 'f', '2026-11-22T11:00:00.000Z', '2026-11-19T00:00:00.000Z', '2026-11-19T00:00:00.000Z');
    const server = createHttpServer({ context: ctx, accessLog: 'off' });
    await server.listen(0);
    const keys = (await sqlRows<{ key: string }>(ctx.store, 'SELECT key FROM idempotency ORDER BY key')).map((r) => r.key);
    expect(keys).toEqual(['new']);
    await server.shutdown();
    await closeContext(ctx);
    expect(warnings).toEqual([]);
  });

  it('a store made read-only, then closed, right after listen logs no prune failure', async () => {
    const { ctx, warnings } = open();
    const server = createHttpServer({ context: ctx, accessLog: 'off' });
    await server.listen(0);
    // A read-only switch on the open handle is SQLite's; on PostgreSQL the store is only closed under it.
    if (ctx.store.backend === 'sqlite') sqliteDb(ctx.store).pragma('query_only = ON');
    await tick();
    await closeUnderneath(ctx.store);
    await tick();
    await server.shutdown();
    expect(warnings).toEqual([]);
  });
});

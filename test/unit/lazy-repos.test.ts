// A SQLite store makes each repository on its first use (src/store/lazy-repos.ts): nothing is
// made on open, a repository read twice is the same object, and one replaced before its first
// read (a test's stand-in) stays replaced.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../src/store/sqlite/store.js';

describe('lazy repositories', () => {
  it('makes a repository when first read, once, and keeps a replacement', async () => {
    const store = openSqliteStore(':memory:');
    try {
      expect(Object.getOwnPropertyDescriptor(store, 'events')!.get).toBeTypeOf('function');
      const events = store.events;
      expect(Object.getOwnPropertyDescriptor(store, 'events')!.value).toBe(events);
      expect(store.events).toBe(events);
      expect(await store.trademarks.get(['tm_missing'])).toEqual(new Map());
      const standIn = { ...store.offices };
      store.offices = standIn;
      expect(store.offices).toBe(standIn);
      expect(Object.keys(store)).toEqual(expect.arrayContaining(['trademarks', 'events', 'watches', 'ids']));
    } finally {
      await store.close();
    }
  });

  it('applies nothing when a current store is opened again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tm-lazy-'));
    try {
      const first = openSqliteStore(join(dir, 'tm.db'));
      expect((await first.migrate()).length).toBeGreaterThan(10);
      await first.close();
      const again = openSqliteStore(join(dir, 'tm.db'));
      expect(await again.migrate()).toEqual([]);
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

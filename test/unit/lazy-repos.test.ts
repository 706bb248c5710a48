// A SQLite store makes each repository on its first use (src/store/lazy-repos.ts): nothing is
// made on open, a repository read twice is the same object, and one replaced before its first
// read (a test's stand-in) stays replaced. A repository that is only read prepares no write
// statement: the trademarks' write side (and the ledger writer it projects with) is made on the
// first write.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSqliteStore, sqliteDb } from '../../src/store/sqlite/store.js';
import { makeRecord } from '../helpers/factory.js';

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

  it('prepares no write statement for a read of the trademarks, and the write side on the first upsert', async () => {
    const store = openSqliteStore(':memory:');
    try {
      const db = sqliteDb(store);
      const prepared: string[] = [];
      const prepare = db.prepare.bind(db);
      db.prepare = ((sql: string) => {
        prepared.push(sql.trim());
        return prepare(sql);
      }) as typeof db.prepare;
      expect(await store.trademarks.get(['tm_missing'])).toEqual(new Map());
      expect(await store.trademarks.findId('EM', '018000001')).toBeNull();
      expect(prepared.filter((sql) => !sql.startsWith('SELECT'))).toEqual([]);
      expect(prepared).toHaveLength(3);
      const record = makeRecord({ mark_text: 'LUPO NERO' });
      await store.trademarks.upsert([record], '2026-11-01T00:00:00.000Z');
      expect(prepared.some((sql) => sql.startsWith('INSERT INTO trademarks'))).toBe(true);
      expect((await store.trademarks.get([record.id])).get(record.id)?.mark_text).toBe('LUPO NERO');
    } finally {
      await store.close();
    }
  });
});

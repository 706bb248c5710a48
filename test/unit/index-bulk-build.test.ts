import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fromBlob } from '../../src/store/gram-postings.js';
import { createSearchWriter } from '../../src/store/sqlite/search-write-repo.js';
import { join } from 'node:path';
import { keyHash } from '../../src/search/analyze.js';
import { closeContext, createContext } from '../../src/context.js';
import { makeRecord, tempContext, type TempContext } from '../helpers/factory.js';
import { sqliteDb } from '../../src/store/sqlite/store.js';
import { decodeRecord } from '../../src/store/sqlite/records/record-codec.js';

const markIndexes = (t: TempContext): string[] =>
  sqliteDb(t.ctx.store).prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'search_mark_%' ORDER BY name").pluck().all() as string[];

/** Postings filed under channel keys: each list's bytes / 4 (migration 092). */
const keyPostings = (t: TempContext): number => sqliteDb(t.ctx.store).prepare('SELECT SUM(length(mids)) / 4 FROM search_key').pluck().get() as number;

/** A packed list table (search_gram, search_key) as (key, length, trademark ids): mids differ between two stores. */
const packedLists = (c: TempContext, table: string) => {
  const ids = new Map(sqliteDb(c.ctx.store).prepare('SELECT mid, trademark_id FROM search_mark').raw().all() as [number, string][]);
  const rows = sqliteDb(c.ctx.store).prepare(`SELECT hl >> 8, hl & 255, mids FROM ${table} ORDER BY hl`).raw().all() as [number, number, Buffer][];
  return rows.map(([h, len, blob]) => [h, len, [...fromBlob(blob)].map((mid) => ids.get(mid)).sort()]);
};
const gramLists = (c: TempContext) => packedLists(c, 'search_gram');

/** A second process's context on the same store file. */
const tempContextOn = (t: TempContext) => createContext({ db: join(t.dir, 'tm.db'), now: '2026-11-22T12:00:00.000Z' });

let t: TempContext;
beforeEach(() => {
  t = tempContext();
});
afterEach(async () => {
  await t.cleanup();
});

describe('building an empty search index in bulk', () => {
  it('stages keys past one statement, sorts them in, and builds the row indexes again', async () => {
    const names = ['KODAK', 'KODACK', 'BLUE OCEAN', 'OCEAN BLUE', 'PLAY-DOH', 'SEIKO', 'STARBUCKS', 'ICEBUCKS'];
    const records = Array.from({ length: 160 }, (_, i) => makeRecord({ application_number: String(1000 + i), mark_text: names[i % names.length] }));
    await t.ctx.store.trademarks.upsert(records, '2026-01-01T00:00:00.000Z');
    const before = markIndexes(t);
    expect(before).toEqual(['search_mark_compact', 'search_mark_filing', 'search_mark_rcompact']);
    expect((await t.ctx.index.sync()).indexed).toBe(160);
    expect(markIndexes(t)).toEqual(before);
    // 160 marks of many keys each: each hash range gets more rows than one staging statement carries (100).
    expect(keyPostings(t)).toBeGreaterThan(16 * 100);
    const hits = await t.ctx.index.search('kodak', new Set(['identical', 'fuzzy']), {}, 'relevance', 50);
    const kodack = records.filter((r) => r.mark_text === 'KODACK').map((r) => r.id);
    expect(hits.map((h) => h.trademarkId)).toEqual(expect.arrayContaining(kodack));
  });

  it('files the same keys as a build mark by mark', async () => {
    const texts = ['KODAK', 'BLUE OCEAN', 'PLAY-DOH', 'SEIKO', 'ICEBUCKS', '4EVER YOUNG', 'XCEED', 'COCA-COLA'];
    const records = texts.map((mark_text, i) => makeRecord({ application_number: String(2000 + i), mark_text }));
    await t.ctx.store.trademarks.upsert(records, '2026-01-01T00:00:00.000Z');
    await t.ctx.index.sync();
    const other = tempContext();
    try {
      await other.ctx.store.trademarks.upsert(records.slice(0, 1), '2026-01-01T00:00:00.000Z');
      await other.ctx.index.sync();
      await other.ctx.store.trademarks.upsert(records.slice(1), '2026-01-01T00:00:00.000Z');
      await other.ctx.index.sync();
      const keys = (c: TempContext) => sqliteDb(c.ctx.store).prepare('SELECT hl >> 8 AS h, hl & 255 AS len, mids FROM search_key ORDER BY hl').all();
      expect(keys(other)).toEqual(keys(t));
      expect(gramLists(other)).toEqual(gramLists(t));
      expect(gramLists(t).length).toBeGreaterThan(30);
      // The trigram table too: the same marks found for the same substrings, built in bulk or mark by mark.
      const texts = (c: TempContext, q: string) =>
        sqliteDb(c.ctx.store).prepare('SELECT rowid FROM search_fts WHERE search_fts MATCH ? ORDER BY rowid').pluck().all(q);
      for (const q of ['oce', 'buck', 'ever', 'kod']) {
        expect(texts(t, q)).not.toEqual([]);
        expect(texts(other, q)).toEqual(texts(t, q));
      }
    } finally {
      await other.cleanup();
    }
  });

  it('a bulk build that stopped half-way leaves the row indexes dropped until the next writer syncs; a reader never builds them', async () => {
    await t.ctx.store.trademarks.upsert([makeRecord({ mark_text: 'SEIKO' })], '2026-01-01T00:00:00.000Z');
    const writer = createSearchWriter(sqliteDb(t.ctx.store));
    await writer.beginBulk();
    expect(markIndexes(t)).toEqual([]);
    const reader = tempContextOn(t);
    try {
      expect(await reader.index.lag()).toBe(1);
      expect(markIndexes(t)).toEqual([]);
      expect(await reader.index.sync()).toEqual({ indexed: 1, busy: false });
      expect(markIndexes(t)).toHaveLength(3);
    } finally {
      await closeContext(reader);
    }
    expect(await t.ctx.index.lag()).toBe(0);
  });
});

describe('an incremental sync that fails', () => {
  it('leaves no staged keys behind for the next sync to file', async () => {
    const at = '2026-01-01T00:00:00.000Z';
    await t.ctx.store.trademarks.upsert([makeRecord({ application_number: '1', mark_text: 'SEIKO' })], at);
    await t.ctx.index.sync();
    const db = sqliteDb(t.ctx.store);
    db.exec("CREATE TEMP TRIGGER boom BEFORE INSERT ON search_mark WHEN NEW.mark_text = 'BOOM' BEGIN SELECT RAISE(ABORT, 'boom'); END");
    await t.ctx.store.trademarks.upsert(
      [makeRecord({ application_number: '2', mark_text: 'KODAK' }), makeRecord({ application_number: '3', mark_text: 'BOOM' })],
      at,
    );
    await expect(t.ctx.index.sync()).rejects.toThrow(/boom/);
    db.exec('DROP TRIGGER boom');
    // The mark that was staged before the failure now reads differently: its old keys must not come back.
    await t.ctx.store.trademarks.upsert([makeRecord({ application_number: '2', mark_text: 'BLUE OCEAN', source_date: '2024-02-01' })], at);
    await t.ctx.index.sync();

    const fresh = tempContext();
    try {
      const rows = ['1', '2', '3'].map((n) => sqliteDb(t.ctx.store).prepare('SELECT record FROM trademarks WHERE application_number = ?').pluck().get(n) as Buffer).map(decodeRecord);
      await fresh.ctx.store.trademarks.upsert([JSON.parse(rows[0]!)], at);
      await fresh.ctx.index.sync();
      await fresh.ctx.store.trademarks.upsert(rows.slice(1).map((r) => JSON.parse(r)), at);
      await fresh.ctx.index.sync();
      expect(packedLists(t, 'search_key')).toEqual(packedLists(fresh, 'search_key'));
      expect(gramLists(t)).toEqual(gramLists(fresh));
    } finally {
      await fresh.cleanup();
    }
  });
});

describe('a mark whose text changes', () => {
  it('leaves its old trigram lists, joins the new ones, and a list left empty goes', async () => {
    const at = '2026-01-01T00:00:00.000Z';
    await t.ctx.store.trademarks.upsert([makeRecord({ application_number: '1', mark_text: 'KODAK' }), makeRecord({ application_number: '2', mark_text: 'KODAL' })], at);
    await t.ctx.index.sync();
    const lists = (key: string) => gramLists(t).filter(([h]) => h === keyHash(key)).map(([, len, ids]) => [len, ids]);
    const [kodak, kodal] = ['1', '2'].map((n) => sqliteDb(t.ctx.store).prepare('SELECT id FROM trademarks WHERE application_number = ?').pluck().get(n) as string);
    expect(lists('g:kod')).toEqual([[6, [kodak, kodal].sort()]]);
    expect(lists('g:dak')).toEqual([[6, [kodak]]]);
    await t.ctx.store.trademarks.upsert([makeRecord({ application_number: '1', mark_text: 'ZEBRA', source_date: '2024-02-01' })], at);
    await t.ctx.index.sync();
    expect(lists('g:kod')).toEqual([[6, [kodal]]]);
    expect(lists('g:dak')).toEqual([]);
    expect(lists('g:ebr')).toEqual([[6, [kodak]]]);
    const hits = await t.ctx.index.search('zebra', new Set(['identical', 'fuzzy']), {}, 'relevance', 5);
    expect(hits.map((h) => h.trademarkId)).toEqual([kodak]);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { serializeRecord } from '../../src/core/diff.js';
import { openSqliteStore, sqliteDb } from '../../src/store/sqlite/store.js';
import { makeRecord, tempContext, type TempContext } from '../helpers/factory.js';

/** The indexes of the tables a load manages (later side tables, such as trademark_citations, keep theirs). */
const INDEXES_SQL =
  "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name IN ('trademarks', 'trademark_owners', 'trademark_classes', 'trademark_representatives', 'party_stats') AND name NOT LIKE 'sqlite_%' ORDER BY name";

const indexNames = (t: TempContext): string[] => sqliteDb(t.ctx.store).prepare(INDEXES_SQL).pluck().all() as string[];

describe('trademark loads', () => {
  let t: TempContext;
  beforeEach(() => {
    t = tempContext();
  });
  afterEach(async () => {
    await t.cleanup();
  });

  it('a load into an empty table drops the query indexes and builds them again when it finishes', async () => {
    const before = indexNames(t);
    expect(before).toEqual(expect.arrayContaining(['trademarks_app', 'trademarks_reg', 'trademark_owners_owner', 'trademark_representatives_party', 'party_stats_by_marks']));
    const load = await t.ctx.store.trademarks.beginLoad();
    expect(load.bulk).toBe(true);
    expect(indexNames(t)).toEqual(['trademarks_seq']);
    await t.ctx.store.trademarks.upsert([makeRecord({ application_number: '1', registration_number: '555' })], '2026-01-01T00:00:00.000Z');
    await load.finish();
    expect(indexNames(t)).toEqual(before);
    expect(await t.ctx.store.trademarks.findId('US', '555')).toBe(makeRecord({ application_number: '1' }).id);
  });

  it('a load into a table that has rows keeps its indexes', async () => {
    await t.ctx.store.trademarks.upsert([makeRecord()], '2026-01-01T00:00:00.000Z');
    const load = await t.ctx.store.trademarks.beginLoad();
    expect(load.bulk).toBe(false);
    expect(indexNames(t)).toContain('trademarks_app');
    await load.finish();
  });

  it('an interrupted bulk load leaves its indexes to the next writer to start; a reader never builds them', async () => {
    const before = indexNames(t);
    // Never finished, as if the load were killed (the lease names this process, so it counts as free).
    await t.ctx.store.trademarks.beginLoad();
    const reopened = openSqliteStore(join(t.dir, 'tm.db'));
    const names = () => reopened.db.prepare(INDEXES_SQL).pluck().all();
    try {
      // trademarks_seq is not one of the indexes a load drops.
      expect(names()).toEqual(['trademarks_seq']);
      expect(await reopened.trademarks.get(['tm_x'])).toEqual(new Map());
      expect(names()).toEqual(['trademarks_seq']);
      expect(await reopened.trademarks.restoreIndexes()).toBe(true);
      expect(names()).toEqual(before);
      expect(await reopened.trademarks.restoreIndexes()).toBe(false);
    } finally {
      await reopened.close();
    }
  });

  it('the content hash ignores where and when a record was read, and the stored JSON keeps both', () => {
    const a = makeRecord({ source_date: '2024-01-01', source_format: 'st66' });
    const b = makeRecord({ source_date: '2025-06-30', source_format: 'st96' });
    const c = makeRecord({ source_date: '2024-01-01', source_format: 'st66', mark_text: 'OTHER' });
    expect(serializeRecord(a).hash).toBe(serializeRecord(b).hash);
    expect(serializeRecord(a).hash).not.toBe(serializeRecord(c).hash);
    expect(JSON.parse(serializeRecord(b).json)).toEqual(b);
  });
});

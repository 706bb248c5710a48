// Migration 037 moves the q-gram path's trigram postings into packed lists (search_gram) and empties
// the index, so that the next writer's sync rebuilds it; between the two a search finds nothing and
// the lag says why. A store from before it is simulated by taking the table and its record away.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeContext, createContext } from '../../src/context.js';
import { keyHash } from '../../src/search/analyze.js';
import { fromBlob } from '../../src/store/gram-postings.js';
import { makeRecord, tempContext, type TempContext } from '../helpers/factory.js';
import { sqliteDb } from '../../src/store/sqlite/store.js';

let t: TempContext;
beforeEach(() => {
  t = tempContext();
});
afterEach(async () => t.cleanup());

const NOW = '2026-01-01T00:00:00.000Z';

describe('migration 037 (packed trigram postings)', () => {
  it('empties an older index, and the next sync files each trigram once per length with every mark in it', async () => {
    await t.ctx.store.trademarks.upsert([makeRecord({ mark_text: 'KODAK' }), makeRecord({ application_number: '2', mark_text: 'CODA' })], NOW);
    await t.ctx.index.sync();
    sqliteDb(t.ctx.store).exec('DROP TABLE search_gram; DELETE FROM schema_migrations WHERE version IN (37, 93)');
    await closeContext(t.ctx);

    const ctx = createContext({ db: join(t.dir, 'tm.db'), now: NOW });
    try {
      const lists = () =>
        (sqliteDb(ctx.store).prepare('SELECT hl & 255, mids FROM search_gram WHERE hl >> 8 = ? ORDER BY hl').raw().all(keyHash('g:oda')) as [number, Buffer][]).map(([len, b]) => [len, [...fromBlob(b)]]);
      expect(lists()).toEqual([]);
      expect(await ctx.index.search('kodak', new Set(['identical']), {}, 'relevance', 10)).toEqual([]);
      expect(await ctx.index.lag()).toBeGreaterThan(0);
      expect((await ctx.index.sync()).indexed).toBe(2);
      // CODA has 5 trigrams, KODAK 6: one list each, under the trigram ODA they share.
      const mids = sqliteDb(ctx.store).prepare('SELECT mid FROM search_mark ORDER BY mid').pluck().all() as number[];
      expect(lists()).toEqual([[5, [mids[1]]], [6, [mids[0]]]]);
      expect(sqliteDb(ctx.store).prepare("SELECT COUNT(*) FROM search_key WHERE hl >> 8 = ?").pluck().get(keyHash('g:oda'))).toBe(0);
      expect(await ctx.index.lag()).toBe(0);
      expect((await ctx.index.search('kodak', new Set(['identical']), {}, 'relevance', 10))[0]!.scored.tier).toBe('identical');
    } finally {
      await closeContext(ctx);
    }
  });
});

// Migration 036 empties the search index so that the next writer's sync files every mark under
// issue 10's new sound keys (PH read as F); a mark filed before it is found by its new key after.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keyHash } from '../../src/search/analyze.js';
import { soundKey } from '../../src/search/normalize.js';
import { MIGRATIONS } from '../../src/store/sqlite/migrations/index.js';
import { makeRecord, tempContext, type TempContext } from '../helpers/factory.js';
import { sqliteDb } from '../../src/store/sqlite/store.js';

let t: TempContext;
beforeEach(() => {
  t = tempContext();
});
afterEach(async () => t.cleanup());

const soundRows = (): number => sqliteDb(t.ctx.store).prepare('SELECT COUNT(*) FROM search_key WHERE hl >> 8 = ?').pluck().get(keyHash(`u:${soundKey('fotonik')}`)) as number;

describe('migration 036 (sound keys)', () => {
  it('empties the index, and the next sync files the marks under the new keys', async () => {
    await t.ctx.store.trademarks.upsert([makeRecord({ mark_text: 'PHOTONIK' })], '2026-01-01T00:00:00.000Z');
    await t.ctx.index.sync();
    // Stand in for a store indexed before 036: its PHOTONIK rows carry the old sound key.
    sqliteDb(t.ctx.store).prepare('DELETE FROM search_key WHERE hl >> 8 = ?').run(keyHash(`u:${soundKey('fotonik')}`));
    expect(soundRows()).toBe(0);
    sqliteDb(t.ctx.store).exec(MIGRATIONS.find((m) => m.version === 36)!.sql);
    expect(await t.ctx.index.lag()).toBeGreaterThan(0);
    expect((await t.ctx.index.sync()).indexed).toBe(1);
    expect(soundRows()).toBe(1);
    const hits = await t.ctx.index.search('FOTONIK', new Set(['identical', 'fuzzy']), {}, 'relevance', 10);
    expect(hits.map((h) => h.scored.tier)).toEqual(['similar']);
  });
});

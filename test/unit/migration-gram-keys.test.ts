// Migration 035 empties the search index so that the next writer's sync files every mark's new
// q-gram keys; between the two a search finds nothing and the lag says why.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keyHash } from '../../src/search/analyze.js';
import { MIGRATIONS } from '../../src/store/migrations/index.js';
import { makeRecord, tempContext, type TempContext } from '../helpers/factory.js';

let t: TempContext;
beforeEach(() => {
  t = tempContext();
});
afterEach(async () => t.cleanup());

const gramRows = (): number => t.ctx.store.db.prepare('SELECT COUNT(*) FROM search_key WHERE h = ?').pluck().get(keyHash('g:oda')) as number;

describe('migration 035 (q-gram keys)', () => {
  it('empties the index, and the next sync rebuilds it with g: keys', async () => {
    await t.ctx.store.trademarks.upsert([makeRecord({ mark_text: 'KODAK' }), makeRecord({ application_number: '2', mark_text: 'CODA' })], '2026-01-01T00:00:00.000Z');
    await t.ctx.index.sync();
    expect(gramRows()).toBe(2);
    const sql = MIGRATIONS.find((m) => m.version === 35)!.sql;
    t.ctx.store.db.exec(sql);
    expect(gramRows()).toBe(0);
    expect(await t.ctx.index.search('kodak', new Set(['identical']), {}, 'relevance', 10)).toEqual([]);
    expect(await t.ctx.index.lag()).toBeGreaterThan(0);
    expect((await t.ctx.index.sync()).indexed).toBe(2);
    expect(gramRows()).toBe(2);
    expect(await t.ctx.index.lag()).toBe(0);
    expect((await t.ctx.index.search('kodak', new Set(['identical']), {}, 'relevance', 10))[0]!.scored.tier).toBe('identical');
  });
});

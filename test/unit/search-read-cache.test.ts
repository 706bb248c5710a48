// The index's posting reads with and without the posting cache in front (a real store): the
// cached answer must be the read's own, for small keys read whole and common keys read capped,
// and a key the cache knows to be common is read without the probe.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyHash } from '../../src/search/analyze.js';
import { createPostingCache } from '../../src/search/posting-cache.js';
import type { KeyRange } from '../../src/store/search-repo.js';
import { createSearchRepo } from '../../src/store/sqlite/search-repo.js';
import { makeRecord, tempContext, type TempContext } from '../helpers/factory.js';
import { sqliteDb } from '../../src/store/sqlite/store.js';

let t: TempContext;
// 120 marks share the word GROUP (a common key), 3 the word ZEPHYR (a small one).
const MARKS = [...Array.from({ length: 120 }, (_, i) => `MARK${String.fromCharCode(65 + (i % 26))}${i} GROUP`), 'ZEPHYR ONE', 'ZEPHYR TWO', 'ZEPHYR THREE'];

beforeAll(async () => {
  t = tempContext();
  await t.ctx.store.trademarks.upsert(MARKS.map((mark_text, i) => makeRecord({ mark_text, application_number: String(70000 + i) })), '2026-11-01T00:00:00.000Z');
  await t.ctx.index.sync();
});
afterAll(async () => t.cleanup());

const reads: KeyRange[] = [
  { hash: keyHash('w:group'), min: 0, max: 255 },
  { hash: keyHash('w:zephyr'), min: 0, max: 255 },
  { hash: keyHash('w:nothing'), min: 0, max: 255 },
];

describe('posting reads through the cache', () => {
  it('give what the index gives, on a first and a second read', async () => {
    const repo = createSearchRepo(sqliteDb(t.ctx.store));
    const cap = (i: number, common: ReadonlySet<number>) => (common.has(0) && i === 0 ? 50 : 400);
    const plain = (await repo.postingsOf(reads, cap)).map((r) => [...Array.from(r)]);
    expect(plain[0]).toHaveLength(50);
    expect(plain[1]).toHaveLength(3);
    expect(plain[2]).toHaveLength(0);
    const cache = createPostingCache();
    cache.validate('1');
    expect((await repo.postingsOf(reads, cap, cache)).map((r) => [...Array.from(r)])).toEqual(plain);
    expect(cache.known(reads[0]!.hash, 0, 255)).toBe(50);
    expect((await repo.postingsOf(reads, cap, cache)).map((r) => [...Array.from(r)])).toEqual(plain);
  });

  it('asks for the cap of a key the cache knows as common with that key among the common ones', async () => {
    const repo = createSearchRepo(sqliteDb(t.ctx.store));
    const cache = createPostingCache();
    cache.validate('1');
    await repo.postingsOf(reads, () => 60, cache);
    const seen: number[][] = [];
    const out = await repo.postingsOf(reads, (i, common) => (seen.push([i, ...common]), 45), cache);
    expect(seen).toEqual([[0, 0]]);
    expect(out[0]).toHaveLength(45);
    expect(Array.from(out[0]!)).toEqual(Array.from((await repo.postingsOf(reads, () => 45))[0]!));
  });
});

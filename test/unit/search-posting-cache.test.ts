// The posting cache in front of the index's capped reads: a cached read must answer exactly what
// the read itself would (a prefix of a longer read, the whole of a short one), go back to the
// index when it holds too little, and forget everything when the index moves on.
import { describe, expect, it } from 'vitest';
import { createPostingCache, type PostingCache } from '../../src/search/posting-cache.js';

/** A capped read through the cache, as the store's posting reads make it: the cache's rows when it holds enough, else the read's, kept. */
const through = (cache: PostingCache, hash: number, min: number, max: number, cap: number, read: () => number[]) =>
  cache.get(hash, min, max, cap) ?? cache.put(hash, min, max, cap, read());

/** A key's postings in index order, and a reader that counts its trips. */
const index = (n: number) => {
  const all = Array.from({ length: n }, (_, i) => i * 256 + 3);
  const trips: number[] = [];
  return { trips, read: (cap: number) => () => (trips.push(cap), all.slice(0, cap)) };
};

describe('the posting cache', () => {
  it('answers a shorter read with the prefix of a longer one, without a trip', () => {
    const cache = createPostingCache();
    cache.validate('10');
    const ix = index(500);
    expect([...through(cache, 7, 1, 9, 300, ix.read(300))]).toHaveLength(300);
    const again = through(cache, 7, 1, 9, 120, ix.read(120));
    expect([...again]).toEqual(Array.from({ length: 120 }, (_, i) => i * 256 + 3));
    expect(ix.trips).toEqual([300]);
  });

  it('goes back to the index for a longer read than it holds, and keeps the longer one', () => {
    const cache = createPostingCache();
    cache.validate('10');
    const ix = index(500);
    through(cache, 7, 1, 9, 100, ix.read(100));
    expect(through(cache, 7, 1, 9, 400, ix.read(400))).toHaveLength(400);
    expect(through(cache, 7, 1, 9, 350, ix.read(350))).toHaveLength(350);
    expect(ix.trips).toEqual([100, 400]);
  });

  it('treats a read that came back short as the whole list, for any cap', () => {
    const cache = createPostingCache();
    cache.validate('10');
    const ix = index(30);
    expect(through(cache, 7, 1, 9, 100, ix.read(100))).toHaveLength(30);
    expect(through(cache, 7, 1, 9, 5000, ix.read(5000))).toHaveLength(30);
    expect(cache.known(7, 1, 9)).toBe(30);
    expect(ix.trips).toEqual([100]);
  });

  it('keeps length windows apart', () => {
    const cache = createPostingCache();
    cache.validate('10');
    const ix = index(50);
    through(cache, 7, 1, 9, 100, ix.read(100));
    through(cache, 7, 2, 9, 100, ix.read(100));
    expect(ix.trips).toHaveLength(2);
  });

  it('forgets every read when the index moves on', () => {
    const cache = createPostingCache();
    cache.validate('10');
    const ix = index(50);
    through(cache, 7, 1, 9, 100, ix.read(100));
    cache.validate('11');
    expect(cache.known(7, 1, 9)).toBe(0);
    through(cache, 7, 1, 9, 100, ix.read(100));
    expect(ix.trips).toEqual([100, 100]);
  });

  it('stays within two generations of postings', () => {
    const cache = createPostingCache(1000);
    cache.validate('10');
    const ix = index(400);
    for (let h = 0; h < 10; h++) through(cache, h, 1, 9, 400, ix.read(400));
    // Keys 0..5 have aged out; 6..9 are still held.
    through(cache, 0, 1, 9, 400, ix.read(400));
    through(cache, 9, 1, 9, 400, ix.read(400));
    expect(ix.trips).toHaveLength(11);
  });
});

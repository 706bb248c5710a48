// The channel keys' postings on SQLite (migrations 092, 093): one search_key row per key hash and
// near-form length, holding the ids of the marks filed there as a packed list (src/store/gram-postings.ts's
// sorted little-endian Uint32 array). One row per mark and key (31 a mark) made search_key the
// largest table after the records; most keys are shared, and a list files a mark in 4 bytes
// where a row took about 21. The list's length in bytes / 4 is its size, so a probe counts a key's
// marks in SQL without reading the list.
//
// The row's key is one integer, `hl` = hash × 256 + length (the rowid; hashes are below 2^52 and
// lengths are capped at 255, so it fits 60 bits and orders as (hash, length) did). Most lists hold
// one or two marks, so the key is most of a row: a rowid table keyed by one integer and appended
// to in order takes 17 % fewer bytes than the (h, len) WITHOUT ROWID table (50.5 → 42.1 MB on the
// 100,000-mark bench store). Bound numbers reach SQLite as doubles, which cannot hold `hl`: it is
// only ever computed in SQL, from integer-cast parts (`keyAt`).
import { fromBlob, mergeMids, toBlob } from '../gram-postings.js';
import type { Db } from './sqlite.js';

/**
 * True when the mids arrived sorted and without repeats: staged rows mostly do (mids are handed out
 * in order), and skipping the merge then cuts the pack's CPU by a third (3.1 of 9.4 CPU-seconds over
 * the 100,000-mark bench store's 3.07M postings).
 */
const ascending = (mids: readonly number[]): boolean => {
  for (let i = 1; i < mids.length; i++) if (mids[i]! <= mids[i - 1]!) return false;
  return true;
};

/** The SQL functions that pack staged (h, len, mid) rows into lists, on this connection. */
export const registerKeyFunctions = (db: Db): void => {
  // Packs a group's mids (any order, repeats allowed) into one sorted list.
  db.aggregate('tm_pack_mids', {
    start: () => [] as number[],
    step: (mids: number[], mid: number) => {
      mids.push(mid);
      return mids;
    },
    result: (mids: number[]) => toBlob(ascending(mids) ? Uint32Array.from(mids) : mergeMids(new Uint32Array(0), Uint32Array.from(mids), [])),
  });
  // An existing list with a packed group added: an upsert's conflict branch.
  db.function('tm_merge_mids', { deterministic: true }, (old: Buffer, add: Buffer) => toBlob(mergeMids(fromBlob(old), fromBlob(add), [])));
};

/** The SQL of a row key (`hl`) from a hash and a length expression; used for search_key and search_gram. */
export const keyAt = (h: string, len: string): string => `(CAST(${h} AS INTEGER) * 256 + CAST(${len} AS INTEGER))`;

/** Moves staged (h, len, mid) rows of `source` into search_key, merged with any list already there. */
export const packInto = (db: Db, source: string, where = 'true') =>
  db.prepare(
    `INSERT INTO search_key (hl, mids) SELECT ${keyAt('h', 'len')}, tm_pack_mids(mid) FROM ${source} WHERE ${where} GROUP BY h, len
     ON CONFLICT (hl) DO UPDATE SET mids = tm_merge_mids(search_key.mids, excluded.mids)`,
  );

/** Takes marks out of their keys' lists: the lists left empty are deleted. */
export const createKeyRemover = (db: Db) => {
  const read = db.prepare<[{ h: number; len: number }], Buffer>(`SELECT mids FROM search_key WHERE hl = ${keyAt('@h', '@len')}`).pluck();
  const put = db.prepare<[{ h: number; len: number; mids: Buffer }]>(`UPDATE search_key SET mids = @mids WHERE hl = ${keyAt('@h', '@len')}`);
  const drop = db.prepare<[{ h: number; len: number }]>(`DELETE FROM search_key WHERE hl = ${keyAt('@h', '@len')}`);
  return (mid: number, len: number, hashes: readonly number[]): void => {
    for (const h of hashes) {
      const old = read.get({ h, len });
      if (!old) continue;
      const mids = mergeMids(fromBlob(old), new Uint32Array(0), [mid]);
      if (mids.length === old.length / 4) continue;
      if (mids.length > 0) put.run({ h, len, mids: toBlob(mids) });
      else drop.run({ h, len });
    }
  };
};

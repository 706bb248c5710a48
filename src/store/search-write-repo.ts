// What keeping the search index current writes: the interface a backend implements for
// src/search/index-sync.ts. It is batch-shaped: the sync analyses a batch of changed marks in
// JavaScript and hands the backend whole rows, keys and trigram lists to write in one transaction
// (a PostgreSQL backend writes them with COPY, not one round trip a mark).
import type { SearchMarkRow } from './search-repo.js';

export type SearchMarkInput = Omit<SearchMarkRow, 'mid'>;

/** What the index needs of a changed trademark, read from columns (no record JSON parsed in JS). */
export interface ChangedMark {
  seq: number;
  id: string;
  mark_text: string | null;
  office_code: string;
  status_primary: string;
  status_stage: string;
  register_type: string | null;
  /** Comma-separated Nice classes, or null. */
  classes: string | null;
  filing_date: string | null;
  registration_date: string | null;
  publication_date: string | null;
  expiry_date: string | null;
}

/** A mark's hashed keys, all filed with one length (its near length, or its trigram count). */
export interface Postings {
  len: number;
  hashes: number[];
}

/** What a mark is filed under: channel keys, trigram keys and the substring text. */
export interface MarkKeys {
  keys: Postings;
  grams: Postings;
  text: string | null;
}

/** One sync batch. New marks get the next mids in order (the largest so far + 1, as a SQLite
 *  rowid does), so both backends number the same marks alike; a changed mark keeps its mid and, when
 *  its text changed, leaves its old keys for its new ones. */
export interface IndexBatch {
  added: (MarkKeys & { row: SearchMarkInput })[];
  updated: { mid: number; row: SearchMarkInput; rekey?: { old: Omit<MarkKeys, 'text'>; now: MarkKeys } }[];
}

export interface SearchWriter {
  /** The last store sequence number the index holds (0 when never synced). */
  lastSeq(): Promise<number>;
  /** The index rows of these trademarks (those it has). */
  byTrademarks(ids: readonly string[]): Promise<SearchMarkRow[]>;
  /** Writes a batch in one transaction. With `lastSeq` its keys are filed at once and the synced
   *  sequence moves to it; without (a bulk build) keys wait for finishBulk(). */
  writeBatch(batch: IndexBatch, lastSeq: number | null): Promise<void>;
  /** Bulk build of an empty index: the row indexes are dropped until finishBulk() builds them once. */
  beginBulk(): Promise<void>;
  /** Files the bulk build's keys, builds the row indexes and, given one, sets the synced sequence. */
  finishBulk(lastSeq: number | null): Promise<void>;
  /** Forgets staged keys after a failed sync; a failed bulk build also gets its row indexes back. */
  discardKeys(bulk: boolean): Promise<void>;
  /** Empties the index (an interrupted bulk build starts again) and builds the row indexes it left dropped. */
  clear(): Promise<void>;
  /** The cursor secret, for a store that has none (SQLite: one whose version passed 5 before that migration existed). */
  ensureCursorSecret(): Promise<void>;
  /** Trademarks changed after a store sequence number, oldest change first. */
  changedSince(seq: number, limit: number): Promise<ChangedMark[]>;
  /** The store's latest change sequence number. */
  storeSeq(): Promise<number>;
  count(): Promise<number>;
}

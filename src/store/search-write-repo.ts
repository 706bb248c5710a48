// What keeping the search index current writes: the interface a backend implements for src/search/index-sync.ts.
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

export interface SearchWriter {
  /** The last store sequence number the index holds (0 when never synced). */
  lastSeq(): number;
  setLastSeq(seq: number): void;
  byTrademark(id: string): SearchMarkRow | undefined;
  insertMark(row: SearchMarkInput): number;
  updateMark(row: SearchMarkRow): void;
  /** Makes the temp staging tables (outside a transaction: one that rolls back would drop them). */
  prepareStaging(): void;
  /** Files keys for a mark; they reach search_key at the next flushKeys(), in the same transaction. */
  stageKeys(mid: number, len: number, hashes: readonly number[]): void;
  /** Files a mark under its trigram keys (packed lists, written at the next flushKeys()). */
  addGrams(mid: number, len: number, hashes: readonly number[]): void;
  removeGrams(mid: number, len: number, hashes: readonly number[]): void;
  flushKeys(): void;
  /** Bulk build of an empty index: the row indexes are dropped until finishBulk() builds them once. */
  beginBulk(): void;
  finishBulk(): void;
  /** Forgets staged keys after a failed sync; a failed bulk build also gets its row indexes back. */
  discardKeys(bulk: boolean): void;
  /** Empties the index (an interrupted bulk build starts again) and builds the row indexes it left dropped. */
  clear(): void;
  removeKeys(mid: number, len: number, hashes: readonly number[]): void;
  setText(mid: number, body: string | null): void;
  /** Migration 5's cursor secret, for a store whose version passed 5 before that migration existed. */
  ensureCursorSecret(): void;
  /** Runs `fn` in one write transaction. */
  write<T>(fn: () => T): T;
  /** Trademarks changed after a store sequence number, oldest change first. */
  changedSince(seq: number, limit: number): ChangedMark[];
  /** The store's latest change sequence number. */
  storeSeq(): number;
  count(): number;
}

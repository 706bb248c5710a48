// What the search index reads (postings, mark forms, filtered lists) and the filter types it takes:
// the interface a backend implements for src/search/search-index.ts. Every read is async (a
// PostgreSQL backend makes round trips) and batch-shaped: one call reads many keys.
import type { GramList } from './gram-postings.js';

export interface SearchMarkRow {
  mid: number;
  trademark_id: string;
  mark_text: string | null;
  folded: string;
  compact: string;
  rcompact: string;
  near_words: string;
  skeleton: string;
  pcodes: string;
  wcodes: string;
  office_code: string;
  status_primary: string;
  status_stage: string;
  register_type: string | null;
  classes: number;
  filing_date: string | null;
  registration_date: string | null;
  publication_date: string | null;
  expiry_date: string | null;
}

/** The columns the scorer and the ranking read, as a raw row: mid, trademark_id, folded, compact,
 *  near_words, skeleton, pcodes, wcodes, filing_date. */
export type MarkFormsRow = [number, string, string, string, string, string, string, string, string | null];

/** A key's postings, limited to marks whose near form is min..max characters long. */
export interface KeyRange {
  hash: number;
  min: number;
  max: number;
}

/** Where a caller keeps capped reads between queries (src/search/posting-cache.ts): how many
 *  postings of a key it is known to hold in a length range (a lower bound, 0 when unknown), the
 *  first `cap` of them when it holds enough, and a read it keeps (returned as kept). */
export interface ReadCache {
  known(hash: number, min: number, max: number): number;
  get(hash: number, min: number, max: number, cap: number): ArrayLike<number> | undefined;
  put(hash: number, min: number, max: number, cap: number, rows: ArrayLike<number>): ArrayLike<number>;
}

/** Keys with at most this many postings in range are read whole, together; every read cap is at least this. */
export const SMALL_POSTINGS = 40;

export const DATE_FIELDS = ['filing_date', 'registration_date', 'publication_date', 'expiry_date'] as const;

export type DateField = (typeof DATE_FIELDS)[number];

export type DateOp = 'gte' | 'gt' | 'lte' | 'lt';

export interface TextFilter {
  is?: string[];
  startsWith?: string[];
  endsWith?: string[];
  contains?: string[];
  notContains?: string[];
}

export interface SearchFilter {
  offices?: string[];
  niceClasses?: number[];
  statusPrimary?: string[];
  statusStage?: string[];
  registerType?: string[];
  dates?: {
    field: DateField;
    op: DateOp;
    value: string;
  }[];
  ownerIds?: string[];
  entityIds?: string[];
  /** Owner name contains (case-insensitive), any of. */
  ownerNames?: string[];
  /** Office numbers in canonical form (src/core/ids.ts canonicalNumber), any of; set only with
   *  exactly one office in `offices`, whose numbering they follow. */
  applicationNumbers?: string[];
  registrationNumbers?: string[];
  /** Values already in compact form (folded, no spacing or punctuation). */
  text?: TextFilter;
  exclude?: {
    offices?: string[];
    niceClasses?: number[];
    statusPrimary?: string[];
    ownerIds?: string[];
    entityIds?: string[];
    contains?: string[];
  };
}

/** Whether a filter (or any part of one) restricts anything: empty lists and objects do not. */
export const restricts = (v: unknown): boolean =>
  Array.isArray(v) ? v.length > 0 : v !== null && typeof v === 'object' ? Object.values(v).some(restricts) : v !== undefined;

/** Field orders of a filtered list (a leading '-' descends; ties break on the mark), or a text order. */
export type ListOrderField = 'filing_date' | '-filing_date' | 'expiry_date' | '-expiry_date' | 'mark_text' | '-mark_text' | 'updated_at' | '-updated_at';

export type ListOrder = ListOrderField | { text: string };

/** Bitmask of Nice classes 1..45 (fits in 53 bits, so exact in a JS number). */
export const classMask = (classes: readonly number[]): number => [...new Set(classes)].reduce((m, c) => m + 2 ** (c - 1), 0);

export interface SearchRepo {
  state(key: string): Promise<string | null>;
  /** About how many marks the index holds (the largest mark id: ids are never reused, so a store
   *  that deleted marks reads a little high). The candidate caps grow with it. */
  size(): Promise<number>;
  /** Runs `read` in one read transaction: every read it makes sees one snapshot. */
  snapshot<T>(read: () => Promise<T>): Promise<T>;
  /** The marks filed under each key with a near form of min..max characters, shortest first, in
   *  the order of `reads`. Keys with at most SMALL postings are read whole; the others ('common')
   *  up to `cap(i, common)`, asked once the probe has found every common key of the query.
   *  Common keys go through `cache`, and a key it knows to be common is not probed. */
  postingsOf(reads: readonly KeyRange[], cap: (i: number, common: ReadonlySet<number>) => number, cache?: ReadCache): Promise<ArrayLike<number>[]>;
  /** Trigram keys' packed lists over a range of trigram counts, ascending by count, per key in the
   *  order of `hashes` (the q-gram path). */
  gramLists(hashes: readonly number[], min: number, max: number): Promise<GramList[][]>;
  /** Marks whose compact form starts with `prefix`, shortest first (an index range, no key). */
  startingWith(prefix: string, cap: number): Promise<number[]>;
  /** Marks whose text contains a fragment (3+ characters), shortest first. */
  substring(fragment: string, cap: number): Promise<number[]>;
  /** The scoring columns of the given marks, in no particular order. */
  forms(mids: readonly number[]): Promise<MarkFormsRow[]>;
  /** Every mark's scoring columns in mid order, a batch at a time (the benchmark's exhaustive scorer). */
  scan(batch?: number): AsyncGenerator<MarkFormsRow[]>;
  /** updated_at per mark, read only when a search sorts by it (it lives in the wide trademarks rows). */
  updatedAt(mids: readonly number[]): Promise<Map<number, string>>;
  /** The subset of `mids` that pass the filter. */
  passing(mids: readonly number[], filter: SearchFilter): Promise<Set<number>>;
  list(filter: SearchFilter, order: ListOrder, limit: number, offset: number): Promise<SearchMarkRow[]>;
  total(filter: SearchFilter): Promise<number>;
}

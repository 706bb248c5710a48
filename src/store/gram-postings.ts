// The q-gram path's posting lists as the search index reads them: one list of mark ids per trigram
// key and trigram count (src/search/qgram.ts merges them).

/** One length's list of a trigram key. */
export interface GramList {
  len: number;
  mids: Uint32Array;
}

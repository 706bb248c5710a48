// Figurative-mark keys (issue 29 point 10): each mark's design codes filed under every level
// (category 03, division 03.01, section 03.01.08) so a code search reads postings, not records, and
// the perceptual hashes of mark images. The interface every backend implements.

/** One mark's design-code keys; `keys` are already expanded to every level and de-duplicated. */
export interface DesignKeys {
  id: string;
  office_code: string;
  keys: string[];
}

/** One mark's image hash: 16 hex digits (64 bits, src/search/figure/phash.ts). */
export interface ImageHash {
  id: string;
  office_code: string;
  hash: string;
}

export interface FigureRepo {
  /** Replaces the design-code keys of these marks (a mark with no keys loses its old ones). */
  putDesignKeys(marks: readonly DesignKeys[]): Promise<void>;
  /** Marks filed under any of these keys, one row per (mark, key), optionally in these offices. */
  byDesignKeys(keys: readonly string[], offices: readonly string[] | null): Promise<{ trademark_id: string; key: string }[]>;
  /** Sets these marks' image hashes (a mark has one: the last image stored for it). */
  putImageHashes(rows: readonly ImageHash[]): Promise<void>;
  /** Every stored image hash, optionally in these offices (compared in memory by Hamming distance). */
  imageHashes(offices: readonly string[] | null): Promise<{ trademark_id: string; hash: string }[]>;
}

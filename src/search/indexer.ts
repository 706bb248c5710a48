// Turning a changed trademark (read from the store's columns) into its search_mark row, its index
// keys and its trigram text.
import { classMask } from '../store/search-repo.js';
import type { ChangedMark, SearchMarkInput } from '../store/search-write-repo.js';
import { analyze, indexKeys, keyHash, type Analysis } from './analyze.js';
import { gramKeys, gramLength } from './qgram.js';
import { trigrams } from './trigram.js';

const EMPTY: Analysis = { folded: '', compact: '', near: '', nearWords: [], skeleton: '', pcodes: [], wcodes: [] };

export const analyzeText = (text: string | null): Analysis => (text && text.trim() ? analyze(text) : EMPTY);

export const toMarkRow = (r: ChangedMark, a: Analysis): SearchMarkInput => ({
  trademark_id: r.id,
  mark_text: r.mark_text,
  folded: a.folded,
  compact: a.compact,
  rcompact: [...a.compact].reverse().join(''),
  near_words: a.nearWords.join(' '),
  skeleton: a.skeleton,
  pcodes: a.pcodes.join(' '),
  wcodes: a.wcodes.map((c) => c.join(' ')).join(';'),
  office_code: r.office_code,
  status_primary: r.status_primary,
  status_stage: r.status_stage,
  register_type: r.register_type,
  classes: classMask(r.classes ? r.classes.split(',').map(Number) : []),
  filing_date: r.filing_date,
  registration_date: r.registration_date,
  publication_date: r.publication_date,
  expiry_date: r.expiry_date,
});

/** The near form's length, capped to the index's len column. */
export const nearLength = (a: { nearWords: string[] }): number => Math.min(255, a.nearWords.join('').length);

export const keyHashes = (a: Analysis): number[] => indexKeys(a).map(keyHash);

/** A mark's `g:` keys, filed with its trigram count (not its near length) in the len column. */
export const gramRows = (a: Analysis): { len: number; hashes: number[] } => {
  const grams = trigrams(a.folded);
  return { len: gramLength(grams), hashes: gramKeys(grams).map(keyHash) };
};

/** What goes into the trigram table: the compact text, and the near form when it differs (4EVER vs FOREVER). */
export const ftsBody = (a: Analysis): string | null =>
  a.compact ? (a.near && a.near !== a.compact ? `${a.compact} ${a.near}` : a.compact) : null;

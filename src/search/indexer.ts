// Turning a changed trademark (read from the store's columns) into its search_mark row, its index
// keys and its trigram text. What a mark's text gives (markForm) is pure, so the parse worker makes
// it beside a load (src/ingest/parse-worker.ts) and the sync takes it as made: one computation, on
// whichever thread has it.
import { classMask } from '../store/search-repo.js';
import type { ChangedMark, MarkKeys, SearchMarkInput } from '../store/search-write-repo.js';
import { analyze, indexKeys, keyHash, type Analysis } from './analyze.js';
import { gramKeys, gramLength } from './qgram.js';
import { trigrams } from './trigram.js';

const EMPTY: Analysis = { folded: '', compact: '', near: '', nearWords: [], skeleton: '', pcodes: [], wcodes: [] };

export const analyzeText = (text: string | null): Analysis => (text && text.trim() ? analyze(text) : EMPTY);

/** The near form's length, capped to the index's len column. */
const nearLength = (a: { nearWords: string[] }): number => Math.min(255, a.nearWords.join('').length);

/** A mark's `g:` keys, filed with its trigram count (not its near length) in the len column. */
const gramRows = (a: Analysis): { len: number; hashes: number[] } => {
  const grams = trigrams(a.folded);
  return { len: gramLength(grams), hashes: gramKeys(grams).map(keyHash) };
};

/** What goes into the trigram table: the compact text, and the near form when it differs (4EVER vs FOREVER). */
const ftsBody = (a: Analysis): string | null =>
  a.compact ? (a.near && a.near !== a.compact ? `${a.compact} ${a.near}` : a.compact) : null;

/** The search_mark columns a mark's text gives, in the order the parse worker sends them. */
export const TEXT_COLUMNS = ['folded', 'compact', 'rcompact', 'near_words', 'skeleton', 'pcodes', 'wcodes'] as const;
export type TextColumns = Pick<SearchMarkInput, (typeof TEXT_COLUMNS)[number]>;

/** Everything the index files for one mark text: its row's text columns, its keys and its trigram text. */
export interface MarkForm extends MarkKeys {
  /** The text it was made from: a form is used only for a mark whose stored text is this. */
  markText: string | null;
  columns: TextColumns;
}

export const markForm = (markText: string | null): MarkForm => {
  const a = analyzeText(markText);
  const columns: TextColumns = {
    folded: a.folded,
    compact: a.compact,
    rcompact: [...a.compact].reverse().join(''),
    near_words: a.nearWords.join(' '),
    skeleton: a.skeleton,
    pcodes: a.pcodes.join(' '),
    wcodes: a.wcodes.map((c) => c.join(' ')).join(';'),
  };
  return { markText, columns, keys: { len: nearLength(a), hashes: indexKeys(a).map(keyHash) }, grams: gramRows(a), text: ftsBody(a) };
};

/** Forms made on the parse worker for the very records they describe. */
const made = new WeakMap<object, MarkForm>();

/** Hands over the form of a record's mark text made elsewhere. */
export const adoptMarkForm = (record: object, form: MarkForm): void => {
  made.set(record, form);
};

/** The form made for this record on the parse worker, if any. */
export const madeMarkForm = (record: object): MarkForm | undefined => made.get(record);

export const toMarkRow = (r: ChangedMark, columns: TextColumns): SearchMarkInput => ({
  trademark_id: r.id,
  mark_text: r.mark_text,
  ...columns,
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

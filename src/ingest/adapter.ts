// The contract every office-format parser implements. Parsers stream: they read from a byte
// stream and yield one item per record, never holding a whole file in memory. Most formats carry
// trademark records; assignment data carries recorded assignments, TTAB data board proceedings and
// TSDR casedocs a mark's document list (told apart by `object`).
import type { Readable } from 'node:stream';
import type { AssignmentRecord } from '../core/schemas/assignment.js';
import type { DocumentListRecord } from '../core/schemas/documents.js';
import type { ProceedingRecord } from '../core/schemas/proceeding.js';
import type { TrademarkRecord } from '../core/schemas/trademark.js';

/** What any input file may hold. */
export type IngestRecord = TrademarkRecord | AssignmentRecord | ProceedingRecord | DocumentListRecord;

export type ParseItem<T extends IngestRecord = TrademarkRecord> =
  /**
   * `invalidUtf8`: the record's bytes were not valid UTF-8 and were decoded with replacement characters.
   * `warnings`: what was read but ignored (an NDJSON key the row shape does not know), one line each.
   */
  | { ok: true; recordNumber: number; record: T; invalidUtf8?: boolean; warnings?: string[] }
  /** A malformed record: reported with its number and reason, skipped, and the rest goes on. */
  | { ok: false; recordNumber: number; reason: string };

export interface FormatAdapter<T extends IngestRecord = TrademarkRecord> {
  /** The `--format` name, e.g. `uspto-daily-xml`, `st66`, `st96`, `tsdr-json`, `euipo-json`, `ndjson`. */
  name: string;
  /** Decides from the first bytes of the (decompressed) content whether this adapter reads it. */
  detect(head: string): boolean;
  /**
   * Yields records in file order. Throws TmError('input_error', …) naming the file when the file
   * as a whole is unreadable (truncated XML, not XML, not JSON).
   */
  parse(input: Readable, file: string): AsyncIterable<ParseItem<T>>;
}

// The ingest pipeline: office files → format adapter → batched store upserts (one transaction per
// batch, with its change events, ledger events and webhook outbox rows), the search index filing
// each batch after it (with the mark forms the parse worker made) → office sync bookkeeping →
// watch evaluation → a last incremental index sync.
import type { AssignmentRecord } from '../core/schemas/assignment.js';
import type { DocumentListRecord } from '../core/schemas/documents.js';
import type { ProceedingRecord } from '../core/schemas/proceeding.js';
import type { TrademarkRecord } from '../core/schemas/trademark.js';
import type { UpsertOutcome } from '../store/trademark-repo.js';
import { applyAssignments } from '../parties/apply-assignments.js';
import { applyProceedings } from '../parties/apply-proceedings.js';
import { TmError } from '../errors.js';
import { evaluateAfterIngest } from '../monitor/evaluate.js';
import type { Context } from '../context.js';
import { statSync } from 'node:fs';
import type { IngestRecord, ParseItem } from './adapter.js';
import { readRecords } from './formats.js';
import { designKeys } from '../search/figure/design-codes.js';
import { madeMarkForm, type MarkForm } from '../search/indexer.js';
import { imageIndex } from './images.js';
import { readRecordsInWorker, workerAvailable } from './parse-worker.js';
import { CONTROL_CHARACTERS, recordProblem } from './record-limits.js';

export interface IngestProgress {
  file: string;
  records: number;
  skipped: number;
  elapsedMs: number;
  /** Bytes of the input files on disk read so far, and their total: the percentage and ETA. */
  bytesRead: number;
  totalBytes: number;
  /** `reading` the files, then `indexing`: rebuilding indexes and the search index after the last record. */
  phase: 'reading' | 'indexing';
}

export interface SkippedRecord {
  file: string;
  recordNumber: number;
  reason: string;
}

/** How a record is named in a notice: office and number for a mark, else its kind. */
const markOf = (record: IngestRecord): string => (record.object === 'trademark' ? `${record.office_code} ${record.application_number}` : record.object);

export interface IngestOptions {
  format?: string;
  batchSize?: number;
  /** Parse (and serialise, and pack) on a worker thread while this one writes; by default for files of WORKER_MIN_BYTES or more. */
  parseInWorker?: boolean;
  onProgress?: (progress: IngestProgress) => void;
  onSkip?: (skipped: SkippedRecord) => void;
  /** A record stored with text a reader should look at (control characters in mark_text, invalid UTF-8), named so it can be found. */
  onTextIssue?: (issue: { file: string; recordNumber: number; mark: string; issue: string }) => void;
  /** Something read but ignored (an unknown NDJSON key), named once per file at its first record. */
  onWarning?: (w: { file: string; recordNumber: number; warning: string }) => void;
  /**
   * A bulk backfill (`tm ingest --backfill`): its changes raise no watch alerts. The first load of
   * an office is always treated as one (spec §6.1).
   */
  backfill?: boolean;
  /** Evaluate the watches after the changes commit (default true); false leaves them to `tm watches run`. */
  evaluate?: boolean;
  /** A folder of mark images named by application or registration number (`tm ingest --images`). */
  images?: string;
}

export interface IngestSummary {
  files: number;
  records: number;
  /** Of `records`, the recorded assignments (assignment data files). */
  assignments: number;
  /** Of `records`, the board proceedings (TTAB files). */
  proceedings: number;
  inserted: number;
  updated: number;
  unchanged: number;
  stale: number;
  skipped: number;
  events: number;
  /** Watch alerts raised by this run's changes. */
  alerts: number;
  indexed: number;
  skipped_records: SkippedRecord[];
  /** Stored records whose bytes were not valid UTF-8 (decoded with U+FFFD), and whose mark_text
   *  holds control or bidirectional-override characters (stored as sent; search forms drop them). */
  text_issues: { invalid_utf8: number; control_characters: number };
  failed_files: { file: string; type: string; detail: string }[];
  duration_ms: number;
  records_per_second: number;
  /** With `images`: image files read, hashes stored, files naming no mark of this run. */
  images?: { images: number; hashed: number; unmatched: number };
}

/** Below this a worker's start-up costs more than the overlap saves. */
const WORKER_MIN_BYTES = 4 * 1024 * 1024;

const fileBytes = (path: string): number => {
  try {
    return statSync(path).size;
  } catch {
    return 0; // readRecords reports the unreadable path
  }
};

/** Skipped records kept in the summary; the rest are counted and reported through onSkip only. */
const MAX_LISTED_SKIPS = 1000;

export const ingestFiles = async (ctx: Context, paths: string[], options: IngestOptions = {}): Promise<IngestSummary> => {
  const started = ctx.clock.now().getTime();
  const t0 = performance.now();
  const batchSize = options.batchSize ?? 10_000;
  const marksByNumber = options.images ? imageIndex() : null;
  const summary: IngestSummary = {
    files: 0, records: 0, assignments: 0, proceedings: 0, inserted: 0, updated: 0, unchanged: 0, stale: 0, skipped: 0, events: 0, alerts: 0, indexed: 0,
    skipped_records: [], text_issues: { invalid_utf8: 0, control_characters: 0 }, failed_files: [], duration_ms: 0, records_per_second: 0,
  };
  const perOffice = new Map<string, number>();
  let batch: TrademarkRecord[] = [];
  let assignments: AssignmentRecord[] = [];
  let proceedings: ProceedingRecord[] = [];
  let documentLists: DocumentListRecord[] = [];
  let lastProgress = 0;
  const occurredAt = new Date(started).toISOString();

  const syncedOffices = new Set((await ctx.store.offices.syncs()).keys());
  const watchEligible = (r: TrademarkRecord): boolean => !options.backfill && syncedOffices.has(r.office_code);
  const count = (outcome: Omit<UpsertOutcome, 'stale' | 'events'> & Partial<UpsertOutcome>): void => {
    summary.inserted += outcome.inserted;
    summary.updated += outcome.updated;
    summary.unchanged += outcome.unchanged;
    summary.stale += outcome.stale ?? 0;
    summary.events += outcome.events?.length ?? 0;
  };

  // A mark's assignments and proceedings, stored before or with it, move its owner of record
  // (parties/apply-assignments.ts) and its status (parties/apply-proceedings.ts).
  const applied = async (apply: typeof applyAssignments, ids: string[]): Promise<void> => {
    const moved = ids.length > 0 ? await apply(ctx, ids, occurredAt) : null;
    if (moved) summary.events += moved.events.length;
  };
  const storeMarks = async (): Promise<Map<string, MarkForm>> => {
    const forms = new Map<string, MarkForm>();
    for (const r of batch) {
      const form = madeMarkForm(r);
      if (form) forms.set(r.id, form);
    }
    const outcome = await ctx.store.trademarks.upsert(batch, occurredAt, watchEligible);
    count(outcome);
    marksByNumber?.add(batch);
    await ctx.store.figures.putDesignKeys(batch.map((r) => ({ id: r.id, office_code: r.office_code, keys: designKeys(r.design_codes) })));
    for (const r of batch) perOffice.set(r.office_code, (perOffice.get(r.office_code) ?? 0) + 1);
    const ids = batch.map((r) => r.id);
    batch = [];
    await applied(applyAssignments, await ctx.store.assignments.marksWithAssignments(ids));
    await applied(applyProceedings, await ctx.store.proceedings.marksWithProceedings(ids));
    return forms;
  };
  const flush = async (): Promise<void> => {
    if (assignments.length > 0) {
      count(await ctx.store.assignments.upsert(assignments, occurredAt));
      const touched = assignments.flatMap((a) => a.properties.flatMap((p) => (p.trademark_id ? [p.trademark_id] : [])));
      assignments = [];
      await applied(applyAssignments, touched);
    }
    if (proceedings.length > 0) {
      count(await ctx.store.proceedings.upsert(proceedings, occurredAt));
      const touched = proceedings.flatMap((p) => p.parties.flatMap((x) => x.properties.flatMap((m) => (m.trademark_id ? [m.trademark_id] : []))));
      proceedings = [];
      await applied(applyProceedings, touched);
    }
    if (documentLists.length > 0) {
      count(await ctx.store.documents.upsert(documentLists, occurredAt));
      documentLists = [];
    }
    // Assignments and proceedings change marks too: the follower files whatever the store changed.
    await follower?.step(batch.length > 0 ? await storeMarks() : new Map());
  };

  const totalBytes = paths.reduce((n, p) => n + fileBytes(p), 0);
  let doneBytes = 0;
  let pathBytes = (): number => 0;
  let phase: IngestProgress['phase'] = 'reading';
  const progress = (file: string, force = false): void => {
    const now = performance.now();
    if (!options.onProgress || (!force && now - lastProgress < 100)) return;
    lastProgress = now;
    const bytesRead = Math.min(totalBytes, doneBytes + pathBytes());
    options.onProgress({ file, records: summary.records, skipped: summary.skipped, elapsedMs: now - t0, bytesRead, totalBytes, phase });
  };

  // A writer's start: an earlier load that was killed may have left the indexes dropped.
  await ctx.store.trademarks.restoreIndexes();
  // The search index follows the load, filing each stored batch (null when another process is
  // syncing: the sync at the end waits for it). It opens before the load and finishes after it, so
  // the load settings each of them brackets are restored in order.
  const follower = await ctx.index.follow();
  let load: { finish(): Promise<void> } | null = null;
  try {
    load = await ctx.store.trademarks.beginLoad();
    for (const path of paths) {
      summary.files++;
      try {
        const inWorker = workerAvailable() && (options.parseInWorker ?? fileBytes(path) >= WORKER_MIN_BYTES);
        const entries = inWorker ? readRecordsInWorker(path, options.format, ctx.store.trademarks.recordPacker) : readRecords(path, options.format);
        for await (const entry of entries) {
          pathBytes = entry.bytesRead;
          for await (const parsed of entry.items) {
            // A trademark past a documented limit is malformed like an unparseable record.
            const problem = parsed.ok && parsed.record.object === 'trademark' ? recordProblem(parsed.record) : null;
            const item: ParseItem<IngestRecord> = problem ? { ok: false, recordNumber: parsed.recordNumber, reason: problem } : parsed;
            // From the parsed item: a stray key is worth naming even when the record is then refused.
            if (parsed.ok && parsed.warnings) {
              for (const warning of parsed.warnings) options.onWarning?.({ file: entry.entryName, recordNumber: parsed.recordNumber, warning });
            }
            if (item.ok && item.invalidUtf8) {
              summary.text_issues.invalid_utf8++;
              options.onTextIssue?.({ file: entry.entryName, recordNumber: item.recordNumber, mark: markOf(item.record), issue: 'invalid UTF-8, read with replacement characters' });
            }
            if (item.ok && item.record.object === 'assignment') {
              assignments.push(item.record);
              summary.records++;
              summary.assignments++;
              if (assignments.length >= batchSize) await flush();
            } else if (item.ok && item.record.object === 'proceeding') {
              proceedings.push(item.record);
              summary.records++;
              summary.proceedings++;
              if (proceedings.length >= batchSize) await flush();
            } else if (item.ok && item.record.object === 'document_list') {
              documentLists.push(item.record);
              summary.records++;
              if (documentLists.length >= batchSize) await flush();
            } else if (item.ok && item.record.object === 'trademark') {
              if (item.record.mark_text && CONTROL_CHARACTERS.test(item.record.mark_text)) {
                summary.text_issues.control_characters++;
                options.onTextIssue?.({ file: entry.entryName, recordNumber: item.recordNumber, mark: markOf(item.record), issue: 'control characters in mark_text' });
              }
              batch.push(item.record);
              summary.records++;
              if (batch.length >= batchSize) await flush();
            } else if (!item.ok) {
              summary.skipped++;
              const skip = { file: entry.entryName, recordNumber: item.recordNumber, reason: item.reason };
              if (summary.skipped_records.length < MAX_LISTED_SKIPS) summary.skipped_records.push(skip);
              options.onSkip?.(skip);
            }
            progress(entry.entryName);
          }
          await flush();
          progress(entry.entryName, true);
        }
      } catch (err) {
        // Whole records read before the fault were complete and stay; the file is reported as failed.
        await flush();
        if (!(err instanceof TmError) || err.type !== 'input_error') throw err;
        summary.failed_files.push({ file: path, type: err.type, detail: err.message });
      }
      doneBytes += fileBytes(path);
      pathBytes = () => 0;
    }
    await flush();
    phase = 'indexing';
    progress(paths[paths.length - 1] ?? '', true);
    const loaded = load;
    load = null;
    await loaded.finish();
  } catch (err) {
    // Cleanup never hides the first error: a failure of its own is attached to it, not thrown.
    const attach = (cleanup: unknown) => Object.assign(err as object, { cleanupError: cleanup });
    await load?.finish().catch(attach);
    await follower?.abandon(err).catch(attach);
    throw err;
  }
  summary.indexed = (await follower?.finish()) ?? 0;
  if (perOffice.size > 0) await ctx.store.offices.recordSync(perOffice, occurredAt);
  if (marksByNumber && options.images) summary.images = await marksByNumber.attach(ctx, options.images);
  // Watch alerts from the same changes, after they committed; a failure leaves the ingest standing.
  if (options.evaluate !== false) summary.alerts = (await evaluateAfterIngest(ctx))?.alerts.length ?? 0;
  // Waits for a sync another process runs (tm serve at start), then indexes what is left.
  summary.indexed += (await ctx.index.sync({ wait: true })).indexed;
  summary.duration_ms = Math.round(performance.now() - t0);
  summary.records_per_second = summary.duration_ms > 0 ? Math.round((summary.records * 1000) / summary.duration_ms) : summary.records;
  return summary;
};

// Parsing on a second thread: the worker runs the format adapter over one input path, makes each
// trademark's stored form (its JSON and content hash, and the packed bytes of a backend that
// compresses records) and its search index form (markForm: the analysis, keys and trigram keys of
// its text), and hands the records to the main thread in chunks, so that thread only writes. The
// main thread side (readRecordsInWorker) yields the same shape as readRecords, each record carrying
// its stored form (adoptStoredForm) and mark form (adoptMarkForm). Records cross as one JSON string
// per chunk (cheaper to receive than a structured clone of the objects), packed bytes and key
// hashes as transferred buffers.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { adoptStoredForm, serializeRecord } from '../core/diff.js';
import type { TrademarkRecord } from '../core/schemas/trademark.js';
import { TmError, type ErrorType } from '../errors.js';
import { adoptMarkForm, markForm, TEXT_COLUMNS, type MarkForm, type TextColumns } from '../search/indexer.js';
import type { IngestRecord, ParseItem } from './adapter.js';
import { readRecords, type InputRecords } from './formats.js';
import { recordProblem } from './record-limits.js';

type WorkerMessage =
  | { kind: 'entry'; entryName: string; format: string }
  | { kind: 'items'; json: string; bytes: number; stored: StoredChunk }
  | { kind: 'end' }
  | { kind: 'done' }
  | { kind: 'error'; type: ErrorType | null; message: string; suggestion: string | null; param: string | null };

/** The stored forms of a chunk's trademarks, in order: packed bytes end to end, `ends` marking each. */
interface StoredChunk {
  jsons: string[];
  hashes: string[];
  packed: Uint8Array | null;
  ends: number[];
  forms: FormsChunk;
}

/**
 * The mark forms of a chunk's trademarks, in order: per mark its text columns and trigram text in
 * `strings`, and in `numbers` the key length, key count and key hashes, then the same for its
 * trigram keys (hashes are below 2^52, exact in a double).
 */
export interface FormsChunk {
  strings: (string | null)[];
  numbers: Float64Array;
}

const STRINGS_PER_FORM = TEXT_COLUMNS.length + 1;

export const encodeForms = (forms: readonly MarkForm[]): FormsChunk => {
  const strings: (string | null)[] = [];
  const numbers: number[] = [];
  for (const f of forms) {
    for (const c of TEXT_COLUMNS) strings.push(f.columns[c]);
    strings.push(f.text);
    numbers.push(f.keys.len, f.keys.hashes.length, ...f.keys.hashes, f.grams.len, f.grams.hashes.length, ...f.grams.hashes);
  }
  return { strings, numbers: Float64Array.from(numbers) };
};

/** Reads the forms of a chunk back in order, each for the mark text of its record. */
export const formReader = ({ strings, numbers }: FormsChunk) => {
  let s = 0;
  let n = 0;
  const postings = () => {
    const len = numbers[n]!;
    const hashes = Array.from(numbers.subarray(n + 2, n + 2 + numbers[n + 1]!));
    n += 2 + hashes.length;
    return { len, hashes };
  };
  return (markText: string | null): MarkForm => {
    const columns = {} as Record<keyof TextColumns, string>;
    for (let i = 0; i < TEXT_COLUMNS.length; i++) columns[TEXT_COLUMNS[i]!] = strings[s + i]!;
    const text = strings[s + TEXT_COLUMNS.length]!;
    s += STRINGS_PER_FORM;
    const keys = postings();
    return { markText, columns, keys, grams: postings(), text };
  };
};

const CHUNK = 250;
/** Chunks the worker may run ahead of the main thread: bounds memory when the store is the slower side. */
const CREDITS = 8;

const WORKER_URL = new URL(import.meta.url);

/** Only the compiled module can be a worker; run from TypeScript sources, parsing stays in-thread. */
export const workerAvailable = (): boolean => WORKER_URL.pathname.endsWith('.js') && existsSync(fileURLToPath(WORKER_URL));

/**
 * Whether the worker makes a record's mark form: not for one the ingest refuses (recordProblem),
 * which is skipped anyway, and whose text may be far too long to analyse (a 4M-character mark
 * overflowed the analyser's stack). Both threads ask, so the forms stay in step with the records.
 */
const analysed = (r: TrademarkRecord): boolean => recordProblem(r) === null;

const isTrademark = (item: ParseItem<IngestRecord>): item is { ok: true; recordNumber: number; record: TrademarkRecord } => item.ok && item.record.object === 'trademark';

/**
 * Reads one input path on a worker. `packer` is the store's record packer (TrademarkRepo.recordPacker),
 * run on the worker too.
 */
export async function* readRecordsInWorker(path: string, formatOverride?: string, packer: string | null = null): AsyncGenerator<InputRecords> {
  const worker = new Worker(WORKER_URL, { workerData: { tmParseWorker: true, path, format: formatOverride, packer } });
  const queue: WorkerMessage[] = [];
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const signal = () => {
    wake?.();
    wake = null;
  };
  worker.on('message', (m: WorkerMessage) => {
    queue.push(m);
    signal();
  });
  worker.on('error', (err) => {
    failure = err;
    signal();
  });
  worker.on('exit', (code) => {
    if (code !== 0) failure ??= new Error(`the parse worker exited with code ${code}`);
    signal();
  });
  const next = async (): Promise<WorkerMessage> => {
    for (;;) {
      const m = queue.shift();
      if (m?.kind === 'error') throw m.type ? new TmError(m.type, m.message, { suggestion: m.suggestion ?? undefined, param: m.param ?? undefined }) : new Error(m.message);
      if (m) return m;
      if (failure) throw failure;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  };
  // The worker reads the file, so it reports the bytes read with each chunk it sends.
  let bytes = 0;
  async function* items(): AsyncGenerator<ParseItem<IngestRecord>> {
    for (let m = await next(); m.kind === 'items'; m = await next()) {
      worker.postMessage('more');
      bytes = m.bytes;
      const chunk = JSON.parse(m.json) as ParseItem<IngestRecord>[];
      const { jsons, hashes, packed, ends } = m.stored;
      const nextForm = formReader(m.stored.forms);
      let k = 0;
      for (const item of chunk) {
        if (!isTrademark(item)) continue;
        const form = { json: jsons[k]!, hash: hashes[k]! };
        adoptStoredForm(item.record, packed ? { ...form, packed: Buffer.from(packed.buffer, packed.byteOffset + (ends[k - 1] ?? 0), ends[k]! - (ends[k - 1] ?? 0)) } : form);
        if (analysed(item.record)) adoptMarkForm(item.record, nextForm(item.record.mark_text));
        k++;
      }
      yield* chunk;
    }
  }
  try {
    for (let m = await next(); m.kind !== 'done'; m = await next()) {
      if (m.kind === 'entry') yield { entryName: m.entryName, format: m.format, items: items(), bytesRead: () => bytes };
    }
  } finally {
    await worker.terminate();
  }
}

const runWorker = async (): Promise<void> => {
  const port = parentPort!;
  const { path, format, packer } = workerData as { path: string; format?: string; packer: string | null };
  const pack = packer ? ((await import(packer)) as { encodeRecord(json: string): Buffer }).encodeRecord : null;
  let credits = CREDITS;
  let resume: (() => void) | null = null;
  port.on('message', () => {
    credits++;
    resume?.();
    resume = null;
  });
  let bytesRead = (): number => 0;
  const send = async (chunk: ParseItem<IngestRecord>[]): Promise<void> => {
    while (credits === 0) await new Promise<void>((resolve) => (resume = resolve));
    credits--;
    const stored: StoredChunk = { jsons: [], hashes: [], packed: null, ends: [], forms: { strings: [], numbers: new Float64Array(0) } };
    const parts: Buffer[] = [];
    const forms: MarkForm[] = [];
    for (const item of chunk) {
      if (!isTrademark(item)) continue;
      const { json, hash } = serializeRecord(item.record);
      stored.jsons.push(json);
      stored.hashes.push(hash);
      if (analysed(item.record)) forms.push(markForm(item.record.mark_text));
      if (!pack) continue;
      parts.push(pack(json));
      stored.ends.push((stored.ends[stored.ends.length - 1] ?? 0) + parts[parts.length - 1]!.length);
    }
    // One buffer of its own, moved to the main thread rather than copied.
    if (pack) {
      const out = new Uint8Array(stored.ends[stored.ends.length - 1] ?? 0);
      parts.forEach((part, i) => out.set(part, stored.ends[i - 1] ?? 0));
      stored.packed = out;
    }
    stored.forms = encodeForms(forms);
    const transfer = [stored.forms.numbers.buffer as ArrayBuffer, ...(stored.packed ? [stored.packed.buffer as ArrayBuffer] : [])];
    port.postMessage({ kind: 'items', json: JSON.stringify(chunk), bytes: bytesRead(), stored } satisfies WorkerMessage, transfer);
  };
  let chunk: ParseItem<IngestRecord>[] = [];
  try {
    for await (const entry of readRecords(path, format)) {
      bytesRead = entry.bytesRead;
      port.postMessage({ kind: 'entry', entryName: entry.entryName, format: entry.format } satisfies WorkerMessage);
      for await (const item of entry.items) {
        chunk.push(item);
        if (chunk.length >= CHUNK) {
          await send(chunk);
          chunk = [];
        }
      }
      if (chunk.length > 0) await send(chunk);
      chunk = [];
      port.postMessage({ kind: 'end' } satisfies WorkerMessage);
    }
    port.postMessage({ kind: 'done' } satisfies WorkerMessage);
  } catch (err) {
    // The whole records read before the fault still go through, as when parsing in-thread.
    if (chunk.length > 0) await send(chunk);
    const e = err instanceof TmError ? err : null;
    port.postMessage({
      kind: 'error', type: e?.type ?? null, message: (err as Error).message ?? String(err), suggestion: e?.suggestion ?? null, param: e?.param ?? null,
    } satisfies WorkerMessage);
  }
  port.close();
};

if (!isMainThread && (workerData as { tmParseWorker?: boolean } | null)?.tmParseWorker === true) await runWorker();

// Input side of ingest: the list of format adapters, format detection from content (with the
// `--format` override), and opening a path as one or more decompressed byte streams: plain
// files, .gz (node:zlib) and .zip (yauzl, entries streamed one after another, never unpacked).
// Each path counts the bytes of the file on disk read so far, for progress and its ETA.
import { createReadStream, readdirSync, statSync } from 'node:fs';
import { open as openFile } from 'node:fs/promises';
import { pipeline, Readable } from 'node:stream';
import { join } from 'node:path';
import { createGunzip } from 'node:zlib';
import yauzl from 'yauzl';
import { TmError } from '../errors.js';
import type { FormatAdapter, IngestRecord, ParseItem } from './adapter.js';
import { ADAPTER_LIST } from './adapters/index.js';
import { knownLayout } from './known-layouts.js';

/** Every adapter, in detection order (most specific first). */
export const ADAPTERS: FormatAdapter<IngestRecord>[] = ADAPTER_LIST;

export const FORMAT_NAMES = ADAPTERS.map((a) => a.name);

/** The adapter for a file: the `--format` override by name, else the first whose detect() accepts the head. */
export const detectAdapter = (head: string, formatOverride?: string, file = 'input'): FormatAdapter<IngestRecord> => {
  if (formatOverride) {
    const adapter = ADAPTERS.find((a) => a.name === formatOverride);
    if (!adapter) {
      throw new TmError('validation_error', `Unknown format "${formatOverride}".`, {
        param: 'format',
        suggestion: `Use one of: ${FORMAT_NAMES.join(', ')}.`,
      });
    }
    return adapter;
  }
  const text = head.charCodeAt(0) === 0xfeff ? head.slice(1) : head;
  const adapter = ADAPTERS.find((a) => a.detect(text));
  if (!adapter) {
    const known = knownLayout(text);
    if (known) throw new TmError('input_error', `${file}: ${known.what}.`, { suggestion: known.suggestion });
    const what = /^\s*</.test(text) ? 'XML of an unknown layout' : /^\s*[[{]/.test(text) ? 'JSON of an unknown layout' : 'neither XML nor JSON';
    throw new TmError('input_error', `${file}: cannot tell the format: the content is ${what}`, {
      suggestion: `Pass --format with one of: ${FORMAT_NAMES.join(', ')}.`,
    });
  }
  return adapter;
};

/** Bytes of one path's file on disk consumed so far (compressed bytes for .gz and .zip). */
export interface ByteCounter {
  bytes: number;
}

/** Passes a stream through, adding each chunk's size (times `scale`) to the counter. */
const counted = (stream: Readable, counter: ByteCounter, scale = 1): Readable =>
  Readable.from(
    (async function* () {
      for await (const chunk of stream) {
        counter.bytes += (chunk as Buffer).length * scale;
        yield chunk as Buffer;
      }
    })(),
    { objectMode: false },
  );

export interface InputEntry {
  /** The file name, or `archive.zip:inner/name.xml` for a zip entry. */
  entryName: string;
  stream: Readable;
}

const GZIP = [0x1f, 0x8b];
const ZIP = [0x50, 0x4b, 0x03, 0x04];

const magic = async (path: string): Promise<Buffer> => {
  let handle;
  try {
    handle = await openFile(path, 'r');
    const buffer = Buffer.alloc(4);
    const { bytesRead } = await handle.read(buffer, 0, 4, 0);
    return buffer.subarray(0, bytesRead);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new TmError('input_error', `${path}: cannot ${handle ? 'read' : 'open'}: ${code ?? String(err)}`);
  } finally {
    await handle?.close();
  }
};

const startsWith = (buffer: Buffer, bytes: number[]): boolean => bytes.every((b, i) => buffer[i] === b);

/** Read and decompression failures (truncated .gz, corrupt zip entry) become input errors naming the file. */
const guarded = (stream: Readable, name: string, what: string): Readable =>
  Readable.from(
    (async function* () {
      try {
        for await (const chunk of stream) yield chunk as Buffer;
      } catch (err) {
        throw err instanceof TmError ? err : new TmError('input_error', `${name}: ${what}: ${(err as Error).message}`);
      }
    })(),
    { objectMode: false },
  );

const gunzip = (stream: Readable, name: string): Readable => {
  const out = createGunzip();
  // pipeline() forwards a failure of the source into the gunzip stream, where guarded() sees it.
  pipeline(stream, out, () => undefined);
  return guarded(out, name, 'cannot decompress');
};

const zipEntries = (path: string, counter: ByteCounter): AsyncIterable<InputEntry> => ({
  async *[Symbol.asyncIterator]() {
    const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.open(path, { lazyEntries: true, autoClose: true }, (err, z) =>
        err ? reject(new TmError('input_error', `${path}: not a readable zip archive: ${err.message}`)) : resolve(z),
      ),
    );
    // One set of listeners for the archive's life, so an error between entries is never unhandled.
    let waiting: { resolve: (entry: yauzl.Entry | null) => void; reject: (err: TmError) => void } | null = null;
    let failure: TmError | null = null;
    zip.on('entry', (entry: yauzl.Entry) => waiting?.resolve(entry));
    zip.on('end', () => waiting?.resolve(null));
    zip.on('error', (err: Error) => {
      failure = new TmError('input_error', `${path}: corrupt zip archive: ${err.message}`);
      waiting?.reject(failure);
    });
    const nextEntry = () =>
      new Promise<yauzl.Entry | null>((resolve, reject) => {
        if (failure) return reject(failure);
        waiting = { resolve, reject };
        zip.readEntry();
      });
    try {
      for (let entry = await nextEntry(); entry; entry = await nextEntry()) {
        if (entry.fileName.endsWith('/')) continue;
        const current = entry;
        const raw = await new Promise<Readable>((resolve, reject) =>
          zip.openReadStream(current, (err, s) =>
            err ? reject(new TmError('input_error', `${path}:${current.fileName}: ${err.message}`)) : resolve(s),
          ),
        );
        const entryName = `${path}:${current.fileName}`;
        // yauzl inflates the entry itself: its inflated bytes are scaled to the compressed size read.
        const start = counter.bytes;
        const inflated = counted(raw, counter, current.compressedSize / Math.max(1, current.uncompressedSize));
        const stream = current.fileName.endsWith('.gz') ? gunzip(inflated, entryName) : guarded(inflated, entryName, 'cannot read');
        yield { entryName, stream };
        // The caller consumes each stream before asking for the next; drain whatever it left.
        if (!raw.readableEnded) raw.resume();
        counter.bytes = start + current.compressedSize;
      }
    } finally {
      zip.close();
    }
  },
});

/** Opens a path as the byte streams it holds: one for a plain or .gz file, one per entry of a .zip. */
export const openInput = (path: string, counter: ByteCounter = { bytes: 0 }): AsyncIterable<InputEntry> => ({
  async *[Symbol.asyncIterator]() {
    const head = await magic(path);
    if (startsWith(head, ZIP)) {
      yield* zipEntries(path, counter);
    } else if (startsWith(head, GZIP)) {
      yield { entryName: path, stream: gunzip(counted(createReadStream(path), counter), path) };
    } else {
      yield { entryName: path, stream: guarded(counted(createReadStream(path), counter), path, 'cannot read') };
    }
  },
});

/**
 * Reads the first bytes of a stream for detection and returns them with a stream that still
 * yields every byte, so the adapter parses from the start.
 */
export const peekHead = async (stream: Readable, bytes = 64 * 1024): Promise<{ head: string; stream: Readable }> => {
  const iterator = stream[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let size = 0;
  let done = false;
  while (size < bytes) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value as string);
    chunks.push(chunk);
    size += chunk.length;
  }
  const head = Buffer.concat(chunks).toString('utf8');
  const rest = Readable.from(
    (async function* () {
      yield* chunks;
      if (done) return;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield next.value as Buffer;
      }
    })(),
    { objectMode: false },
  );
  return { head, stream: rest };
};

export interface InputRecords {
  entryName: string;
  format: string;
  items: AsyncIterable<ParseItem<IngestRecord>>;
  /** Bytes of the path's file read so far (the whole path, not only this entry). */
  bytesRead: () => number;
}

/** Everything ingest needs per input: each entry of a path, its adapter, and its parsed records. */
export async function* readRecords(path: string, formatOverride?: string): AsyncGenerator<InputRecords> {
  const counter: ByteCounter = { bytes: 0 };
  for await (const entry of openInput(path, counter)) {
    const { head, stream } = await peekHead(entry.stream);
    if (head.trim() === '') throw new TmError('input_error', `${entry.entryName}: the file is empty`);
    const adapter = detectAdapter(head, formatOverride, entry.entryName);
    yield { entryName: entry.entryName, format: adapter.name, items: adapter.parse(stream, entry.entryName), bytesRead: () => counter.bytes };
  }
}

const RECORD_FILE = /\.(xml|json|ndjson|gz|zip)$/i;

/** The files under a folder that may hold records (by extension), in name order, subfolders included. */
export const recordFilesUnder = (dir: string): string[] =>
  readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? recordFilesUnder(path) : RECORD_FILE.test(name) ? [path] : [];
    });

// Lines of a byte stream, each held in memory only up to a limit: a longer line is reported by
// its length and skipped to its end without being kept, so one huge line (a 50 MB record, a file
// with no newline at all) costs no more memory than the limit. Bytes that are not valid UTF-8
// are decoded with replacement characters and the line says so, for the ingest summary.
import { isUtf8 } from 'node:buffer';
import type { Readable } from 'node:stream';

/** The longest NDJSON line read (bytes): far above any real record, far below what hurts. */
export const MAX_LINE_BYTES = 4 * 1024 * 1024;

export type Line = { text: string; invalidUtf8: boolean } | { tooLong: number };

const NL = 0x0a;
const CR = 0x0d;

export async function* boundedLines(input: Readable, maxBytes = MAX_LINE_BYTES): AsyncGenerator<Line> {
  let parts: Buffer[] = [];
  let size = 0;
  /** Bytes of the current line seen so far, when it is over the limit (0: not skipping). */
  let skipped = 0;
  const finish = (): Line | null => {
    if (skipped > 0) {
      const line = { tooLong: skipped };
      skipped = 0;
      return line;
    }
    let bytes = parts.length === 1 ? parts[0]! : Buffer.concat(parts, size);
    parts = [];
    size = 0;
    if (bytes.length > 0 && bytes[bytes.length - 1] === CR) bytes = bytes.subarray(0, bytes.length - 1);
    return { text: bytes.toString('utf8'), invalidUtf8: !isUtf8(bytes) };
  };
  const take = (piece: Buffer): void => {
    if (skipped > 0) {
      skipped += piece.length;
    } else if (size + piece.length > maxBytes) {
      skipped = size + piece.length;
      parts = [];
      size = 0;
    } else if (piece.length > 0) {
      parts.push(piece);
      size += piece.length;
    }
  };
  for await (const chunk of input) {
    const buf = chunk as Buffer;
    let start = 0;
    for (let nl = buf.indexOf(NL, start); nl !== -1; nl = buf.indexOf(NL, start)) {
      take(buf.subarray(start, nl));
      yield finish()!;
      start = nl + 1;
    }
    // Copied: the stream may reuse its chunk's memory.
    if (start < buf.length) take(Buffer.from(buf.subarray(start)));
  }
  if (size > 0 || skipped > 0) yield finish()!;
}

// Reads the first bytes of a stream for format detection, then hands back a stream that still
// yields every byte, so detection never costs a second read of the file.
import { Readable } from 'node:stream';

export const peekStream = async (stream: Readable, bytes = 4096): Promise<{ head: string; stream: Readable }> => {
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  const chunks: Buffer[] = [];
  let size = 0;
  let done = false;
  while (size < bytes) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
    chunks.push(chunk);
    size += chunk.length;
  }
  const head = Buffer.concat(chunks);
  async function* replay(): AsyncGenerator<Buffer> {
    if (head.length > 0) yield head;
    if (done) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
    }
  }
  return { head: head.subarray(0, bytes).toString('utf8'), stream: Readable.from(replay(), { objectMode: false }) };
};

// The streaming XML driver every XML adapter runs on: feeds the byte stream chunk by chunk into
// saxes, hands each element's local name (namespace prefix dropped) and direct text to the
// adapter's handlers, and yields whatever records the handlers completed. Memory stays bounded by
// one record; a file that is not well-formed XML, or is cut short, becomes one input_error.
import { StringDecoder } from 'node:string_decoder';
import type { Readable } from 'node:stream';
import { SaxesParser } from 'saxes';
import { TmError } from '../../errors.js';
import type { IngestRecord, ParseItem } from '../adapter.js';
import type { TrademarkRecord } from '../../core/schemas/trademark.js';

export interface XmlHandlers {
  /** Called for every start tag with its local name. */
  open(name: string, attributes: Record<string, string>): void;
  /** Called for every end tag with its local name and the text directly inside it. */
  close(name: string, text: string): void;
  /** Called once after the document is complete, for records an adapter still holds. */
  end?(): void;
}

export interface XmlRunOptions {
  /** Accepted local names of the document element; anything else is the wrong format. */
  roots: readonly string[];
  /** What the adapter reads, for messages ("USPTO daily XML"). */
  what: string;
}

const localName = (name: string): string => {
  const i = name.indexOf(':');
  return i < 0 ? name : name.slice(i + 1);
};

export async function* runXml<T extends IngestRecord = TrademarkRecord>(
  input: Readable,
  file: string,
  options: XmlRunOptions,
  makeHandlers: (emit: (item: ParseItem<T>) => void) => XmlHandlers,
): AsyncGenerator<ParseItem<T>> {
  const queue: ParseItem<T>[] = [];
  const handlers = makeHandlers((item) => queue.push(item));
  const parser = new SaxesParser({ position: true });
  let text = '';
  let depth = 0;
  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    if (depth === 0 && !options.roots.includes(name)) {
      throw new TmError(
        'input_error',
        `${file}: not ${options.what}: the document element is <${tag.name}>, expected <${options.roots.join('> or <')}>`,
      );
    }
    depth += 1;
    text = '';
    handlers.open(name, tag.attributes as Record<string, string>);
  });
  parser.on('text', (t) => {
    text += t;
  });
  parser.on('cdata', (t) => {
    text += t;
  });
  parser.on('closetag', (tag) => {
    depth -= 1;
    handlers.close(localName(tag.name), text);
    text = '';
  });
  const decoder = new StringDecoder('utf8');
  const fail = (err: unknown): TmError =>
    err instanceof TmError
      ? err
      : new TmError(
          'input_error',
          `${file}: not well-formed ${options.what}: ${err instanceof Error ? err.message : String(err)}`,
          { suggestion: 'Check that the file is complete (not truncated) and is XML; use --format to choose the parser.' },
        );
  try {
    for await (const chunk of input) {
      parser.write(typeof chunk === 'string' ? chunk : decoder.write(chunk as Buffer));
      for (let i = 0; i < queue.length; i += 1) yield queue[i]!;
      queue.length = 0;
    }
    parser.write(decoder.end());
    parser.close();
    handlers.end?.();
  } catch (err) {
    throw fail(err);
  }
  for (const item of queue) yield item;
}

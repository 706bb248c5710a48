// A small streaming JSON reader for office API dumps: it scans the bytes once, finds the array
// (or single object) at a key path such as `trademarks` or `tmarkappl.tmarkcontent`, and yields
// each element parsed on its own, so memory is bounded by one record rather than the file. The
// whole document's structure is tracked, so a truncated or non-JSON file is an input_error.
import { StringDecoder } from 'node:string_decoder';
import type { Readable } from 'node:stream';
import type { TrademarkRecord } from '../../core/schemas/trademark.js';
import { TmError } from '../../errors.js';
import type { ParseItem } from '../adapter.js';
import { toItem } from './common.js';

/** `key`: the member name when the target is an object of records keyed by number. */
export type JsonElement = { ok: true; value: unknown; key?: string } | { ok: false; reason: string };

interface Frame {
  array: boolean;
  /** The key the current value sits under, for object frames. */
  key: string | null;
  /** This frame is the target container whose elements are yielded. */
  target: boolean;
}

/** JSON whitespace, plus the byte-order mark some exports open with. */
const WS = new Set([' ', '\n', '\r', '\t', '\ufeff']);

/**
 * Yields the elements found at any of the key paths (first match wins per container). With
 * `members`, an object at the path is a container too: each member value is yielded with its key.
 */
export async function* streamJsonElements(
  input: Readable,
  file: string,
  paths: readonly (readonly string[])[],
  what: string,
  members = false,
): AsyncGenerator<JsonElement> {
  const fail = (detail: string) =>
    new TmError('input_error', `${file}: ${detail}`, {
      suggestion: 'Check that the file is complete and is the expected JSON; use --format to choose the parser.',
    });
  const decoder = new StringDecoder('utf8');
  const stack: Frame[] = [];
  let text = '';
  let inString = false;
  let escape = false;
  let expectKey = false;
  let keyStart = -1;
  let elementStart = -1;
  let elementDepth = -1;
  let elementKey: string | undefined;
  let started = false;
  let finished = false;
  /** Where scanning resumes in `text`: bytes kept for an unfinished key or element are not rescanned. */
  let scanFrom = 0;
  /** The next non-blank character starts a value of the target array. */
  let atElement = false;

  const matches = (): boolean => {
    const keys: string[] = [];
    for (const f of stack) {
      if (f.array) return false;
      keys.push(f.key ?? '');
    }
    return paths.some((p) => p.length === keys.length && p.every((k, i) => k === keys[i]));
  };

  const feed = function* (chunk: string): Generator<JsonElement> {
    text += chunk;
    const len = text.length;
    for (let i = scanFrom; i < len; i += 1) {
      const c = text[i]!;
      if (inString) {
        if (escape) escape = false;
        else if (c === '\\') escape = true;
        else if (c === '"') {
          inString = false;
          if (keyStart >= 0) {
            stack[stack.length - 1]!.key = JSON.parse(text.slice(keyStart, i + 1)) as string;
            keyStart = -1;
          }
        }
        continue;
      }
      if (WS.has(c)) continue;
      if (finished) throw fail(`not ${what}: content after the end of the JSON document`);
      if (!started) {
        if (c !== '{' && c !== '[') throw fail(`not ${what}: the file is not JSON`);
        started = true;
      }
      const top = stack[stack.length - 1];
      switch (c) {
        case '"':
          if (atElement) yield { ok: false, reason: 'expected an object in the array, found a string' };
          inString = true;
          if (top && !top.array && expectKey && elementStart < 0) keyStart = i;
          expectKey = false;
          break;
        case '{':
        case '[': {
          const isTarget = elementStart < 0 && matches();
          if (elementStart < 0 && top?.target) {
            elementStart = i;
            elementDepth = stack.length;
            elementKey = top.array ? undefined : (top.key ?? undefined);
          }
          if (isTarget && c === '{' && !members) {
            elementStart = i;
            elementDepth = stack.length;
          }
          stack.push({ array: c === '[', key: null, target: isTarget && (c === '[' || members) });
          expectKey = c === '{';
          atElement = isTarget && c === '[';
          break;
        }
        case '}':
        case ']': {
          const frame = stack.pop();
          if (!frame || frame.array !== (c === ']')) throw fail(`not well-formed JSON: unexpected "${c}"`);
          if (elementStart >= 0 && stack.length === elementDepth) {
            const raw = text.slice(elementStart, i + 1);
            elementStart = -1;
            try {
              yield elementKey === undefined ? { ok: true, value: JSON.parse(raw) } : { ok: true, value: JSON.parse(raw), key: elementKey };
            } catch (err) {
              yield { ok: false, reason: `not well-formed JSON: ${(err as Error).message}` };
            }
          }
          if (stack.length === 0) finished = true;
          expectKey = false;
          break;
        }
        case ',':
          expectKey = top !== undefined && !top.array;
          atElement = top?.target === true && top.array && elementStart < 0;
          break;
        case ':':
          expectKey = false;
          // A member of a target object is a record too: a value that is not an object is reported.
          atElement = top?.target === true && !top.array && elementStart < 0;
          break;
        default:
          if (atElement) yield { ok: false, reason: `expected an object in the array, found "${c}…"` };
      }
      if (c !== ',' && c !== '[' && c !== ':') atElement = false;
    }
    // Keep only what an unfinished key or element still needs.
    const keep = elementStart >= 0 ? elementStart : keyStart >= 0 ? keyStart : len;
    text = text.slice(keep);
    scanFrom = len - keep;
    if (elementStart >= 0) elementStart -= keep;
    if (keyStart >= 0) keyStart -= keep;
  };

  for await (const chunk of input) {
    yield* feed(typeof chunk === 'string' ? chunk : decoder.write(chunk as Buffer));
  }
  yield* feed(decoder.end());
  if (!started) throw fail(`not ${what}: the file is empty`);
  if (!finished) throw fail(`not well-formed JSON: the file ends inside ${inString ? 'a string' : 'an object or array'} (truncated?)`);
}

/** Parse items from the elements at the key paths, each mapped by `map` (a string is a skip reason). */
export async function* jsonRecords(
  input: Readable,
  file: string,
  paths: readonly (readonly string[])[],
  what: string,
  map: (value: Record<string, unknown>) => TrademarkRecord | string,
): AsyncGenerator<ParseItem> {
  let n = 0;
  for await (const element of streamJsonElements(input, file, paths, what)) {
    n += 1;
    if (!element.ok) {
      yield { ok: false, recordNumber: n, reason: element.reason };
      continue;
    }
    const value = element.value;
    yield toItem(n, () =>
      value && typeof value === 'object' && !Array.isArray(value)
        ? map(value as Record<string, unknown>)
        : 'expected a JSON object',
    );
  }
}

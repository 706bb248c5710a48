// The documented limits of an input's shape (docs/operations.md): the maximum lengths of its text
// values and the depth of its nesting, checked on the raw input of every surface before the schema
// or the operation does any work. A 4,000-character query would otherwise reach key building, a
// long text filter the SQL, and a body nested 5,000 deep the recursion of whatever reads it.
// The walk is iterative (an explicit stack), so no input can overflow the call stack here.
import { TmError } from '../errors.js';

/** Spec §8: an uploaded file (an image search) is at most 10 MB, on every surface. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** `q` and the search text filters: longer than any mark (a stored mark_text is at most 2,000). */
export const MAX_QUERY_CHARS = 500;
/** Every other text value of an input, at any depth (names, descriptions, goods, ids). */
export const MAX_TEXT_CHARS = 5_000;
/** Levels of nesting of a JSON body or tool arguments: the top-level object is level 1. */
export const MAX_DEPTH = 64;

const QUERY_PARAMS = /^(q|prefix|mark_text(_[a-z_]+)?)$/;

/** Objects with a size limit of their own (metadata: 8 KB; a watch query: 256 KB, a 413): their text is checked where they are defined. */
const SIZED_ELSEWHERE = new Set(['metadata', 'query']);

const limitOf = (key: string): number => (QUERY_PARAMS.test(key) ? MAX_QUERY_CHARS : MAX_TEXT_CHARS);

const tooLong = (param: string, length: number, max: number): TmError =>
  new TmError('validation_error', `${param} is ${length} characters long; at most ${max} are accepted.`, {
    param,
    suggestion: 'Shorten it; the limits are listed in docs/operations.md.',
  });

const tooDeep = (param: string): TmError =>
  new TmError('validation_error', `${param} is nested more than ${MAX_DEPTH} levels deep; at most ${MAX_DEPTH} are accepted.`, {
    param,
    suggestion: 'Flatten the input; the limits are listed in docs/operations.md.',
  });

interface Item {
  value: unknown;
  path: string;
  /** The text limit here: the tightest of the keys above it. */
  limit: number;
  depth: number;
  /** Inside an object sized elsewhere: only the depth is checked. */
  sized: boolean;
}

/**
 * Throws validation_error naming the first value past a limit, in document order: a text value
 * over its length, or an object or array nested past MAX_DEPTH. `label` renders a key (a CLI flag).
 */
export const checkInputLimits = (input: unknown, label: (path: string) => string = (p) => p): void => {
  const stack: Item[] = [{ value: input, path: '', limit: MAX_TEXT_CHARS, depth: 0, sized: false }];
  while (stack.length > 0) {
    const { value, path, limit, depth, sized } = stack.pop()!;
    if (typeof value === 'string') {
      if (!sized && value.length > limit) throw tooLong(label(path), value.length, limit);
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth + 1 > MAX_DEPTH) throw tooDeep(label(path.replace(/[.[].*$/, '') || 'body'));
    const children: Item[] = Array.isArray(value)
      ? value.map((v, i) => ({ value: v, path: `${path}[${i}]`, limit, depth: depth + 1, sized }))
      : Object.entries(value).map(([k, v]) => ({
          value: v,
          path: path ? `${path}.${k}` : k,
          limit: Math.min(limit, limitOf(k)),
          depth: depth + 1,
          // An image upload (base64 text) has its own limit, 10 MB and a 413, checked by search_image.
          sized: sized || (SIZED_ELSEWHERE.has(k) && v !== null && typeof v === 'object') || (k === 'image' && typeof v === 'string'),
        }));
    // Pushed in reverse, so the first child is looked at first.
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
};

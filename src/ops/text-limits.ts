// The documented maximum lengths of text inputs (docs/operations.md), checked on the raw input of
// every surface before the schema or the operation does any work: a 4,000-character query would
// otherwise reach key building, and a long text filter the SQL.
import { TmError } from '../errors.js';

/** `q` and the search text filters: longer than any mark (a stored mark_text is at most 2,000). */
export const MAX_QUERY_CHARS = 500;
/** Every other text value of an input, at any depth (names, descriptions, goods, ids). */
export const MAX_TEXT_CHARS = 5_000;

const QUERY_PARAMS = /^(q|prefix|mark_text(_[a-z_]+)?)$/;

/** Objects with a size limit of their own (metadata: 8 KB; a watch query: 256 KB, a 413): checked where they are defined. */
const SIZED_ELSEWHERE = new Set(['metadata', 'query']);

const limitOf = (key: string): number => (QUERY_PARAMS.test(key) ? MAX_QUERY_CHARS : MAX_TEXT_CHARS);

const tooLong = (param: string, length: number, max: number): TmError =>
  new TmError('validation_error', `${param} is ${length} characters long; at most ${max} are accepted.`, {
    param,
    suggestion: 'Shorten it; the limits are listed in docs/operations.md.',
  });

/** Throws validation_error naming the first text value over its limit; `label` renders a key (a CLI flag). */
export const checkTextLengths = (input: unknown, label: (path: string) => string = (p) => p): void => {
  const walk = (value: unknown, path: string, limit: number): void => {
    if (typeof value === 'string') {
      if (value.length > limit) throw tooLong(label(path), value.length, limit);
    } else if (Array.isArray(value)) {
      value.forEach((v, i) => walk(v, `${path}[${i}]`, limit));
    } else if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if (SIZED_ELSEWHERE.has(k) && v !== null && typeof v === 'object') continue;
        walk(v, path ? `${path}.${k}` : k, Math.min(limit, limitOf(k)));
      }
    }
  };
  walk(input, '', MAX_TEXT_CHARS);
};

// Offset cursors for the paged reference lists: the offset travels with the query it belongs to,
// so a cursor replayed against another query is refused rather than silently misapplied.
import { TmError } from '../../errors.js';

export const encodeCursor = (query: Record<string, unknown>, offset: number): string =>
  Buffer.from(JSON.stringify({ query, offset })).toString('base64url');

/** The offset a cursor carries; `cursor_invalid` when it is unreadable or minted for another query. */
export const decodeCursor = (cursor: string | undefined, query: Record<string, unknown>): number => {
  if (cursor === undefined) return 0;
  let state: { query?: unknown; offset?: unknown } = {};
  try {
    state = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as typeof state;
  } catch {
    // An unreadable cursor is reported below like a foreign one.
  }
  const { offset } = state;
  if (JSON.stringify(state.query) !== JSON.stringify(query) || typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0) {
    throw new TmError('cursor_invalid', 'The cursor does not belong to this query.', {
      param: 'cursor',
      suggestion: 'Repeat the request without a cursor, then follow the returned cursor.',
    });
  }
  return offset;
};

// Paging for the list operations of the account and trademark-read areas: `limit` and an opaque
// signed `cursor` bound to the request's other parameters and valid 24 hours (the search
// engine's cursor format, so every list in the service behaves alike).
import { z } from 'zod';
import type { Context } from '../context.js';
import { bindingHash, decodeCursor, encodeCursor } from '../search/cursor.js';

export const pagingInput = {
  limit: z.number().int().min(1).max(100).default(20).describe('Page size, 1 to 100 (default 20)'),
  cursor: z.string().min(1).optional().describe('Opaque cursor from the previous page; valid 24 hours, bound to the other parameters'),
};

/** The position a cursor carries (0 without one); 400 `cursor_invalid` / `cursor_expired` otherwise. */
export const cursorPosition = async (ctx: Context, cursor: string | undefined, binding: unknown): Promise<number> =>
  cursor === undefined ? 0 : decodeCursor(await ctx.index.cursorSecret(), cursor, bindingHash(binding), ctx.clock.now());

export const nextCursor = async (ctx: Context, position: number, binding: unknown): Promise<string> =>
  encodeCursor(await ctx.index.cursorSecret(), position, bindingHash(binding), ctx.clock.now());

/** Builds the list envelope from `limit + 1` fetched rows. */
export const listPage = async <T>(
  ctx: Context,
  fetched: T[],
  limit: number,
  next: (last: T) => number,
  binding: unknown,
  total?: number,
) => {
  const has_more = fetched.length > limit;
  const data = has_more ? fetched.slice(0, limit) : fetched;
  return {
    object: 'list' as const,
    data,
    has_more,
    pagination: {
      cursor: has_more ? await nextCursor(ctx, next(data[data.length - 1]!), binding) : null,
      ...(total === undefined ? {} : { total_count: total }),
    },
    livemode: ctx.org?.livemode ?? true,
    request_id: ctx.requestId,
  };
};

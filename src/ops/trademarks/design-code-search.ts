// search_trademarks with `design_code`: marks filed under the asked design codes at any level,
// ranked by how many codes match and how deep (src/search/figure/design-codes.ts). It reads the
// design_keys postings, never every record, and takes only the office filter alongside.
import type { Context } from '../../context.js';
import { TmError } from '../../errors.js';
import { parseDesignQuery, queryKeys, rankDesignHits, type DesignHit } from '../../search/figure/design-codes.js';

/** Parameters a design-code search takes besides design_code. */
const WITH_DESIGN = new Set(['design_code', 'offices', 'office', 'limit', 'cursor', 'include_total']);

/** The query codes, after checking nothing else asks for a text or filtered search. */
export const designQuery = (input: Record<string, unknown>): string[] => {
  for (const key of Object.keys(input)) {
    if (!WITH_DESIGN.has(key)) {
      throw new TmError('conflicting_params', `design_code searches by design code alone; ${key} cannot be combined with it.`, {
        param: key,
        suggestion: 'Send design_code with offices, limit and cursor only, or search the text without design_code.',
      });
    }
  }
  return parseDesignQuery(input.design_code);
};

/** Every mark matching the codes (in the offices, when given), ranked. */
export const designHits = async (ctx: Context, codes: readonly string[], offices: readonly string[] | undefined): Promise<DesignHit[]> => {
  const postings = await ctx.store.figures.byDesignKeys(queryKeys(codes), offices?.length ? offices : null);
  return rankDesignHits(codes, postings);
};

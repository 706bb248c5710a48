// search_classifications: the earlier-shape goods-and-services term search (spec §4.3
// `GET /v1/classifications/search`): which Nice class and basic number a description belongs to.
import { z } from 'zod';
import { NiceTerm } from '../core/reference-data.js';
import { defineOp } from './define-op.js';
import { decodeCursor, encodeCursor } from './reference/cursor.js';
import { niceClasses, niceTerms } from './reference/data.js';
import { indexTerms, searchTerms, TermMatch } from './reference/nice-terms.js';

let index: ReturnType<typeof indexTerms> | undefined;

const ClassificationResult = NiceTerm.extend({
  class_heading: z.string().describe('The NCL class heading, for context'),
  match: TermMatch,
});

export const searchClassifications = defineOp({
  name: 'search_classifications',
  summary: 'Find the Nice class and basic number of goods or services',
  description:
    'Searches the WIPO Nice alphabetical list (current edition, about 10,000 goods and services terms) for a description such as "mobile phone cases" or a 6-digit basic number, and returns the listed terms with their class. Exact wording ranks first, then terms that start with the query, then terms holding every word. Set `include_earlier_editions` to also search terms that have left the list since NCL 10-2015.',
  scope: 'trademarks:read',
  meter: 'reference',
  readOnly: true,
  http: { method: 'GET', path: '/v1/classifications/search', shape: 'earlier' },
  cli: { command: 'classes search <q>' },
  input: z.strictObject({
    q: z.string().trim().min(2).describe('Goods or services wording, or a 6-digit basic number'),
    class: z.number().int().min(1).max(45).optional().describe('Only terms of this Nice class'),
    include_earlier_editions: z.boolean().default(false).describe('Also search terms that left the list since NCL 10-2015'),
    limit: z.number().int().min(1).max(100).default(20),
    cursor: z.string().optional(),
  }),
  output: z.object({
    success: z.literal(true),
    results: z.array(ClassificationResult),
    pagination: z.object({ total_results: z.number().int(), has_more: z.boolean(), next_cursor: z.string().nullable() }),
    search_metadata: z.object({ query: z.string(), class: z.number().int().nullable(), edition: z.string() }),
  }),
  run: async (_ctx, input) => {
    const { edition: currentEdition, terms } = niceTerms();
    index ??= indexTerms(terms);
    const query = { q: input.q, class: input.class ?? null, earlier: input.include_earlier_editions };
    const offset = decodeCursor(input.cursor, query);
    const hits = searchTerms(index, input.q, {
      niceClass: input.class,
      currentEdition,
      includeEarlier: input.include_earlier_editions,
    });
    const page = hits.slice(offset, offset + input.limit);
    const hasMore = offset + page.length < hits.length;
    const heading = new Map(niceClasses().classes.map((c) => [c.number, c.heading]));
    return {
      success: true as const,
      results: page.map((hit) => ({ ...hit, class_heading: heading.get(hit.class) ?? '' })),
      pagination: {
        total_results: hits.length,
        has_more: hasMore,
        next_cursor: hasMore ? encodeCursor(query, offset + page.length) : null,
      },
      search_metadata: { query: input.q, class: input.class ?? null, edition: currentEdition },
    };
  },
});

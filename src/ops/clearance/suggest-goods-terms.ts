// suggest_goods_terms: the closest accepted Nice terms for a free-text goods description, per
// class, item by item, so a filer can replace their wording with the office's.
import { z } from 'zod';
import { splitItems, suggestTerms } from '../../clearance/classify.js';
import { defineOp } from '../define-op.js';
import { GoodsText, NiceClassList } from './inputs.js';
import { niceIndex } from './nice.js';

const Suggestion = z.object({ class: z.number().int(), term: z.string(), basic_number: z.string(), score: z.number() });

export const suggestGoodsTerms = defineOp({
  name: 'suggest_goods_terms',
  summary: 'Suggest accepted Nice terms for a goods description',
  description:
    'For each item of a goods description (split at semicolons), the closest accepted terms of the WIPO Nice list with class and basic number.',
  scope: 'trademarks:read',
  meter: 'read',
  readOnly: true,
  http: { method: 'POST', path: '/v1/classifications/suggest' },
  cli: { command: 'classes suggest <text>', flags: { class: 'classes' } },
  input: z.strictObject({
    text: GoodsText.min(2, 'needs at least 2 characters').describe('Goods or services description; items separated by semicolons'),
    classes: NiceClassList.optional().describe('Only terms of these Nice classes'),
    per_class: z.number().int().min(1).max(10).default(3).describe('Terms per class and item'),
    limit: z.number().int().min(1).max(50).default(10).describe('Terms per item'),
  }),
  output: z.object({ object: z.literal('term_suggestions'), items: z.array(z.object({ item: z.string(), suggestions: z.array(Suggestion) })) }),
  run: async (_ctx, input) => ({
    object: 'term_suggestions' as const,
    items: splitItems(input.text).map((item) => ({ item, suggestions: suggestTerms(niceIndex(), item, { perClass: input.per_class, limit: input.limit, classes: input.classes }) })),
  }),
});

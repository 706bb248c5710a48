// validate_goods: each item of a goods and services list checked against the Nice alphabetical
// list: an accepted term (with its basic number), a close match (with suggestions), or not
// acceptable (too vague, the wrong class, or nothing close), with the reason.
import { z } from 'zod';
import { splitItems, validateItem } from '../../clearance/classify.js';
import { TmError } from '../../errors.js';
import { defineOp } from '../define-op.js';
import { GoodsText, NiceClassList } from './inputs.js';
import { niceIndex } from './nice.js';

const Suggestion = z.object({ class: z.number().int(), term: z.string(), basic_number: z.string(), score: z.number() });
const ITEMS_MAX = 200;

export const validateGoods = defineOp({
  name: 'validate_goods',
  summary: 'Validate a goods and services list against the Nice list',
  description:
    'Checks each item of a goods and services list against the WIPO Nice list: `accepted`, `close_match` with suggestions, or `not_acceptable` (too vague, wrong class, no match).',
  scope: 'trademarks:read',
  meter: 'read',
  readOnly: true,
  http: { method: 'POST', path: '/v1/classifications/validate' },
  cli: { command: 'classes validate [text]' },
  input: z.strictObject({
    text: GoodsText.optional().describe('Items separated by semicolons'),
    class: NiceClassList.element.optional().describe('The Nice class the text is filed in'),
    items: z.array(z.object({ text: GoodsText.min(1), class: NiceClassList.element.optional() })).max(ITEMS_MAX).optional().describe('Items with their class'),
  }),
  output: z.object({
    object: z.literal('goods_validation'),
    items: z.array(
      z.object({
        text: z.string(),
        class: z.number().int().nullable(),
        status: z.enum(['accepted', 'close_match', 'not_acceptable']),
        term: z.string().nullable(),
        term_id: z.string().nullable(),
        reason: z.enum(['too_vague', 'wrong_class', 'no_match']).nullable(),
        detail: z.string().nullable(),
        suggestions: z.array(Suggestion),
      }),
    ),
    counts: z.object({ accepted: z.number().int(), close_match: z.number().int(), not_acceptable: z.number().int() }),
  }),
  run: async (_ctx, input) => {
    const list = input.items ?? (input.text ? splitItems(input.text).map((text) => ({ text, class: input.class })) : []);
    if (list.length === 0) throw new TmError('validation_error', 'text: give `text` or `items` with at least one goods or services item.', { param: 'text' });
    if (list.length > ITEMS_MAX) throw new TmError('validation_error', `text: at most ${ITEMS_MAX} items.`, { param: 'text' });
    const items = list.map(({ text, class: c }) => {
      const v = validateItem(niceIndex(), text, c ?? null);
      return {
        text,
        class: v.status === 'accepted' ? v.class : (c ?? null),
        status: v.status,
        term: v.status === 'accepted' ? v.term : null,
        term_id: v.status === 'accepted' ? v.term_id : null,
        reason: v.status === 'not_acceptable' ? v.reason : null,
        detail: v.status === 'not_acceptable' ? v.detail : null,
        suggestions: v.status === 'accepted' ? [] : v.suggestions,
      };
    });
    const counts = { accepted: 0, close_match: 0, not_acceptable: 0 };
    for (const i of items) counts[i.status]++;
    return { object: 'goods_validation' as const, items, counts };
  },
});

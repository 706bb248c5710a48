// compare_marks: two marks, as texts or stored ids, with optional goods: the score, tier and a
// readable explanation on each similarity channel, and the goods overlap (docs/clearance.md).
import { z } from 'zod';
import { compareTexts, TextComparison } from '../../clearance/compare.js';
import { DEFAULT_CHANNELS, parseChannels } from '../../search/params.js';
import { defineOp } from '../define-op.js';
import { GoodsText, MarkText, NiceClassList, resolveSide } from './inputs.js';

const SideOut = z.object({ mark: z.string(), id: z.string().nullable(), classes: z.array(z.number().int()), goods: z.string().nullable() });

export const compareMarks = defineOp({
  name: 'compare_marks',
  summary: 'Compare two marks channel by channel, with the goods overlap',
  description:
    'Scores two marks (text, tm_ id or OFFICE:number) on each similarity channel with the search engine, and explains each score; with goods or classes on both sides, also whether the goods are related.',
  scope: 'trademarks:read',
  meter: 'read',
  readOnly: true,
  storeless: true,
  http: { method: 'POST', path: '/v1/compare' },
  cli: { command: 'compare <a> <b>' },
  input: z.strictObject({
    a: MarkText.describe('The first mark: text, a tm_ id or OFFICE:number'),
    b: MarkText.describe('The second mark: text, a tm_ id or OFFICE:number'),
    goods_a: GoodsText.optional().describe("The first mark's goods and services"),
    goods_b: GoodsText.optional().describe("The second mark's goods and services"),
    classes_a: NiceClassList.optional().describe("The first mark's Nice classes"),
    classes_b: NiceClassList.optional().describe("The second mark's Nice classes"),
    similarity: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .describe(`Channels the score and tier are judged on, as search's similarity (default: ${DEFAULT_CHANNELS.join(', ')}); every channel's lane is shown whatever is chosen`),
  }),
  output: TextComparison.extend({ object: z.literal('comparison'), a: SideOut, b: SideOut }),
  run: async (ctx, input) => {
    const a = await resolveSide(ctx, 'a', input.a, input.goods_a, input.classes_a);
    const b = await resolveSide(ctx, 'b', input.b, input.goods_b, input.classes_b);
    const hasGoods = (s: typeof a) => s.classes.length > 0 || !!s.text;
    const result = compareTexts(a, b, hasGoods(a) || hasGoods(b), input.similarity === undefined ? DEFAULT_CHANNELS : parseChannels(input.similarity));
    const side = (s: typeof a) => ({ mark: s.mark, id: s.id, classes: [...new Set(s.classes)], goods: s.text });
    return { object: 'comparison' as const, a: side(a), b: side(b), ...result };
  },
});

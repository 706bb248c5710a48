// classify_goods: the earlier-shape `POST /v1/analysis/classify` (spec §4.3, §2.10 class
// prediction): a goods or services text in, the `top_k` most likely Nice classes out.
import { z } from 'zod';
import { classify } from '../../clearance/classify.js';
import { defineOp } from '../define-op.js';
import { GoodsText } from './inputs.js';
import { niceIndex } from './nice.js';

const Prediction = z.object({ class: z.number().int().min(1).max(45), confidence: z.number().min(0).max(1), description: z.string() });

/** Hints that restrict predictions to goods (1-34) or services (35-45) classes. */
const kindOf = (hint: string | undefined): 'goods' | 'services' | null =>
  hint === undefined ? null : /servic/i.test(hint) ? 'services' : /good|product/i.test(hint) ? 'goods' : null;

export const classifyGoods = defineOp({
  name: 'classify_goods',
  summary: 'Predict the Nice classes of a goods or services description',
  description:
    'The `top_k` most likely Nice classes of a goods or services description, with confidence and heading.',
  scope: 'trademarks:read',
  meter: 'read',
  readOnly: true,
  mcpTool: true,
  http: { method: 'POST', path: '/v1/analysis/classify', shape: 'earlier' },
  cli: { command: 'classify <text>' },
  input: z.strictObject({
    text: GoodsText.min(2, 'needs at least 2 characters').describe('Goods or services description'),
    category_hint: z.string().max(100).optional().describe('`goods` or `services` restricts the classes; other hints are ignored'),
    options: z.strictObject({ top_k: z.number().int().min(1, 'top_k is 1 to 45').max(45, 'top_k is 1 to 45').default(3) }).default({ top_k: 3 }),
  }),
  output: z.object({
    success: z.literal(true),
    data: z.object({ predictions: z.array(Prediction), meta: z.object({ items: z.number().int(), edition: z.string(), category: z.string().nullable() }) }),
  }),
  run: async (_ctx, input) => {
    const kind = kindOf(input.category_hint);
    const all = classify(niceIndex(), input.text, 45).filter((p) => kind === null || (kind === 'goods') === p.class <= 34);
    const sum = all.reduce((s, p) => s + p.confidence, 0) || 1;
    const predictions = all.slice(0, input.options.top_k).map((p) => ({ ...p, confidence: Math.round((p.confidence / sum) * 1000) / 1000 }));
    return { success: true as const, data: { predictions, meta: { items: input.text.split(';').length, edition: niceIndex().edition, category: kind } } };
  },
});

import { describe, expect, it } from 'vitest';
import { classifyGoods } from '../../src/ops/clearance/classify-goods.js';
import { suggestGoodsTerms } from '../../src/ops/clearance/suggest-goods-terms.js';
import { validateGoods } from '../../src/ops/clearance/validate-goods.js';
import { classify, headOf, splitItems, suggestTerms } from '../../src/clearance/classify.js';
import { buildNiceIndex } from '../../src/clearance/nice-index.js';
import { niceClasses, niceTerms } from '../../src/ops/reference/data.js';
import { broaderTerms } from '../../src/clearance/wordnet.js';
import type { Context } from '../../src/context.js';

// The classification operations read only data/nice: no store is needed.
const ctx = {} as Context;
const run = async <T extends typeof classifyGoods | typeof suggestGoodsTerms | typeof validateGoods>(op: T, raw: unknown) =>
  op.output.parse(await op.run(ctx, op.input.parse(raw) as never)) as Awaited<ReturnType<T['run']>>;

describe('classify_goods', () => {
  it('puts clothing in 25, software in 9 and restaurants in 43, with confidences summing to at most 1', async () => {
    const shirts = await run(classifyGoods, { text: 'T-shirts; hooded sweatshirts; baseball caps' });
    expect(shirts.data.predictions[0]).toMatchObject({ class: 25 });
    expect(shirts.data.predictions[0]!.description).toMatch(/^Clothing/);
    expect((await run(classifyGoods, { text: 'downloadable mobile application software for tracking fitness' })).data.predictions.map((p) => p.class)).toContain(9);
    const food = await run(classifyGoods, { text: 'restaurant services; cafe services', options: { top_k: 5 } });
    expect(food.data.predictions[0]!.class).toBe(43);
    expect(food.data.predictions.length).toBeLessThanOrEqual(5);
    expect(food.data.predictions.reduce((s, p) => s + p.confidence, 0)).toBeLessThanOrEqual(1.001);
  });

  it('widens nouns the Nice list does not name through WordNet: blouses and bikinis are clothing', async () => {
    expect(broaderTerms('blouse')).toContain('clothing');
    expect(broaderTerms('lager')).toContain('beer');
    expect(broaderTerms('no such noun here')).toEqual([]);
    expect((await run(classifyGoods, { text: 'blouses', options: { top_k: 3 } })).data.predictions.map((p) => p.class)).toContain(25);
    expect((await run(classifyGoods, { text: 'denims; bikinis', options: { top_k: 3 } })).data.predictions.map((p) => p.class)).toContain(25);
  });

  it('weighs service classes up for an item that names services', async () => {
    const out = await run(classifyGoods, { text: 'real estate marketing services', options: { top_k: 3 } });
    expect(out.data.predictions[0]!.class).toBeGreaterThanOrEqual(35);
  });

  it('keeps to services classes with a services hint', async () => {
    const out = await run(classifyGoods, { text: 'software', category_hint: 'services', options: { top_k: 3 } });
    expect(out.data.predictions.every((p) => p.class >= 35)).toBe(true);
  });

  it('rejects top_k out of range and an empty text, naming the field', () => {
    expect(classifyGoods.input.safeParse({ text: 'shoes', options: { top_k: 0 } }).error?.issues[0]?.path).toEqual(['options', 'top_k']);
    expect(classifyGoods.input.safeParse({ text: 'shoes', options: { top_k: 46 } }).success).toBe(false);
    expect(classifyGoods.input.safeParse({ text: ' ' }).error?.issues[0]?.path).toEqual(['text']);
  });
});

describe('the term memo of the Nice index', () => {
  it('gives a text after others sharing its terms what an index that has answered nothing gives', () => {
    const build = () => buildNiceIndex(niceTerms().terms, niceClasses().classes, niceTerms().edition);
    const answer = (index: ReturnType<typeof build>, t: string) => [classify(index, t, 10), suggestTerms(index, t, { perClass: 3, limit: 10 })];
    const texts = ['cotton shirts; leather shoes', 'computer software', 'shirts of silk; shoes for sport; software for games'];
    const warm = build();
    const seen = texts.map((t) => answer(warm, t));
    expect(texts.map((t) => answer(warm, t))).toEqual(seen);
    expect(answer(build(), texts[2]!)).toEqual(seen[2]);
  });
});

describe('term suggestion and validation', () => {
  it('splits items and finds the head of an item', () => {
    expect(splitItems('Soaps; and perfumery; essential oils.')).toEqual(['Soaps', 'perfumery', 'essential oils']);
    expect(headOf('adhesives for bonding wood, leather')).toBe('adhesives');
  });

  it('suggests listed terms per item, within the given classes', async () => {
    const out = await run(suggestGoodsTerms, { text: 'running shoes; leather wallets', classes: [25, 18] });
    expect(out.items.map((i) => i.item)).toEqual(['running shoes', 'leather wallets']);
    expect(out.items[0]!.suggestions[0]!.class).toBe(25);
    expect(out.items[1]!.suggestions.some((s) => /wallet/i.test(s.term) && s.class === 18)).toBe(true);
    for (const s of out.items.flatMap((i) => i.suggestions)) expect(s.basic_number).toMatch(/^\d{6}$/);
  });

  it('accepts listed terms, flags vague wording and the wrong class, and suggests for close wording', async () => {
    const out = await run(validateGoods, {
      items: [
        { text: 'Soaps', class: 3 },
        { text: 'all goods in class 9', class: 9 },
        { text: 'Soaps', class: 25 },
        { text: 'mobile phone covers made of leather', class: 9 },
      ],
    });
    const [soap, vague, wrong, close] = out.items;
    expect(soap).toMatchObject({ status: 'accepted', class: 3 });
    expect(soap!.term_id).toMatch(/^03\d{4}$/);
    expect(vague).toMatchObject({ status: 'not_acceptable', reason: 'too_vague' });
    expect(wrong).toMatchObject({ status: 'not_acceptable', reason: 'wrong_class' });
    expect(wrong!.suggestions[0]!.class).toBe(3);
    expect(close!.status).toBe('close_match');
    expect(close!.suggestions.length).toBeGreaterThan(0);
    expect(out.counts).toEqual({ accepted: 1, close_match: 1, not_acceptable: 2 });
  });

  it('takes one text with a class, and rejects an empty list and class 0', async () => {
    const out = await run(validateGoods, { text: 'shirts; widgets and the like', class: 25 });
    expect(out.items.map((i) => i.status)).toEqual(['accepted', 'not_acceptable']);
    await expect(validateGoods.run(ctx, validateGoods.input.parse({ text: ' ; ' }))).rejects.toMatchObject({ type: 'validation_error', param: 'text' });
    expect(validateGoods.input.safeParse({ text: 'shirts', class: 0 }).error?.issues[0]?.path).toEqual(['class']);
  });
});

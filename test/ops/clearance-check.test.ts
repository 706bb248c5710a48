import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkListing } from '../../src/ops/clearance/check-listing.js';
import { MarkMatcher } from '../../src/clearance/mark-matcher.js';
import { makeRecord, tempContext, type TempContext } from '../helpers/factory.js';

let t: TempContext;
const NOW = '2026-11-22T12:00:00.000Z';
const cls = (c: number) => ({ nice_class: c, goods_services: null, class_status: null, first_use_date: null, first_use_in_commerce_date: null, office_classes: [] });
const owner = (name: string) => [{ owner_id: 'own_x', entity_id: null, name, entity_type: null, nationality: null, role: null, address: null }];

beforeAll(async () => {
  t = tempContext(NOW);
  const rec = (mark: string, office: string, number: string, status: 'active' | 'pending' | 'inactive', c: number, who = 'Owner') =>
    makeRecord({ mark_text: mark, office_code: office, application_number: number, status: { primary: status, stage: status === 'inactive' ? 'abandoned' : 'registered' }, classifications: [cls(c)], owners: owner(who) });
  await t.ctx.store.trademarks.upsert(
    [
      rec('NIKE', 'US', '1', 'active', 25, 'Nike, Inc.'),
      rec('NIKE', 'EM', '2', 'active', 25, 'Nike, Inc.'),
      rec('ADIDAS', 'EM', '3', 'active', 25, 'adidas AG'),
      rec('ADIDAS', 'US', '4', 'active', 25, 'adidas AG'),
      rec('SOFTSHELL', 'US', '5', 'active', 9),
      rec('KITTEN', 'US', '6', 'inactive', 25),
      rec('GO', 'US', '7', 'active', 28),
    ],
    NOW,
  );
});
afterAll(async () => t.cleanup());

const check = async (raw: Record<string, unknown>) => checkListing.output.parse(await checkListing.run(t.ctx, checkListing.input.parse(raw)));

describe('analysis/check', () => {
  it('finds a registered mark as a word in the title, with owner, classes and a snippet', async () => {
    const out = await check({ payload: { title: 'Running shoes like Nike Air, size 42', classes: [25] }, jurisdictions: ['US'], options: { return_snippets: true } });
    expect(out.data.findings.map((f) => [f.mark, f.office_code, f.match, f.found_in])).toEqual([['NIKE', 'US', 'exact_word', 'title']]);
    expect(out.data.findings[0]).toMatchObject({ owner: 'Nike, Inc.', classes: [25], class_match: 'same', application_number: '1' });
    expect(out.data.findings[0]!.snippet).toContain('Nike Air');
    expect(out.data.clearance.score).toBeLessThan(20);
    expect(out.data.clearance.bucket).toBe('no_clearance');
    expect(out.data.guidance.join(' ')).toMatch(/title/);
  });

  it('finds marks inside words, and one-letter variants of widely filed marks only when fuzzy is on', async () => {
    const inside = await check({ payload: { description: 'a superadidasstyle jacket', classes: [25] }, options: { fuzzy_level: 'off' } });
    expect(inside.data.findings.map((f) => f.match)).toEqual(['inside_word', 'inside_word']);
    const typo = { payload: { tags: ['addidas', 'jacket'], classes: [25] } };
    expect((await check({ ...typo, options: { fuzzy_level: 'off' } })).data.findings).toEqual([]);
    const fuzzy = await check({ ...typo, options: { fuzzy_level: 'medium_famous_only' } });
    expect(fuzzy.data.findings.map((f) => [f.mark, f.match])).toEqual([['ADIDAS', 'fuzzy'], ['ADIDAS', 'fuzzy']]);
  });

  it('applies class strictness, skips dead marks and short marks inside words', async () => {
    const text = { payload: { title: 'softshell jacket for kitten lovers, let us go', classes: [25] } };
    expect((await check({ ...text, options: { class_strictness: 'strict' } })).data.findings).toEqual([]);
    const any = await check({ ...text, options: { class_strictness: 'any' } });
    expect(any.data.findings.map((f) => f.mark).sort()).toEqual(['GO', 'SOFTSHELL']);
    const clear = await check({ payload: { title: 'plain cotton shirt', classes: [25] } });
    expect(clear.data.clearance).toMatchObject({ score: 100, bucket: 'high_clearance' });
  });

  it('rejects an oversized listing, an unknown jurisdiction and a bad class, naming the field', async () => {
    await expect(check({ payload: { description: 'x'.repeat(10_001) } })).rejects.toMatchObject({ type: 'validation_error', param: 'payload' });
    await expect(check({ payload: { title: 'nike' }, jurisdictions: ['XX'] })).rejects.toMatchObject({ param: 'jurisdictions' });
    expect(checkListing.input.safeParse({ payload: { title: 'a', classes: [0] } }).error?.issues[0]?.path).toEqual(['payload', 'classes', 0]);
  });
});

describe('MarkMatcher', () => {
  it('matches many marks in one pass, at word boundaries or inside words', () => {
    const m = new MarkMatcher([{ id: 'a', mark_text: 'Coca-Cola' }, { id: 'b', mark_text: 'ola' }, { id: 'c', mark_text: 'cola' }], () => false);
    expect(m.find(['cocacola', 'ola'], false).map((x) => `${x.key}:${x.kind}`)).toEqual(['cocacola:exact_word', 'cola:inside_word', 'ola:exact_word']);
  });

  it('tries every length of the marks that share a beginning, shortest first, up to the end of the text', () => {
    const marks = ['ab', 'abc', 'abcd', 'abcdef', 'abcdxyz', 'cdef', 'fab'].map((mark_text, i) => ({ id: String(i), mark_text }));
    const m = new MarkMatcher(marks, () => false);
    expect(m.find(['abcdef', 'ab'], false).map((x) => `${x.key}:${x.kind}:${x.start}`)).toEqual(['abcd:inside_word:0', 'abcdef:exact_word:0', 'cdef:inside_word:2', 'ab:exact_word:6']);
    expect(m.find(['xabcdxyz'], false).map((x) => x.key)).toEqual(['abcd', 'abcdxyz']);
  });
});

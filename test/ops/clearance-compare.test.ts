import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareMarks } from '../../src/ops/clearance/compare-marks.js';
import { editPath, sharedSegments } from '../../src/clearance/explain.js';
import { goodsRelatedness } from '../../src/clearance/goods.js';
import { TmError } from '../../src/errors.js';
import { makeRecord, tempContext, type TempContext } from '../helpers/factory.js';

let t: TempContext;
const NOW = '2026-11-22T12:00:00.000Z';
const cls = (c: number, goods: string) => ({ nice_class: c, goods_services: goods, class_status: null, first_use_date: null, first_use_in_commerce_date: null, office_classes: [] });

beforeAll(async () => {
  t = tempContext(NOW);
  await t.ctx.store.trademarks.upsert([makeRecord({ mark_text: 'COCA-COLA', application_number: '71000001', classifications: [cls(32, 'Soft drinks and syrups for making soft drinks')] })], NOW);
});
afterAll(async () => t.cleanup());

const compare = async (raw: Record<string, unknown>) => compareMarks.output.parse(await compareMarks.run(t.ctx, compareMarks.input.parse(raw)));
const channel = (out: Awaited<ReturnType<typeof compare>>, name: string) => out.channels.find((c) => c.channel === name)!;

describe('compare_marks', () => {
  it('explains a sound-alike pair with shared sound keys and the edit path', async () => {
    const out = await compare({ a: 'KOKA KOLA', b: 'COCA-COLA' });
    // C and K written for one sound: the homophone family makes it `similar` (docs/search.md).
    expect(out).toMatchObject({ tier: 'similar', family: 'homophone', reason: 'sounds the same: C, K, Q and CK' });
    const phonetic = channel(out, 'phonetic');
    expect(phonetic.score).toBeGreaterThanOrEqual(0.5);
    expect(phonetic.tier).not.toBeNull();
    expect(phonetic.evidence.sound_keys).toContain('KKKL');
    const fuzzy = channel(out, 'fuzzy');
    expect(fuzzy.evidence.edit_path?.map((s) => `${s.from}>${s.to}:${s.note}`)).toEqual(['k>c:sounds_alike', 'k>c:sounds_alike', 'k>c:sounds_alike']);
    expect(out.summary).toMatch(/KOKA KOLA and COCA-COLA are similar: sounds the same/);
  });

  it('names look-alike letters and the equivalences of the near form', async () => {
    const look = await compare({ a: 'G00GLE', b: 'GOOGLE' });
    expect(channel(look, 'lookalike').tier).toBe('similar');
    expect(channel(look, 'lookalike').evidence.edit_path?.every((s) => s.note === 'looks_alike')).toBe(true);
    const near = await compare({ a: 'FOREVER', b: '4EVER' });
    // Different letters: a strong `similar`, not near_identical.
    expect(near.tier).toBe('similar');
    expect(channel(near, 'identical').tier).toBe('similar');
    expect(channel(near, 'identical').evidence.equivalences).toEqual([{ word: 'forever', as: '4ever' }]);
  });

  it('shows the shared segment of an embedded mark', async () => {
    const out = await compare({ a: 'BUCKS', b: 'ICEBUCKS' });
    expect(channel(out, 'embedded').evidence.segments).toEqual(['bucks']);
    expect(channel(out, 'embedded').tier).not.toBeNull();
  });

  it('reads a stored mark by id and reports the goods overlap', async () => {
    const out = await compare({ a: 'US:71000001', b: 'KOCA KOLA', goods_b: 'soft drinks', classes_b: [32] });
    expect(out.a.mark).toBe('COCA-COLA');
    expect(out.a.classes).toEqual([32]);
    expect(out.goods?.level).toBe('same_class');
    expect(out.goods?.shared_terms).toContain('drink');
    const coordinated = await compare({ a: 'X', b: 'Y', classes_a: [25], classes_b: [18] });
    expect(coordinated.goods?.level).toBe('coordinated');
    expect(coordinated.tier).toBeNull();
  });

  it('rejects an empty mark, an unknown class and an unknown id, naming the field', async () => {
    const empty = compareMarks.input.safeParse({ a: '  ', b: 'X' });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]?.path).toEqual(['a']);
    const badClass = compareMarks.input.safeParse({ a: 'A', b: 'B', classes_a: [46] });
    expect(badClass.error?.issues[0]?.path).toEqual(['classes_a', 0]);
    await expect(compare({ a: 'US:99999999', b: 'B' })).rejects.toMatchObject({ type: 'not_found', param: 'a' } satisfies Partial<TmError>);
  });
});

describe('explain and goods', () => {
  it('finds transpositions, insertions and maximal segments', () => {
    expect(editPath('seiko', 'sieko').map((s) => s.op)).toEqual(['transpose']);
    expect(editPath('apple', 'apples').map((s) => `${s.op}${s.to}`)).toEqual(['inserts']);
    expect(sharedSegments('playstation', 'starplay')).toEqual(['play', 'sta']);
  });

  it('rates shared goods words below the same class and names the coordination source', () => {
    const g = goodsRelatedness({ classes: [9], text: 'computer software for games' }, { classes: [28], text: 'video games' });
    expect(g.level).toBe('coordinated');
    expect(g.shared_terms).toEqual(['game']);
    expect(g.score).toBeGreaterThan(goodsRelatedness({ classes: [9], text: null }, { classes: [28], text: null }).score);
    expect(g.coordination_source).toMatch(/USPTO/);
    const words = goodsRelatedness({ classes: [], text: 'leather handbags' }, { classes: [], text: 'handbags of textile' });
    expect(words.level).toBe('overlapping_terms');
    expect(goodsRelatedness({ classes: [], text: null }, { classes: [3], text: null }).level).toBe('unknown');
  });
});

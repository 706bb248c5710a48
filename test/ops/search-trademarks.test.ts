import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/core/clock.js';
import { TmError } from '../../src/errors.js';
import { searchTrademarks } from '../../src/ops/search-trademarks.js';
import { renderSearchTty } from '../../src/cli/views/search-view.js';
import { suggestTrademarks } from '../../src/ops/suggest-trademarks.js';
import { makeRecord, tempContext, type TempContext } from '../helpers/factory.js';

let t: TempContext;
const NOW = '2026-11-22T12:00:00.000Z';

const MARKS: [string, string, string, number[], string][] = [
  // mark, office, status, classes, filing date
  ['COCA-COLA', 'US', 'active', [32], '1990-01-01'],
  ['PLAY-DOH', 'US', 'active', [28], '1995-02-01'],
  ['FOREVER', 'EM', 'pending', [25], '2019-05-05'],
  ['ICEBUCKS', 'US', 'pending', [30], '2021-03-03'],
  ['BUCKS', 'EM', 'active', [30, 43], '2015-01-01'],
  ['SEIKO', 'US', 'active', [14], '1980-06-06'],
  ['MODERN', 'EM', 'active', [35], '2010-10-10'],
  ['STAR PLAY', 'US', 'inactive', [41], '2001-01-01'],
  ['PLAY STAR', 'WO', 'active', [41], '2002-02-02'],
  ['TURCOOL', 'US', 'pending', [11], '2022-02-22'],
  ['APPLE', 'US', 'active', [9], '1977-01-01'],
  ['SNAPPLE', 'US', 'active', [32], '1980-01-01'],
  ['PLAYSTATION', 'EM', 'active', [9], '1994-01-01'],
  ['HEINZ', 'US', 'active', [29], '1900-01-01'],
];

beforeAll(async () => {
  t = tempContext(NOW);
  const records = MARKS.map(([mark, office, status, classes, filed], i) =>
    makeRecord({
      mark_text: mark,
      office_code: office,
      application_number: String(1000 + i),
      filing_date: filed,
      status: { primary: status as 'active', stage: status === 'active' ? 'registered' : 'filed' },
      classifications: classes.map((c) => ({ nice_class: c, goods_services: null, class_status: null, first_use_date: null, first_use_in_commerce_date: null, office_classes: [] })),
      owners: [{ owner_id: `own_${i}`, entity_id: i % 2 ? 'ent_odd' : 'ent_even', name: i === 0 ? 'The Coca-Cola Company' : `Owner ${i}`, entity_type: null, nationality: null, role: null, address: null }],
    }),
  );
  await t.ctx.store.trademarks.upsert(records, NOW);
  await t.ctx.index.sync();
});
afterAll(async () => {
  await t.cleanup();
});
afterEach(() => {
  t.ctx.clock = fixedClock(NOW);
});

const search = async (raw: Record<string, unknown>) => searchTrademarks.output.parse(await searchTrademarks.run(t.ctx, searchTrademarks.input.parse(raw)));
const marks = (out: Awaited<ReturnType<typeof search>>) => out.data.map((h) => h.mark_text);
/** Input the schema rejects becomes a validation_error naming the key, as every surface reports it. */
const failure = async (raw: Record<string, unknown>): Promise<TmError> => {
  const parsed = searchTrademarks.input.safeParse(raw);
  if (!parsed.success) {
    const param = String(parsed.error.issues[0]?.path[0]);
    return new TmError('validation_error', parsed.error.message, { param });
  }
  try {
    await searchTrademarks.run(t.ctx, parsed.data);
  } catch (err) {
    if (err instanceof TmError) return err;
    throw err;
  }
  throw new Error('expected a TmError');
};

describe('search_trademarks: matching and tiers', () => {
  it('finds the identical mark first with tier identical and score 100', async () => {
    const out = await search({ q: 'coca-cola' });
    expect(out.data[0]?.mark_text).toBe('COCA-COLA');
    expect(out.data[0]?.match?.tier).toBe('identical');
    expect(out.data[0]?.relevance_score).toBe(100);
    expect(out.search_meta.similarity_applied).toEqual(['identical', 'fuzzy', 'embedded', 'lookalike']);
    expect(out.search_meta.ranking_version).toBe('v18');
  });

  it('the same words are identical whatever the punctuation; a joined word is near_identical; number words a strong similar', async () => {
    expect((await search({ q: 'PLAY DOH' })).data[0]).toMatchObject({ mark_text: 'PLAY-DOH', match: { tier: 'identical', family: 'same_text' } });
    expect((await search({ q: 'PLAYDOH' })).data[0]).toMatchObject({ mark_text: 'PLAY-DOH', match: { tier: 'near_identical', family: 'split_join', reason: 'the same letters, split or joined differently' } });
    expect((await search({ q: '4EVER' })).data[0]).toMatchObject({ mark_text: 'FOREVER', match: { tier: 'similar', via: expect.arrayContaining(['identical']) } });
  });

  it('phonetic runs only when asked, adds identical, and finds KOKA KOLA -> COCA-COLA', async () => {
    const without = await search({ q: 'KOKA KOLA' });
    expect(without.data.flatMap((h) => h.match?.via ?? [])).not.toContain('phonetic');
    const out = await search({ q: 'KOKA KOLA', similarity: 'phonetic' });
    expect(out.search_meta.similarity_applied).toEqual(['identical', 'phonetic']);
    expect(out.data[0]).toMatchObject({ mark_text: 'COCA-COLA', match: { via: expect.arrayContaining(['phonetic']) } });
    expect(marks(await search({ q: 'SEYCOS', similarity: 'phonetic' }))).toContain('SEIKO');
  });

  it('embedded finds a mark inside the query and the query inside a mark, and word swaps', async () => {
    expect(marks(await search({ q: 'ICEBUCKS', similarity: 'embedded' }))).toEqual(expect.arrayContaining(['ICEBUCKS', 'BUCKS']));
    expect(marks(await search({ q: 'BUCKS', similarity: 'embedded' }))).toEqual(expect.arrayContaining(['ICEBUCKS', 'BUCKS']));
    const swap = await search({ q: 'STAR PLAY', similarity: 'embedded' });
    // The spelling measures belong to the pair, whatever the channels: the same words in another
    // order are a `similar` hit on the embedded channel alone.
    const play = swap.data.find((h) => h.mark_text === 'PLAY STAR');
    expect(play?.match?.via).toEqual(['embedded']);
    expect(play?.match).toMatchObject({ tier: 'similar', reason: 'the same words in another order' });
  });

  it('lookalike matches digit-for-letter and Cyrillic homoglyphs', async () => {
    expect(marks(await search({ q: 'M0DERN', similarity: 'lookalike' }))).toContain('MODERN');
    expect(marks(await search({ q: 'АPPLЕ', similarity: 'lookalike' }))).toContain('APPLE');
  });

  it('fuzzy matches a transposition', async () => {
    const out = await search({ q: 'TRUCOOL', similarity: 'fuzzy', include: 'match_details' });
    const hit = out.data.find((h) => h.mark_text === 'TURCOOL');
    expect(hit?.match?.via).toContain('fuzzy');
    expect(hit?.match?.details?.lanes.fuzzy).toBeGreaterThan(0.7);
  });

  it('conceptual is in no default; all turns on the six channels and finds a foreign equivalent', async () => {
    const plain = await search({ q: 'MANZANA' });
    expect(plain.search_meta.similarity_applied).not.toContain('conceptual');
    expect(marks(plain)).not.toContain('APPLE');
    const out = await search({ q: 'MANZANA', all: true });
    expect(out.search_meta.similarity_applied).toEqual(['identical', 'fuzzy', 'embedded', 'phonetic', 'lookalike', 'conceptual']);
    const apple = out.data.find((h) => h.mark_text === 'APPLE');
    expect(apple?.match?.via).toEqual(['conceptual']);
    // A full translation keeps a floor of 0.75 (docs/search.md): related, above most spelling hits.
    expect(apple?.match?.tier).toBe('related');
    expect(apple?.relevance_score).toBe(75);
    expect(marks(await search({ q: 'MANZANA', similarity: 'conceptual' }))).toContain('APPLE');
  });

  it('unrelated marks are not hits', async () => {
    expect(marks(await search({ q: 'JOHANNES', similarity: 'phonetic,fuzzy' }))).not.toContain('HEINZ');
  });
});

describe('search_trademarks: filters, sort and pages', () => {
  it('filters by office, class and status, flat and in a POST filters object', async () => {
    expect(marks(await search({ q: 'bucks', offices: 'EM' }))).toEqual(['BUCKS']);
    expect(marks(await search({ filters: { offices: ['US'], nice_classes: [30] } }))).toEqual(['ICEBUCKS']);
    expect(marks(await search({ nice_classes: '41', status: 'active' }))).toEqual(['PLAY STAR']);
    expect(marks(await search({ owner: 'coca-cola company' }))).toEqual(['COCA-COLA']);
  });

  it('excludes by text and entity', async () => {
    const out = await search({ q: 'bucks', exclude: { mark_text: { contains: ['ice'] } } });
    expect(marks(out)).toEqual(['BUCKS']);
    const ents = await search({ nice_classes: '30', exclude: { entity_id: ['ent_odd'] } });
    expect(marks(ents)).toEqual(['BUCKS']);
  });

  it('text filters ignore punctuation and list equal, then starts-with, then shorter', async () => {
    expect(marks(await search({ mark_text_starts_with: 'play' }))).toEqual(['PLAY-DOH', 'PLAY STAR', 'PLAYSTATION']);
    expect(marks(await search({ mark_text_is: 'playdoh' }))).toEqual(['PLAY-DOH']);
    expect(marks(await search({ mark_text_ends_with: 'ucks' }))).toEqual(['BUCKS', 'ICEBUCKS']);
    expect(marks(await search({ mark_text_contains: 'appl', mark_text_not_contains: 'sn' }))).toEqual(['APPLE']);
    expect((await search({ mark_text_contains: 'play' })).search_meta.order).toBe('text');
  });

  it('without q sorts by -filing_date and has no match block', async () => {
    const out = await search({ offices: 'US', filing_date_gte: '2000-01-01' });
    expect(marks(out)).toEqual(['TURCOOL', 'ICEBUCKS', 'STAR PLAY']);
    expect(out.data[0]?.match).toBeUndefined();
    expect(out.search_meta.order).toBe('-filing_date');
  });

  it('pages with a cursor and counts the total', async () => {
    const first = await search({ offices: 'US,EM', limit: 4, include_total: 'true' });
    expect(first.has_more).toBe(true);
    expect(first.pagination.total_count).toBe(13);
    const second = await search({ offices: 'US,EM', limit: 4, include_total: 'true', cursor: first.pagination.cursor! });
    expect(second.data.map((h) => h.id)).not.toContain(first.data[0]!.id);
    expect(second.data).toHaveLength(4);
  });
});

describe('search_trademarks: 400s name the parameter', () => {
  it.each([
    [{ q: 'a' }, 'validation_error', 'q'],
    [{ mark_text_ends_with: 'ab' }, 'validation_error', 'mark_text_ends_with'],
    [{ q: 'apple', similarity: 'soundex' }, 'validation_error', 'similarity'],
    [{ 'offices[]': 'US' }, 'validation_error', 'offices[]'],
    [{ q: 'apple', include_total: 'yes' }, 'validation_error', 'include_total'],
    [{ q: 'apple', strategies: 'fuzzy', similarity: 'fuzzy' }, 'conflicting_params', 'strategies'],
    [{ q: 'apple', all: true, similarity: 'fuzzy' }, 'conflicting_params', 'all'],
    [{ q: 'apple', colour: 'red' }, 'unknown_parameter', 'colour'],
    [{ q: 'apple', limit: 101 }, 'validation_error', 'limit'],
    [{}, 'validation_error', 'q'],
    [{ q: 'apple', cursor: 'garbage' }, 'cursor_invalid', 'cursor'],
    [{ q: 'apple', sort: 'mark_text' }, 'validation_error', 'sort'],
    [{ offices: 'USA' }, 'validation_error', 'offices'],
    [{ filing_date_gte: '2020-13-45' }, 'validation_error', 'filing_date_gte'],
  ])('%j -> %s on %s', async (raw, type, param) => {
    const err = await failure(raw);
    expect(err.type).toBe(type);
    expect(err.param).toBe(param);
    expect(err.status).toBe(400);
  });

  it('a tampered cursor and a cursor for another query are cursor_invalid', async () => {
    const first = await search({ offices: 'US', limit: 2 });
    const cursor = first.pagination.cursor!;
    const [body, mac] = cursor.split('.');
    const forged = `${Buffer.from(Buffer.from(body!, 'base64url').toString().replace(/"o":2/, '"o":0')).toString('base64url')}.${mac}`;
    expect((await failure({ offices: 'US', limit: 2, cursor: forged })).type).toBe('cursor_invalid');
    expect((await failure({ offices: 'EM', limit: 2, cursor })).type).toBe('cursor_invalid');
  });

  it('a cursor older than 24 hours is cursor_expired', async () => {
    const first = await search({ offices: 'US', limit: 2 });
    t.ctx.clock = fixedClock('2026-11-23T12:00:01.000Z');
    const err = await failure({ offices: 'US', limit: 2, cursor: first.pagination.cursor! });
    expect(err.type).toBe('cursor_expired');
  });
});

describe('search_trademarks: old parameters', () => {
  it('translates strategies and match with deprecations before the sunset and fills old fields', async () => {
    const out = await search({ q: 'KOKA KOLA', strategies: 'phonetic' });
    expect(out.search_meta.similarity_applied).toEqual(['identical', 'phonetic']);
    expect(out.search_meta.deprecations).toEqual([{ parameter: 'strategies', replacement: 'similarity', sunset: '2026-12-28' }]);
    expect(out.search_meta.strategies_used).toContain('phonetic');
    expect(out.data[0]?.match_explanation?.strategies_matched).toContain('phonetic');
    expect(marks(await search({ q: 'play', match: 'starts_with' }))).toEqual(['PLAY-DOH', 'PLAY STAR', 'PLAYSTATION']);
    expect(marks(await search({ query: 'seiko' }))[0]).toBe('SEIKO');
  });

  it('after 2026-12-28 an old parameter is unknown_parameter naming the replacement', async () => {
    t.ctx.clock = fixedClock('2026-12-29T00:00:00.000Z');
    const err = await failure({ q: 'apple', strategies: 'fuzzy' });
    expect(err.type).toBe('unknown_parameter');
    expect(err.param).toBe('strategies');
    expect(err.suggestion).toContain('similarity');
    const out = await search({ q: 'apple' });
    expect(out.search_meta.strategies_used).toBeUndefined();
    expect(out.data[0]?.match_explanation).toBeUndefined();
  });
});

describe('tm search TTY view', () => {
  it('renders mark, office, tier, score and the next-page cursor', async () => {
    const out = await search({ q: 'PLAY', limit: 2 });
    const text = await renderSearchTty(out);
    expect(text).toMatch(/^Mark\s+Office\s+Number/);
    expect(text).toContain(out.data[0]!.mark_text!);
    // The tier in words: near_identical reads "Near identical".
    const tier = out.data[0]!.match!.tier;
    expect(text).toContain(tier.charAt(0).toUpperCase() + tier.slice(1).replace(/_/g, ' '));
    // Why, in plain words (the judgement's reason), where the terminal is wide enough for it.
    expect(text).toContain('Why');
    expect(text).toContain(out.data[0]!.match!.reason!.slice(0, 12));
    expect(text).toContain(`--cursor ${out.pagination.cursor}`);
  });

  it('says so plainly when nothing matches', async () => {
    const out = await search({ q: 'XYZZYQ', similarity: 'identical' });
    expect(out.data).toEqual([]);
    expect(await renderSearchTty(out)).toBe('No marks match this search.');
  });
});

describe('suggest', () => {
  const suggest = async (raw: Record<string, unknown>) => suggestTrademarks.output.parse(await suggestTrademarks.run(t.ctx, suggestTrademarks.input.parse(raw)));

  it('suggests texts that start with the prefix, ignoring punctuation, shortest first', async () => {
    const out = await suggest({ q: 'play' });
    expect(out.data.map((s) => s.text)).toEqual(['PLAY-DOH', 'PLAY STAR', 'PLAYSTATION']);
    expect((await suggest({ q: 'play', offices: 'EM' })).data.map((s) => s.text)).toEqual(['PLAYSTATION']);
  });

  it('rejects a one-character prefix naming q', async () => {
    await expect(suggest({ q: 'p' })).rejects.toMatchObject({ type: 'validation_error', param: 'q' });
  });
});

describe('the index follows the store', () => {
  it('a search reports the lag and never catches up itself; a sync re-keys a changed mark without a rebuild', async () => {
    const before = makeRecord({ mark_text: 'ZANZIBAR ROSE', application_number: '7777', source_date: '2024-01-01' });
    await t.ctx.store.trademarks.upsert([before], NOW);
    expect(await t.ctx.index.lag()).toBe(1);
    const behind = await search({ q: 'ZANZIBAR ROSE' });
    expect(marks(behind)).not.toContain('ZANZIBAR ROSE');
    expect(behind.search_meta.warnings).toContainEqual(expect.objectContaining({ code: 'index_behind', detail: expect.stringMatching(/^1 store changes/) }));
    // The search read the last complete state and wrote nothing.
    expect(await t.ctx.index.lag()).toBe(1);
    expect(await t.ctx.index.sync()).toEqual({ indexed: 1, busy: false });
    const current = await search({ q: 'ZANZIBAR ROSE' });
    expect(marks(current)).toContain('ZANZIBAR ROSE');
    expect(current.search_meta.warnings).not.toContainEqual(expect.objectContaining({ code: 'index_behind' }));
    const after = makeRecord({ mark_text: 'KILIMANJARO LILY', application_number: '7777', source_date: '2025-01-01' });
    await t.ctx.store.trademarks.upsert([after], NOW);
    expect(await t.ctx.index.sync()).toEqual({ indexed: 1, busy: false });
    expect(marks(await search({ q: 'ZANZIBAR ROSE' }))).not.toContain('ZANZIBAR ROSE');
    expect(marks(await search({ q: 'KILIMANJARO LILY' }))[0]).toBe('KILIMANJARO LILY');
    expect(await t.ctx.index.sync()).toEqual({ indexed: 0, busy: false });
  });
});

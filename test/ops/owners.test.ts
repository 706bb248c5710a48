// Owners in the current shape on real office files (USPTO TSDR and daily XML, EUIPO): fuzzy search
// by name across legal forms and misspellings, detail with counts by office, status and class, and
// a name resolved to one owner for `tm owner show|marks`, or a 400 listing the candidates.
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestFiles } from '../../src/ingest/pipeline.js';
import { listOwnerTrademarks } from '../../src/ops/parties/party-trademarks.js';
import { getOwner } from '../../src/ops/parties/get-owner.js';
import { searchOwners } from '../../src/ops/parties/search-owners.js';
import { tempContext, type TempContext } from '../helpers/factory.js';
import { callOp, errorOf } from '../helpers/ops.js';

let t: TempContext;
beforeAll(async () => {
  t = tempContext();
  const tsdr = readdirSync('fixtures/uspto/tsdr').filter((f) => /ST96\.xml$/.test(f)).map((f) => `fixtures/uspto/tsdr/${f}`);
  const files = [...tsdr, 'fixtures/euipo/tm_apple_size10.json', 'fixtures/euipo/tm_list_size10.json', 'fixtures/uspto/daily-xml/apc180218-sample.xml'];
  expect((await ingestFiles(t.ctx, files)).failed_files).toEqual([]);
});
afterAll(async () => {
  await t.cleanup();
});

const search = (q: string, extra: Record<string, unknown> = {}) => callOp(t.ctx, searchOwners, { q, ...extra });

describe('search_owners', () => {
  it('finds the same company under another legal form first, then names containing it, then near spellings', async () => {
    const apple = await search('APPLE CORP');
    expect(apple.data.slice(0, 2).map((o) => [o.name, o.score])).toEqual([
      ['Apple Inc.', 1],
      ['True Apple Ltd', 0.9],
    ]);
    // Then near spellings only (a word of the name close to the query), below names that hold it.
    expect(apple.data.slice(2).map((o) => o.name)).toEqual(['ARJO WIGGINS APPLETON PLC', 'APPLEYARD LEES']);
    expect(apple.data.slice(2).every((o) => o.score < 0.9 && o.score >= 0.3)).toBe(true);
    expect(apple.data[0]).toMatchObject({ object: 'owner', offices: ['EM'], entity_id: expect.stringMatching(/^ent_/) });
    // A misspelling finds the word inside a longer name.
    expect((await search('oracel')).data.map((o) => o.name)).toEqual(['Oracle America, Inc.']);
    // B.V. and N.V. are one entity: both score 1.
    expect((await search('Audion Elektro')).data.map((o) => [o.name, o.score])).toEqual([
      ['AUDION ELEKTRO B.V.', 1],
      ['AUDION ELEKTRO N.V.', 1],
    ]);
  });

  it('filters by office, pages with a cursor, and refuses a one-letter query', async () => {
    expect((await search('apple', { office: 'US' })).data).toEqual([]);
    const first = await search('celanese', { limit: 2, include_total: true });
    expect(first.pagination.total_count).toBe(4);
    const second = await search('celanese', { limit: 2, cursor: first.pagination.cursor });
    expect(new Set([...first.data, ...second.data].map((o) => o.id)).size).toBe(4);
    expect(searchOwners.input.safeParse({ q: 'a' }).success).toBe(false);
  });
});

describe('get_owner and owner marks by name', () => {
  it('shows an owner by id or by a name that resolves to one owner, with its marks counted', async () => {
    const byName = await callOp(t.ctx, getOwner, { owner_id: 'mysql' });
    expect(byName).toMatchObject({ object: 'owner', name: 'MySQL AB', normalized_name: 'mysql', offices: ['US'] });
    expect(byName.counts).toEqual({ trademarks: 1, by_office: { US: 1 }, by_stage: { renewed: 1 }, by_status: { active: 1 }, by_class: { '9': 1 } });
    expect(await callOp(t.ctx, getOwner, { owner_id: byName.id })).toEqual(byName);
    const marks = await callOp(t.ctx, listOwnerTrademarks, { id: 'MySQL AB' });
    expect(marks.data.map((m) => m.mark_text)).toEqual(['MYSQL']);
  });

  it('refuses a name matching several owners with a 400 listing them, and an unknown one with a 404', async () => {
    const several = await errorOf(callOp(t.ctx, getOwner, { owner_id: 'Audion Elektro' }));
    expect(several).toMatchObject({ type: 'validation_error', param: 'owner_id' });
    expect(several.message).toMatch(/matches 2 owners: own_\w+ \(AUDION ELEKTRO B\.V\., US, 1 marks\); own_\w+ \(AUDION ELEKTRO N\.V\./);
    expect((await errorOf(callOp(t.ctx, getOwner, { owner_id: 'Qqxx Zzvv' }))).type).toBe('not_found');
    // Only a near spelling is never taken for the owner: the 400 names it.
    expect((await errorOf(callOp(t.ctx, getOwner, { owner_id: 'oracel' }))).message).toMatch(/'oracel' is only near 1 owner: own_\w+ \(Oracle America, Inc\./);
    expect((await errorOf(callOp(t.ctx, getOwner, { owner_id: 'tm_392df2803b9f6ed78113' }))).type).toBe('id_type_mismatch');
  });
});

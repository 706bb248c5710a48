import { describe, expect, it } from 'vitest';
import type { NiceTerm } from '../../src/core/reference-data.js';
import { niceTerms } from '../../src/ops/reference/data.js';
import { indexTerms, searchTerms } from '../../src/ops/reference/nice-terms.js';

const term = (basic_number: string, term: string, edition = '12'): NiceTerm => ({
  basic_number,
  class: Number(basic_number.slice(0, 2)),
  term,
  edition,
});

const SMALL = indexTerms([
  term('090001', 'cases for smartphones'),
  term('090002', 'smartphones'),
  term('090003', 'smartphone cases / cases for smartphones'),
  term('180001', 'leather cases'),
  term('090004', 'smart watches'),
  term('010001', 'activated carbon / activated charcoal'),
  term('090005', 'cases for mobile phones', '10-2015'),
]);
const opts = { currentEdition: '12', includeEarlier: false };

describe('searchTerms', () => {
  it('ranks exact wording, then terms starting with the query, then terms with every word', () => {
    const hits = searchTerms(SMALL, 'Smartphones', opts);
    expect(hits.map((h) => [h.basic_number, h.match])).toEqual([
      ['090002', 'exact'],
      ['090003', 'starts_with'],
      ['090001', 'words'],
    ]);
  });

  it('matches a spelling variant after a slash exactly', () => {
    expect(searchTerms(SMALL, 'activated charcoal', opts)[0]).toMatchObject({ basic_number: '010001', match: 'exact' });
  });

  it('treats plurals and case alike and accepts word prefixes', () => {
    expect(searchTerms(SMALL, 'LEATHER CASE', opts).map((h) => h.basic_number)).toEqual(['180001']);
    const prefix = searchTerms(SMALL, 'smart wat', opts);
    expect(prefix.map((h) => [h.basic_number, h.match])).toEqual([['090004', 'prefix']]);
  });

  it('filters by class and finds a basic number', () => {
    expect(searchTerms(SMALL, 'cases', { ...opts, niceClass: 18 }).map((h) => h.basic_number)).toEqual(['180001']);
    expect(searchTerms(SMALL, '090004', opts)).toEqual([{ ...term('090004', 'smart watches'), match: 'basic_number' }]);
  });

  it('searches earlier-edition terms only when asked, after current ones', () => {
    expect(searchTerms(SMALL, 'mobile phones', opts)).toEqual([]);
    const hits = searchTerms(SMALL, 'cases for', { ...opts, includeEarlier: true });
    expect(hits.at(-1)).toMatchObject({ basic_number: '090005', edition: '10-2015' });
  });

  it('finds a word inside a compound last', () => {
    const hits = searchTerms(SMALL, 'phone case', opts);
    expect(hits.map((h) => [h.basic_number, h.match])).toEqual([
      ['090001', 'contains'],
      ['090003', 'contains'],
    ]);
  });

  it('returns nothing for a query with no words', () => {
    expect(searchTerms(SMALL, ' -- ', opts)).toEqual([]);
  });

  it('finds real terms of the alphabetical list in their class', () => {
    const index = indexTerms(niceTerms().terms);
    expect(searchTerms(index, 'acetone', opts)[0]).toMatchObject({ basic_number: '010011', class: 1, match: 'exact' });
    const software = searchTerms(index, 'computer software', opts);
    expect(software.every((h) => /computer/i.test(h.term) && /software/i.test(h.term))).toBe(true);
    expect(software.find((h) => h.term === 'computer software, recorded')?.class).toBe(9);
    expect(software.find((h) => h.term === 'computer software design')?.class).toBe(42);
  });
});

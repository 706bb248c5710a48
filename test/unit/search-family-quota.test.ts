// The candidates a search scores (issue 27): each channel family keeps a quota of the score
// budget, so the many deletion-neighbour marks of the spelling channels cannot crowd out the few
// a phonetic or conceptual key found.
import { describe, expect, it } from 'vitest';
import { chooseScored, familyBit } from '../../src/search/search-index.js';

const FUZZY = familyBit('fuzzy');
const PHONETIC = familyBit('phonetic');

describe('chooseScored', () => {
  it('scores every candidate, most-voted first, when they fit the budget', () => {
    const votes = new Map([[5, 1], [3, 4], [9, 2]]);
    expect(chooseScored(votes, new Map([[5, FUZZY], [3, FUZZY], [9, PHONETIC]]), 3, 1)).toEqual([3, 9, 5]);
  });

  it("keeps a family's quota of its most-voted marks when another family's outvote them", () => {
    // Ten fuzzy marks of 10 to 19 votes, two phonetic marks of 1 vote each; a budget of 5.
    const votes = new Map<number, number>();
    const found = new Map<number, number>();
    for (let i = 0; i < 10; i++) {
      votes.set(100 + i, 10 + i);
      found.set(100 + i, FUZZY);
    }
    votes.set(1, 1).set(2, 1);
    found.set(1, PHONETIC).set(2, PHONETIC);
    // By votes alone the phonetic marks are never scored.
    expect(chooseScored(votes, found, 5, 0)).toEqual([109, 108, 107, 106, 105]);
    // With a quota of 1, the best fuzzy mark and the first phonetic one come first, then the rest by votes.
    expect(chooseScored(votes, found, 5, 1)).toEqual([109, 1, 108, 107, 106]);
    expect(chooseScored(votes, found, 5, 2)).toEqual([109, 108, 1, 2, 107]);
  });

  it('counts a mark found by two families against both quotas', () => {
    const votes = new Map([[1, 9], [2, 8], [3, 1]]);
    const found = new Map([[1, FUZZY | PHONETIC], [2, FUZZY], [3, PHONETIC]]);
    // Mark 1 fills both quotas of 1, so mark 2 (more votes) comes before mark 3.
    expect(chooseScored(votes, found, 2, 1)).toEqual([1, 2]);
  });
});

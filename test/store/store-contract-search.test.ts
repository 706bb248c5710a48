// The search index's part of the store contract, run on every backend: a first sync builds the
// index in bulk, later syncs add new marks and re-key changed ones (a mark whose text changed is
// found by its new text only, and its old trigram lists drop it), filtered lists and totals, the
// cursor secret, and an index built mark by mark answering as one built in bulk.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrademarkRecord } from '../../src/core/schemas/trademark.js';
import type { Channel } from '../../src/search/analyze.js';
import { openSearchIndex, type SearchIndex } from '../../src/search/search-index.js';
import type { Store } from '../../src/store/store.js';
import { makeRecord } from '../helpers/factory.js';
import { BACKENDS } from '../helpers/store-backends.js';

const AT = '2026-01-01T00:00:00.000Z';
const CHANNELS = new Set<Channel>(['identical', 'fuzzy', 'embedded', 'phonetic', 'lookalike']);
const TEXTS = ['KODAK', 'KODACK', 'BLUE OCEAN', 'OCEAN BLUE', 'PLAY-DOH', 'SEIKO', 'STARBUCKS', 'ICEBUCKS', '4EVER YOUNG', 'COCA-COLA'];
const first = TEXTS.map((mark_text, i) => makeRecord({ application_number: String(80000 + i), mark_text, filing_date: `201${i}-01-01` }));
const later = [
  makeRecord({ application_number: '80000', mark_text: 'ZEBRA LABS', source_date: '2024-02-01' }),
  makeRecord({ application_number: '80100', mark_text: 'KODAKO', office_code: 'EM' }),
];
const QUERIES = ['kodak', 'zebra', 'ocean', 'bucks', 'forever young', 'coca cola', 'seiko'];

const ids = async (index: SearchIndex, q: string) => (await index.search(q, CHANNELS, {}, 'relevance', 20)).map((h) => h.trademarkId).sort();

for (const backend of BACKENDS) {
  describe(`search index contract on ${backend.name}`, () => {
    let store: Store;
    let index: SearchIndex;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ store, close } = await backend.open());
      index = openSearchIndex(store);
    });
    afterAll(async () => close());

    it('builds an empty index in bulk, then finds marks on every channel family', async () => {
      expect(await index.search('kodak', CHANNELS, {}, 'relevance', 20)).toEqual([]);
      await store.trademarks.upsert(first, AT);
      expect(await index.lag()).toBe(TEXTS.length);
      expect(await index.sync()).toEqual({ indexed: TEXTS.length, busy: false });
      expect(await index.lag()).toBe(0);
      const kodak = await index.search('kodak', CHANNELS, {}, 'relevance', 20);
      expect(kodak[0]!.trademarkId).toBe(first[0]!.id);
      expect(kodak.map((h) => h.trademarkId)).toContain(first[1]!.id);
      expect(await ids(index, 'bucks')).toEqual(expect.arrayContaining([first[6]!.id, first[7]!.id]));
      expect(await index.cursorSecret()).toMatch(/^[0-9a-f]{64}$/);
    });

    it('syncs new and changed marks: a changed mark is found by its new text only', async () => {
      await store.trademarks.upsert(later, AT);
      expect((await index.sync()).indexed).toBe(2);
      expect(await ids(index, 'kodak')).not.toContain(first[0]!.id);
      expect(await ids(index, 'kodak')).toContain(later[1]!.id);
      expect((await index.search('zebra', CHANNELS, {}, 'relevance', 20))[0]!.trademarkId).toBe(first[0]!.id);
      expect(await index.sync()).toEqual({ indexed: 0, busy: false });
    });

    it('lists and counts through filters', async () => {
      expect(await index.total({})).toBe(TEXTS.length + 1);
      expect(await index.total({ offices: ['EM'] })).toBe(1);
      expect(await index.list({ text: { contains: ['ocean'] } }, 'mark_text', 10, 0)).toEqual([first[2]!.id, first[3]!.id]);
      expect(await index.list({ exclude: { offices: ['EM'] } }, '-filing_date', 3, 0)).toEqual([first[0]!.id, first[9]!.id, first[8]!.id]);
      expect(await index.list({ text: { startsWith: ['kod'] } }, { text: 'kodak' }, 10, 0)).toEqual([later[1]!.id, first[1]!.id]);
      expect(await index.total({ text: { endsWith: ['bucks'] }, dates: [{ field: 'filing_date', op: 'gte', value: '2017-01-01' }] })).toBe(1);
    });

    it('answers as an index built in bulk from the same marks', async () => {
      const other = await backend.open();
      try {
        const fresh = openSearchIndex(other.store);
        const final: TrademarkRecord[] = [later[0]!, ...first.slice(1), later[1]!];
        await other.store.trademarks.upsert(final, AT);
        await fresh.sync();
        for (const q of QUERIES) expect(await ids(fresh, q)).toEqual(await ids(index, q));
      } finally {
        await other.close();
      }
    });
  });
}

// The id-prefix part of the store contract (src/store/id-repo.ts), run on every backend: stored ids
// of one kind that start with a prefix, in id order, at most `limit`, and for an organization's
// kind only that organization's when one is named.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/store.js';
import { makeRecord } from '../helpers/factory.js';
import { BACKENDS } from '../helpers/store-backends.js';

const AT = '2026-11-20T00:00:00.000Z';
// US:97000129 and US:97000691 have ids that share five hex characters: tm_e4ec9c… and tm_e4ec9d….
const OWNER = { owner_id: 'own_5eed00000000000000a1', entity_id: 'ent_5eed00000000000000a1', name: 'Seed Owner Ltd', entity_type: null, nationality: null, role: null, address: null };
const A = makeRecord({ application_number: '97000129', owners: [OWNER] });
const B = makeRecord({ application_number: '97000691', owners: [OWNER] });
const portfolio = (id: string, orgId: string) => ({ id, org_id: orgId, name: id, description: null, metadata: '{}', created_at: AT, updated_at: AT });

for (const backend of BACKENDS) {
  describe(`store id prefixes on ${backend.name}`, () => {
    let store: Store;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ store, close } = await backend.open());
      await store.trademarks.upsert([A, B, makeRecord({ application_number: '97000002' })], AT);
      await store.portfolios.create(portfolio('ptf_abcd01', 'org_a'));
      await store.portfolios.create(portfolio('ptf_abcd02', 'org_b'));
    });
    afterAll(async () => close());

    it('lists the ids that start with a prefix, in id order, up to the limit', async () => {
      expect(A.id.slice(0, 9)).toBe('tm_e4ec9c');
      expect(B.id.slice(0, 9)).toBe('tm_e4ec9d');
      expect(await store.ids.startingWith('tm_', 'tm_e4ec9', 10)).toEqual([A.id, B.id]);
      expect(await store.ids.startingWith('tm_', 'tm_e4ec9', 1)).toEqual([A.id]);
      expect(await store.ids.startingWith('tm_', 'tm_e4ec9d', 10)).toEqual([B.id]);
      expect(await store.ids.startingWith('tm_', A.id, 10)).toEqual([A.id]);
      expect(await store.ids.startingWith('tm_', 'tm_e4ec9e', 10)).toEqual([]);
    });

    it('finds owners and entities through the marks that name them, each once', async () => {
      expect(await store.ids.startingWith('own_', 'own_5eed', 10)).toEqual([OWNER.owner_id]);
      // The backend may resolve the owner to an entity of its own (src/core/entity-key.ts): the stored one is found.
      const entity = (await store.trademarks.get([A.id])).get(A.id)!.owners[0]!.entity_id;
      if (entity) expect(await store.ids.startingWith('ent_', entity.slice(0, 10), 10)).toEqual([entity]);
      expect(await store.ids.startingWith('own_', 'own_ffff', 10)).toEqual([]);
    });

    it("keeps to one organization's rows when an organization is named, and looks across them when not", async () => {
      expect(await store.ids.startingWith('ptf_', 'ptf_abcd', 10, 'org_a')).toEqual(['ptf_abcd01']);
      expect(await store.ids.startingWith('ptf_', 'ptf_abcd', 10, 'org_b')).toEqual(['ptf_abcd02']);
      expect(await store.ids.startingWith('ptf_', 'ptf_abcd', 10, 'org_c')).toEqual([]);
      expect(await store.ids.startingWith('ptf_', 'ptf_abcd', 10)).toEqual(['ptf_abcd01', 'ptf_abcd02']);
    });
  });
}

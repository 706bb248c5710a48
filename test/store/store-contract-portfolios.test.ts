// The portfolio and screening part of the store contract, run on every backend: portfolios scoped
// by organization, members with their history replayed at an instant, saved screenings scoped by
// organization and mode, and reviewers' decisions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/store.js';
import { BACKENDS } from '../helpers/store-backends.js';

const T1 = '2026-11-20T00:00:00.000Z';
const T2 = '2026-11-21T00:00:00.000Z';
const T3 = '2026-11-22T00:00:00.000Z';
const portfolio = (id: string, orgId: string, at: string) => ({ id, org_id: orgId, name: `P ${id}`, description: null, metadata: '{}', created_at: at, updated_at: at });

for (const backend of BACKENDS) {
  describe(`store portfolio and screening contract on ${backend.name}`, () => {
    let store: Store;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ store, close } = await backend.open());
    });
    afterAll(async () => close());

    it('portfolios: created, listed in creation order, updated, and invisible to another organization', async () => {
      await store.portfolios.create(portfolio('pf_2', 'org_a', T2));
      await store.portfolios.create(portfolio('pf_1', 'org_a', T1));
      await store.portfolios.create(portfolio('pf_x', 'org_b', T1));
      expect((await store.portfolios.list('org_a', 0, 10)).map((p) => [p.id, p.mark_count])).toEqual([['pf_1', 0], ['pf_2', 0]]);
      expect((await store.portfolios.list('org_a', 1, 10)).map((p) => p.id)).toEqual(['pf_2']);
      await store.portfolios.update('org_a', 'pf_1', { name: 'Renamed', description: 'd', metadata: '{"k":1}' }, T2);
      expect(await store.portfolios.get('org_a', 'pf_1')).toEqual({ ...portfolio('pf_1', 'org_a', T1), name: 'Renamed', description: 'd', metadata: '{"k":1}', updated_at: T2, mark_count: 0 });
      expect(await store.portfolios.get('org_b', 'pf_1')).toBeNull();
    });

    it('members: added once, a new external_ref replaces the old, removed; history replays any instant', async () => {
      expect(await store.portfolios.addMembers('org_a', 'pf_1', [{ trademark_id: 'tm_b', external_ref: 'R1' }, { trademark_id: 'tm_a', external_ref: undefined }], T1)).toEqual(['tm_b', 'tm_a']);
      expect(await store.portfolios.addMembers('org_a', 'pf_1', [{ trademark_id: 'tm_b', external_ref: 'R2' }, { trademark_id: 'tm_a', external_ref: undefined }], T2)).toEqual([]);
      await store.portfolios.addMembers('org_b', 'pf_x', [{ trademark_id: 'tm_b', external_ref: null }], T2);
      expect(await store.portfolios.members('pf_1', '', 10)).toEqual([
        { trademark_id: 'tm_a', external_ref: null, added_at: T1 },
        { trademark_id: 'tm_b', external_ref: 'R2', added_at: T1 },
      ]);
      expect((await store.portfolios.members('pf_1', 'tm_a', 10)).map((m) => m.trademark_id)).toEqual(['tm_b']);
      expect((await store.portfolios.get('org_a', 'pf_1'))?.mark_count).toBe(2);
      const now = await store.portfolios.membershipsOf(['tm_b', 'tm_a', 'tm_none']);
      expect(now.get('tm_b')).toEqual([{ org_id: 'org_a', portfolio_id: 'pf_1', external_ref: 'R2' }, { org_id: 'org_b', portfolio_id: 'pf_x', external_ref: null }]);
      expect(now.has('tm_none')).toBe(false);
      expect(await store.portfolios.removeMembers('org_a', 'pf_1', ['tm_b', 'tm_none'], T3)).toEqual(['tm_b']);
      expect(await store.portfolios.membershipsAt('tm_b', T1)).toEqual([{ org_id: 'org_a', portfolio_id: 'pf_1', external_ref: 'R1' }]);
      expect(await store.portfolios.membershipsAt('tm_b', T2)).toEqual([{ org_id: 'org_a', portfolio_id: 'pf_1', external_ref: 'R2' }, { org_id: 'org_b', portfolio_id: 'pf_x', external_ref: null }]);
      expect(await store.portfolios.membershipsAt('tm_b', T3)).toEqual([{ org_id: 'org_b', portfolio_id: 'pf_x', external_ref: null }]);
    });

    it('deleting a portfolio: members leave with history; another organization cannot delete it', async () => {
      expect(await store.portfolios.delete('org_b', 'pf_1', T3)).toBe(false);
      expect(await store.portfolios.membershipsAt('tm_a', T3)).toEqual([{ org_id: 'org_a', portfolio_id: 'pf_1', external_ref: null }]);
      expect(await store.portfolios.delete('org_a', 'pf_1', T3)).toBe(true);
      expect(await store.portfolios.get('org_a', 'pf_1')).toBeNull();
      expect(await store.portfolios.members('pf_1', '', 10)).toEqual([]);
      expect(await store.portfolios.membershipsAt('tm_a', T3)).toEqual([]);
      expect(await store.portfolios.membershipsAt('tm_a', T2)).toEqual([{ org_id: 'org_a', portfolio_id: 'pf_1', external_ref: null }]);
    });

    it('screenings: scoped by organization and mode (a null organization is a scope too), paged newest first, re-run', async () => {
      const live = { orgId: 'org_a', livemode: true };
      await store.screenings.create({ id: 'scr_1', input: '{"q":1}', result: '{"r":1}', at: T1 }, live);
      await store.screenings.create({ id: 'scr_2', input: '{"q":2}', result: '{"r":2}', at: T2 }, live);
      await store.screenings.create({ id: 'scr_3', input: '{"q":3}', result: '{"r":3}', at: T2 }, { orgId: null, livemode: false });
      await store.screenings.saveRun('scr_1', '{"r":"again"}', T3);
      expect(await store.screenings.get('scr_1', live)).toEqual({ id: 'scr_1', input: '{"q":1}', result: '{"r":"again"}', run_count: 2, created_at: T1, updated_at: T3 });
      expect(await store.screenings.get('scr_1', { orgId: 'org_a', livemode: false })).toBeUndefined();
      expect(await store.screenings.get('scr_3', { orgId: null, livemode: false })).toMatchObject({ id: 'scr_3' });
      expect(await store.screenings.get('scr_3', { orgId: 'org_a', livemode: false })).toBeUndefined();
      expect((await store.screenings.list(live, null, 10)).map((s) => s.id)).toEqual(['scr_2', 'scr_1']);
      expect((await store.screenings.list(live, { createdAt: T2, id: 'scr_2' }, 10)).map((s) => s.id)).toEqual(['scr_1']);
    });

    it('screening decisions: one per hit, replaced by a later one', async () => {
      await store.screenings.decide('scr_1', { trademark_id: 'tm_b', decision: 'watch', note: null, decided_at: T1 });
      await store.screenings.decide('scr_1', { trademark_id: 'tm_a', decision: 'conflict', note: 'close', decided_at: T1 });
      await store.screenings.decide('scr_1', { trademark_id: 'tm_b', decision: 'dismiss', note: 'fine', decided_at: T2 });
      expect(await store.screenings.decisions('scr_1')).toEqual([
        { trademark_id: 'tm_a', decision: 'conflict', note: 'close', decided_at: T1 },
        { trademark_id: 'tm_b', decision: 'dismiss', note: 'fine', decided_at: T2 },
      ]);
      expect(await store.screenings.decisions('scr_2')).toEqual([]);
      expect(await store.screenings.lastSeq()).toBe(0);
    });
  });
}

// The ledger and webhook part of the store contract, run on every backend: events recorded with
// their outbox rows (subscriptions, portfolio filters, twins, payload versions), the events feed's
// filters, the projection inside an upsert, endpoints, and deliveries: claims in event order within
// the in-flight limit, never one row twice (two claims at once), outcomes, and leases released with
// their attempts marked interrupted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerProjection } from '../../src/monitor/projector.js';
import type { NewLedgerEvent } from '../../src/store/ledger-repo.js';
import type { Store } from '../../src/store/store.js';
import type { EndpointRow } from '../../src/store/webhook-repo.js';
import { makeRecord } from '../helpers/factory.js';
import { BACKENDS } from '../helpers/store-backends.js';

const T1 = '2026-11-20T00:00:00.000Z';
const T2 = '2026-11-21T00:00:00.000Z';
const T3 = '2026-11-22T00:00:00.000Z';
const LATER = '2026-11-23T00:00:00.000Z';

const endpoint = (id: string, over: Partial<EndpointRow> = {}): EndpointRow => ({
  id, org_id: 'org_a', url: `https://example.com/${id}`, description: null, enabled_events: '["alert.created"]', portfolio_id: null, secret: 'whsec_x',
  previous_secret: null, previous_secret_expires_at: null, enabled: 1, disabled_reason: null, consecutive_failures: 0, failing_since: null,
  last_success_at: null, last_failure_at: null, created_at: T1, updated_at: T1, monitor_id: null, ...over,
});
const event = (n: number, over: Partial<NewLedgerEvent> = {}): NewLedgerEvent => ({
  orgId: 'org_a', type: 'alert.created', trademarkId: `tm_${n}`, portfolioIds: [], data: (v) => ({ n, v }), createdAt: T2, ...over,
});

for (const backend of BACKENDS) {
  describe(`store ledger and webhook contract on ${backend.name}`, () => {
    let store: Store;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ store, close } = await backend.open({ projection: ledgerProjection }));
    });
    afterAll(async () => close());

    it('records events with a delivery per enabled, subscribed endpoint of the organization; a twin is null', async () => {
      await store.webhooks.createEndpoint(endpoint('wh_a'));
      await store.webhooks.createEndpoint(endpoint('wh_p', { portfolio_id: 'ptf_1', enabled_events: '["alert.created","office_action.issued"]' }));
      await store.webhooks.createEndpoint(endpoint('wh_off', { enabled: 0 }));
      await store.webhooks.createEndpoint(endpoint('wh_b', { org_id: 'org_b' }));
      await store.ledger.setPayloadVersion('org_a', 1);
      const twin = { key: 'tm_9|US||', date: '2026-11-01', from: '2026-10-30', to: '2026-11-03' };
      const [a, b, c, d] = await store.ledger.record([
        event(1),
        event(2, { portfolioIds: ['ptf_1'], createdAt: T3 }),
        event(3, { type: 'office_action.issued', twin, portfolioIds: ['ptf_1'] }),
        event(4, { type: 'office_action.issued', twin: { ...twin, date: '2026-11-02' }, portfolioIds: ['ptf_1'] }),
      ]);
      expect(a).toMatchObject({ org_id: 'org_a', type: 'alert.created', payload_version: 1, trademark_id: 'tm_1', portfolio_ids: '[]', data: '{"n":1,"v":1}', created_at: T2 });
      expect(d).toBeNull();
      expect([a!.seq < b!.seq, b!.seq < c!.seq]).toEqual([true, true]);
      expect((await store.webhooks.deliveriesOfEvent('wh_a', a!.id)).map((x) => [x.state, x.event_seq, x.attempts])).toEqual([['pending', a!.seq, 0]]);
      expect(await store.webhooks.deliveriesOfEvent('wh_p', a!.id)).toEqual([]);
      expect((await store.webhooks.deliveriesOfEvent('wh_p', c!.id)).length).toBe(1);
      expect(await store.webhooks.deliveryCounts('wh_a')).toEqual({ pending: 2 });
      expect(await store.webhooks.deliveryCounts('wh_p')).toEqual({ pending: 2 });
      expect(await store.webhooks.deliveryCounts('wh_off')).toEqual({});
      expect(await store.webhooks.deliveryCounts('wh_b')).toEqual({});
      expect(await store.ledger.payloadVersion('org_a')).toBe(1);
      expect(await store.ledger.payloadVersion('org_b')).toBe(2);
    });

    it('the events feed: filters by type, portfolio, mark, dates and cursor; get and range within the organization', async () => {
      const all = await store.ledger.list({ orgId: 'org_a', afterSeq: 0, notBefore: T1 }, 10);
      expect(all.map((e) => e.trademark_id)).toEqual(['tm_1', 'tm_2', 'tm_3']);
      const ids = (f: object) => store.ledger.list({ orgId: 'org_a', afterSeq: 0, notBefore: T1, ...f }, 10).then((r) => r.map((e) => e.trademark_id));
      expect(await ids({ types: ['office_action.issued'] })).toEqual(['tm_3']);
      expect(await ids({ portfolioId: 'ptf_1' })).toEqual(['tm_2', 'tm_3']);
      expect(await ids({ trademarkId: 'tm_2' })).toEqual(['tm_2']);
      expect(await ids({ createdGte: T3 })).toEqual(['tm_2']);
      expect(await ids({ createdLt: T3 })).toEqual(['tm_1', 'tm_3']);
      expect(await ids({ afterSeq: all[0]!.seq })).toEqual(['tm_2', 'tm_3']);
      expect(await ids({ notBefore: LATER })).toEqual([]);
      expect(await store.ledger.list({ orgId: 'org_b', afterSeq: 0, notBefore: T1 }, 10)).toEqual([]);
      expect((await store.ledger.get('org_a', all[1]!.id))?.data).toBe('{"n":2,"v":1}');
      expect(await store.ledger.get('org_b', all[1]!.id)).toBeNull();
      expect((await store.ledger.range('org_a', all[1]!.seq, all[2]!.seq)).map((e) => e.trademark_id)).toEqual(['tm_2', 'tm_3']);
    });

    it('the projection runs inside the upsert: a held mark\'s status change is one event per holding organization, never twice', async () => {
      const held = makeRecord({ application_number: '91000001' });
      const loose = makeRecord({ application_number: '91000002' });
      await store.trademarks.upsert([held, loose], T1, () => true);
      await store.portfolios.create({ id: 'ptf_1', org_id: 'org_a', name: 'P', description: null, metadata: '{}', created_at: T1, updated_at: T1 });
      await store.portfolios.addMembers('org_a', 'ptf_1', [{ trademark_id: held.id, external_ref: 'R-1' }], T1);
      const registered = { primary: 'active', stage: 'registered' } as const;
      await store.trademarks.upsert([{ ...held, status: { ...held.status, ...registered } }, { ...loose, status: { ...loose.status, ...registered } }], T2, () => true);
      await store.trademarks.upsert([{ ...held, status: { ...held.status, ...registered } }], T3, () => true);
      const changes = await store.ledger.list({ orgId: 'org_a', types: ['trademark.status_changed'], afterSeq: 0, notBefore: T1 }, 10);
      expect(changes.map((e) => [e.trademark_id, e.portfolio_ids, e.payload_version])).toEqual([[held.id, '["ptf_1"]', 1]]);
      expect(JSON.parse(changes[0]!.data)).toMatchObject({ trademark_id: held.id, changed_fields: expect.any(Array) });
    });

    it('a projection that fails undoes its upsert batch: the change, its event and the cursor stay as they were', async () => {
      const broken = await backend.open({ projection: { ...ledgerProjection, project: () => { throw new Error('projection failed'); } } });
      try {
        const held = makeRecord({ application_number: '92000001' });
        await broken.store.trademarks.upsert([held], T1, () => true);
        await broken.store.portfolios.create({ id: 'ptf_9', org_id: 'org_a', name: 'P', description: null, metadata: '{}', created_at: T1, updated_at: T1 });
        await broken.store.portfolios.addMembers('org_a', 'ptf_9', [{ trademark_id: held.id, external_ref: null }], T1);
        const changed = { ...held, status: { ...held.status, primary: 'active', stage: 'registered' } } as typeof held;
        await expect(broken.store.trademarks.upsert([changed], T2, () => true)).rejects.toThrow('projection failed');
        expect((await broken.store.trademarks.get([held.id])).get(held.id)?.status.stage).toBe(held.status.stage);
        expect((await broken.store.events.forTrademark(held.id, 0, 10)).map((e) => e.type)).toEqual(['trademark.created']);
      } finally {
        await broken.close();
      }
    });

    it('claims: due deliveries in event order, at most perEndpoint in flight, limit in all, never one row to two claimers', async () => {
      await store.webhooks.createEndpoint(endpoint('wh_c', { enabled_events: '[]' }));
      const ep = (await store.webhooks.endpointById('wh_c'))!;
      // Queued at T1, before the ledger's deliveries (due at T2 and T3), so claims at T1 take only these.
      expect(await store.webhooks.hasDue(T1)).toBe(false);
      await store.webhooks.enqueue(ep, [1, 2, 3, 4, 5, 6].map((n) => ({ id: `evt_c${n}`, seq: 100 + n })), false, T1);
      expect(await store.webhooks.hasDue(T1)).toBe(true);
      const first = await store.webhooks.claim('w1', T1, LATER, 2, 10);
      expect(first.map((d) => [d.event_id, d.state, d.attempts, d.lease_owner])).toEqual([['evt_c1', 'in_flight', 1, 'w1'], ['evt_c2', 'in_flight', 1, 'w1']]);
      const [x, y] = await Promise.all([store.webhooks.claim('w2', T1, LATER, 4, 10), store.webhooks.claim('w3', T1, LATER, 4, 10)]);
      // One claimer takes the endpoint's next two (its in-flight limit is 4); the other finds nothing.
      expect([...x, ...y].map((d) => d.event_id).sort()).toEqual(['evt_c3', 'evt_c4']);
      expect((await store.webhooks.attempts('wh_c', 0, 10)).map((a) => [a.event_id, a.status, a.attempt]).slice(0, 2)).toEqual([['evt_c1', 'in_flight', 1], ['evt_c2', 'in_flight', 1]]);
      expect((await store.webhooks.leaseOwners()).sort()).toEqual(['w1', x.length ? 'w2' : 'w3']);
    });

    it('outcomes: success, a retry, a lost lease; releasing a dead owner marks its attempts interrupted, uncounted', async () => {
      const [d1, d2] = (await store.webhooks.deliveriesOfEvent('wh_c', 'evt_c1')).concat(await store.webhooks.deliveriesOfEvent('wh_c', 'evt_c2'));
      const outcome = { responseCode: 200, responseTimeMs: 12, error: null, at: T3, retryAt: null, disable: null };
      expect(await store.webhooks.complete({ ...outcome, delivery: d1!, owner: 'someone_else', ok: true }, () => false)).toBe(false);
      expect(await store.webhooks.complete({ ...outcome, delivery: d1!, owner: 'w1', ok: true }, () => false)).toBe(true);
      expect(await store.webhooks.complete({ ...outcome, delivery: d2!, owner: 'w1', ok: false, responseCode: 500, error: 'HTTP 500', retryAt: LATER }, () => false)).toBe(true);
      expect((await store.webhooks.deliveriesOfEvent('wh_c', 'evt_c2'))[0]).toMatchObject({ state: 'pending', next_attempt_at: LATER, last_error: 'HTTP 500', lease_owner: null });
      expect(await store.webhooks.endpointById('wh_c')).toMatchObject({ consecutive_failures: 1, failing_since: T3, last_success_at: T3, last_failure_at: T3, enabled: 1 });
      const owners = (await store.webhooks.leaseOwners()).filter((o) => o !== 'w1');
      const released = await Promise.all(owners.map((o) => store.webhooks.releaseLeases(o, T1, T3)));
      expect(await store.webhooks.leaseOwners()).toEqual([]);
      expect(released.reduce((a, b) => a + b, 0)).toBe((await store.webhooks.attempts('wh_c', 0, 20)).filter((a) => a.status === 'interrupted').length);
      const back = await store.webhooks.deliveriesOfEvent('wh_c', 'evt_c3');
      expect(back[0]).toMatchObject({ state: 'pending', attempts: 0, lease_owner: null });
      const d3 = await store.webhooks.claimById(back[0]!.id, 'w4', T3, LATER);
      expect(d3).toMatchObject({ state: 'in_flight', attempts: 1, lease_owner: 'w4' });
      expect(await store.webhooks.claimById(back[0]!.id, 'w5', T3, LATER)).toBeNull();
      expect(await store.webhooks.releaseLeases('', T3, T3)).toBe(0);
      expect(await store.webhooks.releaseLeases('', LATER, T3)).toBe(1);
      expect(await store.webhooks.complete({ ...outcome, delivery: d3!, owner: 'w4', ok: false, disable: 'gone' }, () => false)).toBe(false);
      const again = (await store.webhooks.claim('w6', T3, LATER, 8, 1))[0]!;
      expect(await store.webhooks.complete({ ...outcome, delivery: again, owner: 'w6', ok: false, error: 'HTTP 410', disable: 'gone' }, () => false)).toBe(true);
      expect(await store.webhooks.endpointById('wh_c')).toMatchObject({ enabled: 0, disabled_reason: 'gone', consecutive_failures: 2 });
      expect(await store.webhooks.claim('w7', LATER, LATER, 8, 10)).toEqual(expect.not.arrayContaining([expect.objectContaining({ endpoint_id: 'wh_c' })]));
    });

    it('endpoints: listed per organization without monitor endpoints, updated, and deleted with their queued deliveries failed', async () => {
      expect((await store.webhooks.listEndpoints('org_a')).map((e) => e.id)).toEqual(['wh_a', 'wh_c', 'wh_off', 'wh_p']);
      expect(await store.webhooks.getEndpoint('org_b', 'wh_a')).toBeNull();
      await store.webhooks.updateEndpoint({ ...endpoint('wh_a'), url: 'https://example.com/new', updated_at: T3 });
      expect((await store.webhooks.getEndpoint('org_a', 'wh_a'))?.url).toBe('https://example.com/new');
      await store.webhooks.deleteEndpoint('org_b', 'wh_a', T3);
      expect(await store.webhooks.getEndpoint('org_a', 'wh_a')).not.toBeNull();
      expect(await store.webhooks.deliveryCounts('wh_a')).not.toHaveProperty('failed');
      await store.webhooks.deleteEndpoint('org_a', 'wh_a', T3);
      expect(await store.webhooks.getEndpoint('org_a', 'wh_a')).toBeNull();
      expect(await store.webhooks.deliveryCounts('wh_a')).toEqual({ failed: 2 });
    });
  });
}

// The watch, alert, monitor and feed part of the store contract, run on every backend: watches
// scoped by organization, the eligible change events evaluation reads, one page of alerts written
// once with its cursor and side writes (ledger and monitor events), alert filters, monitors with
// their item watches and hidden endpoint, and calendar feed tokens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewAlert, NewWatch } from '../../src/store/watch-repo.js';
import type { MonitorRow } from '../../src/store/monitor-repo.js';
import type { Store } from '../../src/store/store.js';
import { makeRecord } from '../helpers/factory.js';
import { BACKENDS } from '../helpers/store-backends.js';

const T1 = '2026-11-20T00:00:00.000Z';
const T2 = '2026-11-21T00:00:00.000Z';
const T3 = '2026-11-22T00:00:00.000Z';

const watch = (id: string, orgId: string, at: string, over: Partial<NewWatch> = {}): NewWatch => ({
  id, org_id: orgId, name: `W ${id}`, watch_type: 'mark', query: '{}', matching: 'v3', trigger_events: '["trademark.created"]', delivery_mode: 'always_per_alert',
  customer_reference: null, metadata: '{}', status: 'active', monitor_id: null, cursor: 0, created_at: at, updated_at: at, ...over,
});
const alert = (id: string, watchId: string, eventId: string, seq: number, type = 'trademark.created'): NewAlert => ({
  id, org_id: 'org_a', watch_id: watchId, event_id: eventId, event_seq: seq, trademark_id: `tm_${seq}`, event_type: type, body: `{"id":"${id}"}`, created_at: T2,
});
const monitor = (id: string, over: Partial<MonitorRow> = {}): MonitorRow => ({
  id, org_id: 'org_a', name: `M ${id}`, description: null, offices: '[]', webhook_url: 'https://example.com/m', webhook_secret: null,
  webhook_events: '["new_filing"]', items: '[]', status: 'active', created_at: T1, updated_at: T1, ...over,
});

for (const backend of BACKENDS) {
  describe(`store watch, monitor and feed contract on ${backend.name}`, () => {
    let store: Store;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ store, close } = await backend.open());
    });
    afterAll(async () => close());

    it('watches: created all or none, listed in creation order, updated, deleted, invisible to another organization', async () => {
      await store.watches.create([watch('wat_2', 'org_a', T2), watch('wat_1', 'org_a', T1), watch('wat_x', 'org_b', T1)]);
      await expect(store.watches.create([watch('wat_3', 'org_a', T3), watch('wat_1', 'org_a', T3)])).rejects.toThrow();
      expect(await store.watches.get('org_a', 'wat_3')).toBeNull();
      expect((await store.watches.list('org_a', 0, 10)).map((w) => w.id)).toEqual(['wat_1', 'wat_2']);
      expect((await store.watches.list('org_a', 1, 10)).map((w) => w.id)).toEqual(['wat_2']);
      expect(await store.watches.count('org_a')).toBe(2);
      await store.watches.update('org_a', 'wat_1', { name: 'Renamed', status: 'paused', cursor: 7, updated_at: T2 });
      expect(await store.watches.get('org_a', 'wat_1')).toMatchObject({ name: 'Renamed', status: 'paused', cursor: 7, updated_at: T2, evaluated_count: 0, alert_count: 0 });
      await store.watches.update('org_b', 'wat_2', { name: 'Not yours' });
      expect((await store.watches.get('org_a', 'wat_2'))?.name).toBe('W wat_2');
      expect(await store.watches.get('org_b', 'wat_1')).toBeNull();
      expect((await store.watches.active()).map((w) => w.id)).toEqual(['wat_2', 'wat_x']);
      expect(await store.watches.delete('org_b', 'wat_2')).toBe(false);
      expect(await store.watches.delete('org_b', 'wat_x')).toBe(true);
    });

    it('change events: the head, the head before an instant, and only the watch-eligible ones after a cursor', async () => {
      expect(await store.watches.headSeq()).toBe(0);
      const [one, two, three] = ['90000001', '90000002', '90000003'].map((n) => makeRecord({ application_number: n }));
      await store.trademarks.upsert([one!], T1, () => false);
      await store.trademarks.upsert([two!, three!], T2, () => true);
      await store.trademarks.upsert([{ ...two!, mark_text: 'CHANGED' }], T3, () => true);
      const head = await store.watches.headSeq();
      expect(await store.watches.seqAt(T3)).toBe(head - 1);
      expect(await store.watches.seqAt(T1)).toBe(0);
      const all = await store.watches.eventsAfter(0, head, 10);
      expect(all.map((e) => [e.trademark_id, e.type])).toEqual([[two!.id, 'trademark.created'], [three!.id, 'trademark.created'], [two!.id, 'trademark.updated']]);
      expect((await store.watches.eventsAfter(all[0]!.seq, head, 1)).map((e) => e.seq)).toEqual([all[1]!.seq]);
    });

    it('a page of alerts: each (watch, event) once, the cursor moved, and side writes for the inserted alerts only', async () => {
      await store.portfolios.create({ id: 'ptf_1', org_id: 'org_a', name: 'P', description: null, metadata: '{}', created_at: T1, updated_at: T1 });
      await store.webhooks.createEndpoint({
        id: 'wh_1', org_id: 'org_a', url: 'https://example.com/h', description: null, enabled_events: '["alert.created"]', portfolio_id: null, secret: 'whsec_x',
        previous_secret: null, previous_secret_expires_at: null, enabled: 1, disabled_reason: null, consecutive_failures: 0, failing_since: null,
        last_success_at: null, last_failure_at: null, created_at: T1, updated_at: T1, monitor_id: null,
      });
      const sides = (inserted: NewAlert[]) => ({
        events: inserted.map((a) => ({ orgId: a.org_id, type: 'alert.created', trademarkId: a.trademark_id, portfolioIds: [], data: () => ({ alert_id: a.id }), createdAt: a.created_at })),
        monitorEvents: [],
      });
      const first = await store.watches.commitPage([{ watchId: 'wat_2', alerts: [alert('alr_1', 'wat_2', 'evt_a', 1), alert('alr_2', 'wat_2', 'evt_b', 2)], evaluated: 2 }], 5, T2, sides);
      expect(first.map((a) => a.id)).toEqual(['alr_1', 'alr_2']);
      const again = await store.watches.commitPage([{ watchId: 'wat_2', alerts: [alert('alr_3', 'wat_2', 'evt_b', 2), alert('alr_4', 'wat_2', 'evt_c', 3)], evaluated: 2 }], 4, T3, sides);
      expect(again.map((a) => a.id)).toEqual(['alr_4']);
      expect(await store.watches.get('org_a', 'wat_2')).toMatchObject({ cursor: 5, evaluated_count: 4, alert_count: 3, last_evaluated_seq: 4, last_evaluated_at: T3, last_error: null });
      const ledger = await store.ledger.list({ orgId: 'org_a', afterSeq: 0, notBefore: T1 }, 10);
      expect(ledger.map((l) => JSON.parse(l.data).alert_id)).toEqual(['alr_1', 'alr_2', 'alr_4']);
      expect(await store.webhooks.deliveryCounts('wh_1')).toEqual({ pending: 3 });
      await store.watches.recordError('wat_2', 'boom', T3);
      expect(await store.watches.get('org_a', 'wat_2')).toMatchObject({ last_error: 'boom', last_error_at: T3 });
    });

    it('a page whose side writes fail writes nothing: no alert, no cursor move, no ledger event', async () => {
      const before = await store.watches.get('org_a', 'wat_2');
      const broken = () => {
        throw new Error('side writes failed');
      };
      await expect(store.watches.commitPage([{ watchId: 'wat_2', alerts: [alert('alr_9', 'wat_2', 'evt_z', 9)], evaluated: 1 }], 9, T3, broken)).rejects.toThrow('side writes failed');
      expect(await store.watches.alert('org_a', 'alr_9')).toBeNull();
      expect(await store.watches.get('org_a', 'wat_2')).toEqual(before);
      expect((await store.ledger.list({ orgId: 'org_a', afterSeq: 0, notBefore: T1 }, 10)).length).toBe(3);
    });

    it('alerts: read by organization, filtered, newest first, paged by seq, and acknowledged', async () => {
      expect(await store.watches.alert('org_b', 'alr_1')).toBeNull();
      expect((await store.watches.alert('org_a', 'alr_1'))?.event_id).toBe('evt_a');
      expect((await store.watches.lastAlert('wat_2'))?.id).toBe('alr_4');
      expect((await store.watches.alertFor('wat_2', 'tm_2'))?.id).toBe('alr_2');
      expect((await store.watches.alerts('org_a', {}, 10)).map((a) => a.id)).toEqual(['alr_4', 'alr_2', 'alr_1']);
      const second = (await store.watches.alerts('org_a', {}, 2))[1]!;
      expect((await store.watches.alerts('org_a', { afterSeq: second.seq }, 10)).map((a) => a.id)).toEqual(['alr_1']);
      expect((await store.watches.alerts('org_a', { watchId: 'wat_2', eventTypes: ['trademark.created'], createdGte: T2, createdLte: T2 }, 10)).length).toBe(3);
      await store.watches.acknowledge('org_b', 'alr_1', T3);
      await store.watches.acknowledge('org_a', 'alr_2', T3);
      expect((await store.watches.alerts('org_a', { acknowledged: true }, 10)).map((a) => [a.id, a.acknowledged_at])).toEqual([['alr_2', T3]]);
      expect((await store.watches.alerts('org_a', { acknowledged: false }, 10)).map((a) => a.id)).toEqual(['alr_4', 'alr_1']);
      expect(await store.watches.alerts('org_b', {}, 10)).toEqual([]);
    });

    it('monitors: saved with their item watches and a hidden endpoint; replaced, paused, resumed and deleted', async () => {
      const items = [watch('wat_m1', 'org_a', T1, { monitor_id: 'mon_1' }), watch('wat_m2', 'org_a', T1, { monitor_id: 'mon_1' })];
      await store.monitors.save(monitor('mon_1'), false, 'whsec_m', items);
      expect((await store.monitors.list('org_a', undefined, 0, 10)).map((m) => m.id)).toEqual(['mon_1']);
      const endpoint = await store.monitors.endpoint(monitor('mon_1'), 'whsec_other');
      expect(endpoint).toMatchObject({ monitor_id: 'mon_1', secret: 'whsec_m', url: 'https://example.com/m', enabled: 1 });
      expect(await store.webhooks.getEndpoint('org_a', endpoint.id)).toBeNull();
      expect((await store.webhooks.listEndpoints('org_a')).map((e) => e.id)).toEqual(['wh_1']);
      expect([...(await store.monitors.targets()).values()]).toEqual([{ monitor_id: 'mon_1', endpoint_id: endpoint.id, webhook_events: ['new_filing'] }]);
      await store.monitors.save(monitor('mon_1', { name: 'Again', updated_at: T2 }), true, 'whsec_n', [watch('wat_m3', 'org_a', T2, { monitor_id: 'mon_1' })]);
      expect((await store.watches.list('org_a', 0, 10)).filter((w) => w.monitor_id).map((w) => w.id)).toEqual(['wat_m3']);
      expect((await store.monitors.endpoint(monitor('mon_1'), 'x')).id).toBe(endpoint.id);
      await store.monitors.update(monitor('mon_1', { webhook_url: 'https://example.com/n', updated_at: T3 }), 'whsec_n');
      expect((await store.webhooks.endpointById(endpoint.id))?.url).toBe('https://example.com/n');
      await store.monitors.setStatus('org_a', 'mon_1', 'paused', T3);
      expect((await store.watches.get('org_a', 'wat_m3'))?.status).toBe('paused');
      await store.webhooks.updateEndpoint({ ...(await store.webhooks.endpointById(endpoint.id))!, enabled: 0, disabled_reason: 'gone', consecutive_failures: 3 });
      await store.monitors.setStatus('org_b', 'mon_1', 'active', T3);
      expect((await store.watches.get('org_a', 'wat_m3'))?.status).toBe('paused');
      await store.monitors.setStatus('org_a', 'mon_1', 'active', T3);
      expect(await store.monitors.get('org_a', 'mon_1')).toMatchObject({ status: 'active', name: 'M mon_1', webhook_url: 'https://example.com/n' });
      expect(await store.webhooks.endpointById(endpoint.id)).toMatchObject({ enabled: 1, disabled_reason: null, consecutive_failures: 0 });
      await store.webhooks.enqueue(endpoint, [{ id: 'evt_m', seq: 1, payload: '{}' }], false, T3);
      expect(await store.monitors.delete('org_b', 'mon_1', T3)).toBe(false);
      expect(await store.monitors.delete('org_a', 'mon_1', T3)).toBe(true);
      expect(await store.monitors.get('org_a', 'mon_1')).toBeNull();
      expect(await store.watches.get('org_a', 'wat_m3')).toBeNull();
      expect(await store.webhooks.endpointById(endpoint.id)).toBeNull();
      expect(await store.webhooks.deliveriesOfEvent(endpoint.id, 'evt_m')).toMatchObject([{ state: 'failed', last_error: 'monitor deleted' }]);
    });

    it('feed tokens: found by hash with the organization, listed per mode, revoked once, touched', async () => {
      await store.auth.createOrg({ id: 'org_a', name: 'Acme', limits: '{}', created_at: T1 });
      const feed = { id: 'fd_1', org_id: 'org_a', livemode: 1, name: 'Docket', hash: 'h1', hint: 'abcd', path: '/v1/deadlines.ics', input: '{}', created_at: T1, revoked_at: null, last_used_at: null };
      await store.feeds.create(feed);
      await store.feeds.create({ ...feed, id: 'fd_0', hash: 'h0', livemode: 0 });
      expect(await store.feeds.byHash('h1')).toEqual({ ...feed, org_name: 'Acme', org_limits: '{}' });
      expect(await store.feeds.byHash('nope')).toBeNull();
      expect((await store.feeds.list('org_a', true)).map((f) => f.id)).toEqual(['fd_1']);
      expect(await store.feeds.get('org_a', false, 'fd_1')).toBeNull();
      await store.feeds.revoke('fd_1', T2);
      await store.feeds.revoke('fd_1', T3);
      await store.feeds.touch('fd_1', T3);
      expect(await store.feeds.get('org_a', true, 'fd_1')).toMatchObject({ revoked_at: T2, last_used_at: T3 });
    });
  });
}

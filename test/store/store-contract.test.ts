// One contract for the store, run on every backend (SQLite always; PostgreSQL with TM_TEST_PG):
// the same calls give the same answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseEntityId } from '../../src/core/entity-signals.js';
import type { Address, Classification, Owner } from '../../src/core/schemas/parts.js';
import type { Store } from '../../src/store/store.js';
import { makeRecord } from '../helpers/factory.js';
import { BACKENDS } from '../helpers/store-backends.js';

const AT = '2026-11-22T12:00:00.000Z';
const LATER = '2026-11-23T12:00:00.000Z';
const owner = (name: string, id: string, address: Address | null = null): Owner => ({ owner_id: id, entity_id: null, name, entity_type: null, nationality: 'US', role: 'owner', address });
const nice = (n: number): Classification => ({ nice_class: n, goods_services: 'software', class_status: null, first_use_date: null, first_use_in_commerce_date: null, office_classes: [] });

for (const backend of BACKENDS) {
  describe(`store contract on ${backend.name}`, () => {
    let store: Store;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ store, close } = await backend.open());
    });
    afterAll(async () => close());

    it('is migrated on first use, and a later migrate() has nothing left to apply', async () => {
      expect(await store.trademarks.count({})).toBe(0);
      expect((await store.migrate()).length).toBeGreaterThan(0);
      expect(await store.migrate()).toEqual([]);
      await store.ping();
    });

    it('upserts: new, unchanged, updated (one change event), stale', async () => {
      const a = makeRecord({ application_number: '90000001', mark_text: 'ALPHA', source_date: '2024-01-01' });
      const b = makeRecord({ application_number: '90000002', mark_text: 'BRAVO' });
      expect(await store.trademarks.upsert([a, b], AT)).toMatchObject({ inserted: 2, updated: 0, unchanged: 0, stale: 0, events: [] });
      expect(await store.trademarks.upsert([a], AT)).toMatchObject({ inserted: 0, unchanged: 1 });
      const a2 = { ...a, mark_text: 'ALPHA ONE', source_date: '2024-02-01' };
      const updated = await store.trademarks.upsert([a2], LATER, () => true);
      expect(updated).toMatchObject({ updated: 1 });
      expect(updated.events.map((e) => [e.type, e.trademark_id, e.changed_fields])).toEqual([[updated.events[0]!.type, a.id, ['mark_text']]]);
      expect(await store.trademarks.upsert([{ ...a, mark_text: 'OLD', source_date: '2023-01-01' }], LATER)).toMatchObject({ stale: 1 });
      expect((await store.trademarks.get([a.id, 'tm_missing', b.id])).get(a.id)?.mark_text).toBe('ALPHA ONE');
      expect([...(await store.trademarks.get([b.id, a.id])).keys()]).toEqual([b.id, a.id]);
      const history = await store.events.forTrademark(a.id, 0, 10);
      expect(history.map((e) => [e.id, e.changed_fields])).toEqual([[updated.events[0]!.id, ['mark_text']]]);
    });

    it('a record twice in one batch is stored once, as its later version', async () => {
      const c1 = makeRecord({ application_number: '90000003', mark_text: 'CHARLIE' });
      const c2 = { ...c1, mark_text: 'CHARLIE TWO' };
      expect(await store.trademarks.upsert([c1, c2], AT)).toMatchObject({ inserted: 1, updated: 1 });
      expect((await store.trademarks.get([c1.id])).get(c1.id)?.mark_text).toBe('CHARLIE TWO');
    });

    it('finds marks by application and registration number', async () => {
      const r = makeRecord({ office_code: 'EM', application_number: '018000001', registration_number: '018000001', mark_text: 'DELTA' });
      await store.trademarks.upsert([r], AT);
      expect(await store.trademarks.findId('em', '018000001')).toBe(r.id);
      expect(await store.trademarks.findId('US', '99999999')).toBeNull();
      // As list filters (canonical numbers, with the office): spec §4.2.
      expect((await store.trademarks.list({ offices: ['EM'], applicationNumbers: ['18000001'] }, 'filing_date', 10, 0)).map((m) => m.id)).toEqual([r.id]);
      expect(await store.trademarks.count({ offices: ['EM'], registrationNumbers: ['18000001'] })).toBe(1);
      expect(await store.trademarks.count({ offices: ['US'], registrationNumbers: ['18000001'] })).toBe(0);
    });

    it('lists, counts, scans and sums by filter, in the same orders', async () => {
      const marks = [
        makeRecord({ application_number: '91000001', mark_text: 'echo', filing_date: '2021-03-01', owners: [owner('Acme Corp', 'own_acme')], classifications: [nice(9)] }),
        makeRecord({ application_number: '91000002', mark_text: 'Echo', filing_date: '2019-05-01', owners: [owner('Beta LLC', 'own_beta')] }),
        makeRecord({ application_number: '91000003', mark_text: 'ÉCHO', filing_date: '2022-07-01', owners: [owner('Acme Corp', 'own_acme')] }),
      ];
      await store.trademarks.upsert(marks, AT);
      const ids = marks.map((m) => m.id);
      const byFiling = await store.trademarks.list({ ids }, 'filing_date', 10, 0);
      expect(byFiling.map((m) => m.application_number)).toEqual(['91000002', '91000001', '91000003']);
      // Bytewise text order on both backends: 'ÉCHO' after 'echo' after 'Echo'.
      expect((await store.trademarks.list({ ids }, 'mark_text', 10, 0)).map((m) => m.mark_text)).toEqual(['Echo', 'echo', 'ÉCHO']);
      expect((await store.trademarks.list({ ids }, '-mark_text', 2, 1)).map((m) => m.mark_text)).toEqual(['echo', 'Echo']);
      expect(await store.trademarks.count({ ownerIds: ['own_acme'] })).toBe(2);
      expect(await store.trademarks.count({ niceClasses: [9], ids })).toBe(1);
      expect(await store.trademarks.count({ filingDateGte: '2021-01-01', ids })).toBe(2);
      const scanned: string[] = [];
      for await (const page of store.trademarks.scan({ offices: ['US'] }, 2)) scanned.push(...page.map((m) => m.id));
      expect(scanned).toEqual([...scanned].sort());
      expect(scanned.length).toBe(await store.trademarks.count({ offices: ['US'] }));
      const stats = await store.trademarks.stats();
      expect(stats.reduce((n, s) => n + s.count, 0)).toBe(await store.trademarks.count({}));
      const changed = await store.trademarks.changedSince(0, 1000);
      expect(changed.map((c) => c.seq)).toEqual([...changed.map((c) => c.seq)].sort((x, y) => x - y));
    });

    it('owners of one name at one address share an entity', async () => {
      const address: Address = { lines: ['1 Main St'], city: 'Springfield', region: 'IL', postal_code: '62701', country_code: 'US', formatted: null };
      const one = makeRecord({ application_number: '92000001', owners: [owner('Gamma Widgets Inc', 'own_g1', address)] });
      const two = makeRecord({ application_number: '92000002', owners: [owner('Gamma Widgetz Inc', 'own_g2', address)] });
      await store.trademarks.upsert([one], AT);
      await store.trademarks.upsert([two], AT);
      // The second spelling joins the entity seen first at that address (core/entity-signals.ts).
      const first = baseEntityId('Gamma Widgets Inc', 'US');
      expect(first).not.toBe(baseEntityId('Gamma Widgetz Inc', 'US'));
      expect(await store.trademarks.count({ entityIds: [first] })).toBe(2);
    });

    it('offices: votes and sync records', async () => {
      expect((await store.offices.vote('org_a', true, 'JP', 'please', AT)).office_code).toBe('JP');
      await store.offices.vote('org_b', true, 'JP', null, LATER);
      expect(await store.offices.voteTotals('org_a', true)).toEqual([{ office_code: 'JP', votes: 2, mine: true, first_vote_at: AT, last_vote_at: LATER }]);
      expect(await store.offices.withdrawVote('org_b', true, 'JP')).toBe(true);
      expect(await store.offices.withdrawVote('org_b', true, 'JP')).toBe(false);
      await store.offices.recordSync(new Map([['US', 3]]), AT);
      await store.offices.recordSync(new Map([['US', 2]]), LATER);
      expect((await store.offices.syncs()).get('US')).toEqual({ last_successful_sync: LATER, records: 5 });
    });

    it('documents: a re-read list writes nothing; citations read both ways', async () => {
      const cited = makeRecord({ application_number: '93000001', prior_registrations: [{ office_code: 'US', registration_number: '1234567' }] as never });
      await store.trademarks.upsert([cited], AT);
      expect((await store.documents.citations(cited.id)).map((c) => [c.relation, c.number])).toEqual([['prior_registration', '1234567']]);
      expect((await store.documents.citing('US', '1234567', '70000000')).map((c) => c.trademark_id)).toEqual([cited.id]);
      const list = { object: 'document_list', trademark_id: cited.id, office_code: 'US', application_number: '93000001', source_format: 'tsdr-json', documents: [] } as never;
      expect(await store.documents.upsert([list], AT)).toEqual({ inserted: 1, updated: 0, unchanged: 0 });
      expect(await store.documents.upsert([list], LATER)).toEqual({ inserted: 0, updated: 0, unchanged: 1 });
      expect((await store.documents.documents(cited.id))?.updated_at).toBe(AT);
    });

    it('live marks: every active or pending mark with a word element, its classes ascending', async () => {
      const live = [
        makeRecord({ application_number: '94000001', mark_text: 'FOXTROT', status: { primary: 'active', stage: 'registered' }, classifications: [nice(25), nice(9)] }),
        makeRecord({ application_number: '94000002', mark_text: 'GOLF', status: { primary: 'pending' } }),
      ];
      const dead = [
        makeRecord({ application_number: '94000003', mark_text: 'HOTEL', status: { primary: 'inactive', stage: 'abandoned' } }),
        makeRecord({ application_number: '94000004', mark_text: null, status: { primary: 'active', stage: 'registered' } }),
      ];
      await store.trademarks.upsert([...live, ...dead], AT);
      const seen = new Map<string, unknown>();
      await store.screenings.liveMarks((m) => seen.set(m.id, { ...m }));
      expect(seen.get(live[0]!.id)).toEqual({ id: live[0]!.id, office_code: 'US', mark_text: 'FOXTROT', status: 'active', classes: '9,25' });
      expect(seen.get(live[1]!.id)).toEqual({ id: live[1]!.id, office_code: 'US', mark_text: 'GOLF', status: 'pending', classes: null });
      for (const d of dead) expect(seen.has(d.id)).toBe(false);
      const expected = (await store.trademarks.list({ statusPrimary: ['active', 'pending'] }, 'filing_date', 1000, 0)).filter((m) => m.mark_text !== null);
      expect([...seen.keys()].sort()).toEqual(expected.map((m) => m.id).sort());
    });

    it('lists and counts the members of a portfolio', async () => {
      const members = [makeRecord({ application_number: '95000001' }), makeRecord({ application_number: '95000002' })];
      await store.trademarks.upsert([...members, makeRecord({ application_number: '95000003' })], AT);
      await store.portfolios.create({ id: 'ptf_ours', org_id: 'org_a', name: 'Ours', description: null, metadata: '{}', created_at: AT, updated_at: AT });
      await store.portfolios.addMembers('org_a', 'ptf_ours', members.map((m) => ({ trademark_id: m.id, external_ref: null })), AT);
      expect(await store.trademarks.count({ portfolioId: 'ptf_ours' })).toBe(2);
      expect((await store.trademarks.list({ portfolioId: 'ptf_ours' }, 'filing_date', 10, 0)).map((m) => m.id).sort()).toEqual(members.map((m) => m.id).sort());
    });

    it('keeps a NUL in office text byte for byte (PostgreSQL text holds none), on insert and on update', async () => {
      const hostile = makeRecord({ application_number: '96000001', mark_text: 'NUL\u0000MARK', owners: [owner('Nul\u0000 Owner', 'own_nul')], classifications: [{ ...nice(9), goods_services: 'soft\u0000ware' }] });
      expect(await store.trademarks.upsert([hostile], AT)).toMatchObject({ inserted: 1 });
      const changed = { ...hostile, mark_text: 'NUL\u0000MARK\u0000TWO', source_date: '2024-02-01' };
      expect(await store.trademarks.upsert([changed], LATER)).toMatchObject({ updated: 1 });
      const read = (await store.trademarks.get([hostile.id])).get(hostile.id)!;
      expect([read.mark_text, read.owners[0]!.name, read.classifications[0]!.goods_services]).toEqual(['NUL\u0000MARK\u0000TWO', 'Nul\u0000 Owner', 'soft\u0000ware']);
      expect(await store.trademarks.findId('US', '96000001')).toBe(hostile.id);
    });
  });
}

// The store contract for parties, entities, assignments and proceedings, run on every backend
// (SQLite always; PostgreSQL with TM_TEST_PG): the same calls give the same answers, in the same
// orders, including the counts the name lookups keep as marks change owners.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseEntityId } from '../../src/core/entity-signals.js';
import { attorneyId, firmId } from '../../src/core/representatives.js';
import type { AssignmentRecord } from '../../src/core/schemas/assignment.js';
import type { Attorney, Owner } from '../../src/core/schemas/parts.js';
import type { ProceedingRecord } from '../../src/core/schemas/proceeding.js';
import type { Store } from '../../src/store/store.js';
import { makeRecord } from '../helpers/factory.js';
import { BACKENDS } from '../helpers/store-backends.js';

const AT = '2026-11-22T12:00:00.000Z';
const LATER = '2026-11-23T12:00:00.000Z';
const owner = (name: string, id: string): Owner => ({ owner_id: id, entity_id: null, name, entity_type: null, nationality: 'US', role: 'owner', address: null });
const lawyer = (name: string, firm: string | null): Attorney => ({ name, firm, role: 'attorney', address: null });
const prop = (trademark_id: string) => ({ trademark_id, serial_number: null, registration_number: null, ir_number: null, mark_text: null, filing_date: null, registration_date: null, current_owner: null });
const party = (name: string) => ({ name, execution_date: null, country_code: 'US' });

const assignment = (n: string, executed: string | null, from: string, to: string, marks: string[]): AssignmentRecord => ({
  id: `asg_${n}`, object: 'assignment', office_code: 'US', reel_frame: `${n}/0001`, conveyance: 'ASSIGNS THE ENTIRE INTEREST', execution_date: executed,
  recorded_date: executed, assignors: [party(from)], assignees: [party(to)], correspondent: null, properties: marks.map(prop), source_format: 'test',
});

const proceeding = (n: string, filed: string | null, type: string, parties: [string, 'plaintiff' | 'defendant', string[]][]): ProceedingRecord => ({
  id: `prc_${n}`, object: 'proceeding', office_code: 'US', number: `9${n}`, type_code: type, filing_date: filed, status_code: 'pending', status_update_date: filed,
  interlocutory_attorney: null, prosecution_history: [], source_format: 'test',
  parties: parties.map(([name, role, marks]) => ({ role, role_code: role[0]!.toUpperCase(), name, addresses: [], properties: marks.map((m) => ({ trademark_id: m, application_number: null, registration_number: null, mark_text: null })) })),
});

for (const backend of BACKENDS) {
  describe(`store contract (parties, entities, assignments, proceedings) on ${backend.name}`, () => {
    let store: Store;
    let close: () => Promise<void>;
    const us1 = makeRecord({ application_number: '94000001', owners: [owner('Acme Widgets Corp', 'own_acme')], attorneys: [lawyer('Jane Q. Smith', 'Smith & Lee LLP')] });
    const us2 = makeRecord({ application_number: '94000002', owners: [owner('Acme Widgets Corp', 'own_acme'), owner('Zenith Tools', 'own_zen')], attorneys: [lawyer('Jane Q. Smith', 'Smith & Lee LLP')] });
    const em1 = makeRecord({ office_code: 'EM', application_number: '018900001', owners: [owner('ACME WIDGETS CORP.', 'own_acme')], attorneys: [lawyer('Bob Lee', 'Smith & Lee LLP')] });
    const jane = attorneyId('Jane Q. Smith');
    const firm = firmId('Smith & Lee LLP');
    beforeAll(async () => {
      ({ store, close } = await backend.open());
      await store.trademarks.upsert([us1, us2], AT);
      await store.trademarks.upsert([em1], AT);
    });
    afterAll(async () => close());

    it('parties: owners and representatives found by name prefix, with their counts and offices', async () => {
      expect(await store.parties.ownersContaining(['acme'], 10)).toEqual([
        { owner_id: 'own_acme', name: 'ACME WIDGETS CORP.', trademark_count: 3, offices: 'EM,US', entity_id: baseEntityId('Acme Widgets Corp', 'US') },
      ]);
      expect(await store.parties.ownersContaining(['nomatch'], 10)).toEqual([]);
      expect(await store.parties.owner('own_zen')).toMatchObject({ owner_id: 'own_zen', name: 'Zenith Tools', trademark_count: 1, offices: 'US' });
      expect(await store.parties.owner('own_missing')).toBeNull();
      expect(await store.parties.ownersUpdatedAt(['own_zen', 'own_missing'])).toEqual(new Map([['own_zen', AT]]));
      const reps = await store.parties.representativesContaining('att_', [], 10);
      expect(reps.map((r) => [r.owner_id, r.trademark_count, r.offices])).toEqual([[jane, 2, 'US'], [attorneyId('Bob Lee'), 1, 'EM']]);
      expect((await store.parties.representativesContaining('firm_', ['smit'], 10)).map((r) => [r.owner_id, r.trademark_count, r.offices])).toEqual([[firm, 3, 'EM,US']]);
      expect(await store.parties.representative(firm)).toEqual({ owner_id: firm, name: 'Smith & Lee LLP', trademark_count: 3, offices: 'EM,US' });
      expect(await store.parties.representativeNames(jane)).toEqual([{ name: 'Jane Q. Smith', n: 2 }]);
      expect(await store.parties.attorneyFirms(jane)).toEqual([{ party_id: firm, n: 2 }]);
      expect(await store.parties.firmAttorneys(firm)).toEqual([{ party_id: jane, n: 2 }, { party_id: attorneyId('Bob Lee'), n: 1 }]);
      expect(await store.parties.clientsOf(jane, 10)).toEqual([
        { owner_id: 'own_acme', name: 'Acme Widgets Corp', trademark_count: 2 },
        { owner_id: 'own_zen', name: 'Zenith Tools', trademark_count: 1 },
      ]);
    });

    it('parties: a mark that changes owner moves its count, and an owner left with none drops out of lookups', async () => {
      await store.trademarks.upsert([{ ...us2, owners: [owner('Acme Widgets Corp', 'own_acme')], source_date: '2024-06-01' }], LATER);
      expect(await store.parties.ownersContaining(['zeni'], 10)).toEqual([]);
      expect((await store.parties.ownersContaining(['acme'], 10))[0]?.trademark_count).toBe(3);
      expect(await store.parties.owner('own_zen')).toBeNull();
    });

    it('parties: operator merges of owner and attorney ids, read by id both ways; one merge per merged id', async () => {
      expect(await store.parties.partyMergedInto('own_b')).toBeNull();
      await store.parties.mergeParty('own_b', 'own_a', AT);
      await store.parties.mergeParty('own_c', 'own_a', AT);
      await store.parties.mergeParty('att_y', 'att_x', AT);
      expect(await store.parties.partyMergedInto('own_b')).toBe('own_a');
      expect(await store.parties.partiesMergedInto('own_a')).toEqual(['own_b', 'own_c']);
      expect(await store.parties.mergedAmong(['own_a', 'own_b', 'att_y', 'att_x'])).toEqual(new Set(['own_b', 'att_y']));
      expect(await store.parties.mergedAmong([])).toEqual(new Set());
      await expect(store.parties.mergeParty('own_b', 'own_d', AT)).rejects.toThrow();
    });

    it('entities: members, hand merges followed through, and splits', async () => {
      const acme = baseEntityId('Acme Widgets Corp', 'US');
      expect(await store.entities.members(acme)).toEqual([{ owner_id: 'own_acme', name: 'ACME WIDGETS CORP.', trademark_count: 3, offices: 'EM,US' }]);
      expect(await store.parties.entityMemberCount(acme)).toBe(1);
      await store.entities.split(acme, 'ent_split', ['own_acme'], AT);
      expect(await store.entities.members(acme)).toEqual([]);
      expect((await store.entities.members('ent_split')).map((m) => m.owner_id)).toEqual(['own_acme']);
      expect(await store.entities.mergedInto('ent_split')).toBeNull();
      await store.entities.merge('ent_split', 'ent_b', AT);
      await store.entities.merge('ent_b', 'ent_c', LATER);
      expect(await store.entities.mergedInto('ent_split')).toBe('ent_c');
      expect(await store.entities.mergedInto('ent_b')).toBe('ent_c');
      expect(await store.parties.entityMemberCount('ent_c')).toBe(1);
      // A mark ingested later follows the split and the merges.
      await store.trademarks.upsert([makeRecord({ application_number: '94000009', owners: [owner('Acme Widgets Corp', 'own_acme')] })], LATER);
      expect(await store.trademarks.count({ entityIds: ['ent_c'] })).toBe(4);
    });

    it('assignments: upsert counts, reads by id, by mark, by party, newest first', async () => {
      const a1 = assignment('1', '2020-01-01', 'Old Owner Inc', 'Acme Widgets Corp', [us1.id]);
      const a2 = assignment('2', '2021-05-01', 'Acme Widgets Corp', 'Zenith Tools', [us1.id, us2.id]);
      const a3 = assignment('3', null, 'Some_Body', 'Other 100%', [em1.id]);
      expect(await store.assignments.upsert([a1, a2, a3], AT)).toEqual({ inserted: 3, updated: 0, unchanged: 0 });
      expect(await store.assignments.upsert([a1, { ...a2, conveyance: 'SECURITY INTEREST' }], LATER)).toEqual({ inserted: 0, updated: 1, unchanged: 1 });
      const a4 = assignment('4', '2019-01-01', 'X', 'Y', [us2.id]);
      // Twice in one batch: inserted, then updated to its later version, whose marks replace the first's.
      expect(await store.assignments.upsert([a4, { ...a4, properties: [prop(em1.id)] }], AT)).toEqual({ inserted: 1, updated: 1, unchanged: 0 });
      expect((await store.assignments.get('asg_2'))?.conveyance).toBe('SECURITY INTEREST');
      expect(await store.assignments.get('asg_missing')).toBeNull();
      expect((await store.assignments.forTrademark(us1.id)).map((a) => a.id)).toEqual(['asg_1', 'asg_2']);
      expect((await store.assignments.forTrademark(em1.id)).map((a) => a.id)).toEqual(['asg_3', 'asg_4']);
      expect((await store.assignments.marksWithAssignments([us1.id, us2.id, 'tm_none'])).sort()).toEqual([us1.id, us2.id].sort());
      expect((await store.assignments.list({}, 10, 0)).map((a) => a.id)).toEqual(['asg_2', 'asg_1', 'asg_4', 'asg_3']);
      expect((await store.assignments.list({}, 2, 1)).map((a) => a.id)).toEqual(['asg_1', 'asg_4']);
      expect((await store.assignments.list({ party: 'ACME' }, 10, 0)).map((a) => a.id)).toEqual(['asg_2', 'asg_1']);
      expect((await store.assignments.list({ party: '_' }, 10, 0)).map((a) => a.id)).toEqual(['asg_3']);
      expect(await store.assignments.count({ party: '100%' })).toBe(1);
      expect(await store.assignments.count({ trademarkId: us2.id })).toBe(1);
      expect(await store.assignments.count({ party: 'acme', trademarkId: us1.id })).toBe(2);
    });

    it('proceedings: upsert counts, reads by id, by mark, by party and type, newest first', async () => {
      const p1 = proceeding('1000001', '2022-03-01', 'OPP', [['Zenith Tools', 'plaintiff', [us2.id]], ['Acme Widgets Corp', 'defendant', [us1.id]]]);
      const p2 = proceeding('2000001', '2023-03-01', 'CAN', [['Acme Widgets Corp', 'plaintiff', [us1.id]], ['Other', 'defendant', [em1.id]]]);
      const p3 = proceeding('1000002', null, 'OPP', [['Acme Widgets Corp', 'defendant', [us1.id, us1.id]]]);
      expect(await store.proceedings.upsert([p1, p2, p3], AT)).toEqual({ inserted: 3, updated: 0, unchanged: 0 });
      expect(await store.proceedings.upsert([p1, { ...p2, status_code: 'terminated' }], LATER)).toEqual({ inserted: 0, updated: 1, unchanged: 1 });
      expect((await store.proceedings.get('prc_2000001'))?.status_code).toBe('terminated');
      expect((await store.proceedings.forTrademark(us1.id)).map((p) => p.id)).toEqual(['prc_1000002', 'prc_1000001', 'prc_2000001']);
      expect(await store.proceedings.marksWithProceedings([em1.id, 'tm_none'])).toEqual([em1.id]);
      expect((await store.proceedings.list({}, 10, 0)).map((p) => p.id)).toEqual(['prc_2000001', 'prc_1000001', 'prc_1000002']);
      expect((await store.proceedings.list({ typeCodes: ['OPP'], party: 'zenith' }, 10, 0)).map((p) => p.id)).toEqual(['prc_1000001']);
      expect(await store.proceedings.count({ trademarkId: us1.id, typeCodes: ['OPP', 'CAN'] })).toBe(3);
      expect(await store.proceedings.count({ party: 'nobody' })).toBe(0);
    });
  });
}

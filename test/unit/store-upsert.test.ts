import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeRecord, tempContext, type TempContext } from '../helpers/factory.js';

describe('trademark upsert and change detection', () => {
  let t: TempContext;
  beforeEach(() => {
    t = tempContext();
  });
  afterEach(async () => {
    await t.cleanup();
  });

  it('inserts a new record without an event, and a re-ingest of the same record is a no-op', async () => {
    const r = makeRecord({ mark_text: 'PYTHON' });
    const first = await t.ctx.store.trademarks.upsert([r], '2026-01-01T00:00:00.000Z');
    expect(first).toMatchObject({ inserted: 1, updated: 0, unchanged: 0, events: [] });
    const again = await t.ctx.store.trademarks.upsert([r], '2026-01-02T00:00:00.000Z');
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: 1, events: [] });
    const seqBefore = (await t.ctx.store.trademarks.changedSince(0, 10)).map((c) => c.seq);
    expect(seqBefore).toHaveLength(1);
  });

  it('a newer record replaces the row and appends a status_changed event with flattened keys', async () => {
    const before = makeRecord({ status: { primary: 'active', stage: 'registered', raw: { code: '702', label: 'X' } } });
    const after = makeRecord({
      source_date: '2025-01-01',
      status: { primary: 'active', stage: 'renewed', raw: { code: '800', label: 'Y' } },
      last_renewal_date: '2014-03-23',
    });
    await t.ctx.store.trademarks.upsert([before], '2026-01-01T00:00:00.000Z');
    const out = await t.ctx.store.trademarks.upsert([after], '2026-01-02T00:00:00.000Z');
    expect(out.updated).toBe(1);
    expect(out.events).toHaveLength(1);
    const ev = out.events[0]!;
    expect(ev.type).toBe('trademark.status_changed');
    expect(ev.changed_fields).toEqual(expect.arrayContaining(['status_stage', 'status_raw_code', 'status_raw_label', 'last_renewal_date']));
    expect(ev.changes.status_raw_code).toBe('800');
    expect(ev.diff).toContainEqual({ path: 'status_raw_code', from: '702', to: '800' });
    expect(ev.source_date).toBe('2025-01-01');
    expect(ev.occurred_at).toBe('2026-01-02T00:00:00.000Z');
    const stored = (await t.ctx.store.trademarks.get([after.id])).get(after.id);
    expect(stored?.status.raw?.code).toBe('800');
    const ledger = await t.ctx.store.events.forTrademark(after.id, 0, 10);
    expect(ledger.map((e) => e.id)).toEqual([ev.id]);
  });

  it('an update that changes no status field is trademark.updated, with collections as op: changed', async () => {
    const before = makeRecord({ owners: [] });
    const after = makeRecord({
      source_date: '2024-06-01',
      owners: [{ owner_id: 'own_1', entity_id: null, name: 'ACME', entity_type: null, nationality: null, role: null, address: null }],
    });
    await t.ctx.store.trademarks.upsert([before], '2026-01-01T00:00:00.000Z');
    const out = await t.ctx.store.trademarks.upsert([after], '2026-01-02T00:00:00.000Z');
    expect(out.events[0]?.type).toBe('trademark.updated');
    expect(out.events[0]?.diff).toEqual([{ path: 'owners', op: 'changed' }]);
  });

  it('an older record never overwrites a newer one', async () => {
    const newer = makeRecord({ source_date: '2025-01-01', mark_text: 'NEW' });
    const older = makeRecord({ source_date: '2023-01-01', mark_text: 'OLD' });
    await t.ctx.store.trademarks.upsert([newer], '2026-01-01T00:00:00.000Z');
    const out = await t.ctx.store.trademarks.upsert([older], '2026-01-02T00:00:00.000Z');
    expect(out).toMatchObject({ stale: 1, updated: 0, events: [] });
    expect((await t.ctx.store.trademarks.get([newer.id])).get(newer.id)?.mark_text).toBe('NEW');
  });

  it('a batch that fails leaves no trace', async () => {
    const good = makeRecord({ application_number: '1' });
    const bad = { ...makeRecord({ application_number: '2' }), status: null } as never;
    await expect(t.ctx.store.trademarks.upsert([good, bad], '2026-01-01T00:00:00.000Z')).rejects.toThrow();
    expect(await t.ctx.store.trademarks.count({})).toBe(0);
  });

  it('finds a mark by application or registration number, ignoring formatting', async () => {
    const r = makeRecord({ application_number: '76044902', registration_number: '2824281' });
    await t.ctx.store.trademarks.upsert([r], '2026-01-01T00:00:00.000Z');
    expect(await t.ctx.store.trademarks.findId('us', '76/044,902')).toBe(r.id);
    expect(await t.ctx.store.trademarks.findId('US', '2,824,281')).toBe(r.id);
    expect(await t.ctx.store.trademarks.findId('EM', '76044902')).toBeNull();
  });
});

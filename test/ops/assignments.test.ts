// Assignments through ingest and the operations, on the real Assignment Center exports: storage,
// the per-mark list with its chain of title, the global list and detail, and the owner move.
import { beforeEach, describe, expect, it } from 'vitest';
import { trademarkId } from '../../src/core/ids.js';
import { ingestFiles } from '../../src/ingest/pipeline.js';
import { getTrademark } from '../../src/ops/get-trademark.js';
import { listTrademarkAssignments } from '../../src/ops/list-trademark-assignments.js';
import { getAssignment } from '../../src/ops/records/get-assignment.js';
import { listAssignments } from '../../src/ops/records/list-assignments.js';
import { makeRecord } from '../helpers/factory.js';
import { errorOf, tempContextPerTest } from '../helpers/ops.js';

const DIR = 'fixtures/uspto/assignments';
const ALL = ['by_assignee', 'by_assignor', 'by_registration', 'by_serial', 'combined'].map((k) => `${DIR}/exportTradeMarkData_${k}.json`);

const t = tempContextPerTest();
const { call } = t;

/** SNEAKY SASQUATCH as the office listed it in the export (serial, registration, filing date, owner). */
const sasquatch = () =>
  makeRecord({
    application_number: '88874668',
    registration_number: '6204399',
    mark_text: 'SNEAKY SASQUATCH',
    filing_date: '2020-04-16',
    registration_date: '2020-11-24',
    source_date: '2020-11-24',
    status: { primary: 'active', stage: 'registered' },
    owners: [{ owner_id: 'own_rac7', entity_id: null, name: 'RAC7 GAMES INC.', entity_type: null, nationality: null, role: 'owner', address: null }],
  });

describe('assignment ingest', () => {
  it('stores every distinct document once across the five exports, and a second run writes nothing', async () => {
    const first = await ingestFiles(t.ctx, ALL);
    expect(first.failed_files).toEqual([]);
    expect(first).toMatchObject({ records: 15, assignments: 15, inserted: 9, unchanged: 6 });
    const again = await ingestFiles(t.ctx, ALL);
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: 15, events: 0 });
    const all = await call(listAssignments, { include_total: true, limit: 100 });
    expect(all.pagination.total_count).toBe(9);
    expect(all.data[0]!.reel_frame).toBe('9006/0093');
  });

  it('moves the owner of a stored mark to the end of its chain, with a diff and an event', async () => {
    await t.ctx.store.trademarks.upsert([sasquatch()], '2026-01-01T00:00:00.000Z');
    const summary = await ingestFiles(t.ctx, [`${DIR}/exportTradeMarkData_by_serial.json`]);
    expect(summary).toMatchObject({ assignments: 3, events: 1 });
    const mark = await call(getTrademark, { id: 'US:88874668' });
    expect(mark.owners.map((o) => [o.name, o.role])).toEqual([['APPLE INC.', 'assignee']]);
    expect(mark.source_date).toBe('2025-07-22');
    const [event] = await t.ctx.store.events.forTrademark(mark.id, 0, 10);
    expect(event).toMatchObject({ type: 'trademark.updated', changed_fields: ['owners'], diff: [{ path: 'owners', op: 'changed' }] });
    // The same documents again move nothing.
    expect((await ingestFiles(t.ctx, [`${DIR}/exportTradeMarkData_by_serial.json`])).events).toBe(0);
  });

  it('applies assignments ingested before the mark when the mark arrives', async () => {
    await ingestFiles(t.ctx, [`${DIR}/exportTradeMarkData_by_registration.json`]);
    const { writeFileSync } = await import('node:fs');
    const path = `${t.dir}/mark.ndjson`;
    writeFileSync(path, `${JSON.stringify({ ...sasquatch(), owners: [{ name: 'RAC7 GAMES INC.' }] })}\n`);
    const summary = await ingestFiles(t.ctx, [path]);
    expect(summary).toMatchObject({ inserted: 1, events: 1 });
    expect((await call(getTrademark, { id: 'US:88874668' })).owners.map((o) => o.name)).toEqual(['APPLE INC.']);
  });

  it('never moves an owner back for an assignment older than the office record', async () => {
    await t.ctx.store.trademarks.upsert([{ ...sasquatch(), source_date: '2025-09-01' }], '2026-01-01T00:00:00.000Z');
    expect((await ingestFiles(t.ctx, [`${DIR}/exportTradeMarkData_by_serial.json`])).events).toBe(0);
    expect((await call(getTrademark, { id: 'US:88874668' })).owners.map((o) => o.name)).toEqual(['RAC7 GAMES INC.']);
  });
});

describe('assignment operations', () => {
  beforeEach(async () => {
    await t.ctx.store.trademarks.upsert([sasquatch()], '2026-01-01T00:00:00.000Z');
    await ingestFiles(t.ctx, ALL);
  });

  it('lists a mark\'s assignments oldest first with its chain of title', async () => {
    const out = await call(listTrademarkAssignments, { id: 'US:88874668' });
    expect(out.data.map((a) => a.reel_frame)).toEqual(['9006/0088', '9053/0654', '9006/0093']);
    expect(out.data.every((a) => a.trademark_id === trademarkId('US', '88874668') && a.conveyance_kind === 'unknown')).toBe(true);
    expect(out.chain_of_title.map((l) => l.to[0])).toEqual(['1536345 B.C. UNLIMITED LIABILITY COMPANY', 'RAC7 GAMES ULC', 'APPLE INC.']);
  });

  it('reads one document by id or reel/frame, and refuses other ids', async () => {
    const byReel = await call(getAssignment, { id: '3516/0288' });
    expect(byReel).toMatchObject({ assignors: ['APPLE CORPS LIMITED'], assignees: ['APPLE INC.'], execution_date: '2007-02-02' });
    expect(byReel.properties.map((p) => p.serial_number)).toEqual(['74693839', '74693680', '74693838', '78430282']);
    expect(await call(getAssignment, { id: byReel.id })).toEqual(byReel);
    expect((await errorOf(call(getAssignment, { id: 'tm_abc' }))).type).toBe('id_type_mismatch');
    expect((await errorOf(call(getAssignment, { id: '1/0001' }))).type).toBe('not_found');
  });

  it('filters by party name and by mark, with paging', async () => {
    const pixel = await call(listAssignments, { party: 'pixelmator' });
    expect(pixel.data.map((a) => a.reel_frame)).toEqual(['8875/0285']);
    const byMark = await call(listAssignments, { trademark: 'US:76517917' });
    expect(byMark.data.map((a) => [a.reel_frame, a.trademark_id])).toEqual([['4193/0899', trademarkId('US', '76517917')]]);
    const page1 = await call(listAssignments, { party: 'apple', limit: 2 });
    expect(page1.has_more).toBe(true);
    const page2 = await call(listAssignments, { party: 'apple', limit: 2, cursor: page1.pagination.cursor });
    expect(page2.data[0]!.id).not.toBe(page1.data[0]!.id);
  });
});

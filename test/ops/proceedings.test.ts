// TTAB proceedings through ingest and the operations, on the real daily file tt230101 (six whole
// entries): storage, reads by number and id, lists, the per-mark list, and the status raise.
import { writeFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { trademarkId } from '../../src/core/ids.js';
import { ingestFiles } from '../../src/ingest/pipeline.js';
import { getTrademark } from '../../src/ops/get-trademark.js';
import { listTrademarkProceedings } from '../../src/ops/list-trademark-proceedings.js';
import { getProceeding } from '../../src/ops/records/get-proceeding.js';
import { listProceedings } from '../../src/ops/records/list-proceedings.js';
import { makeRecord } from '../helpers/factory.js';
import { errorOf, tempContextPerTest } from '../helpers/ops.js';

const FILE = 'fixtures/uspto/ttab/tt230101-sample.xml';

const t = tempContextPerTest();
const { call } = t;

/** REAL ESTATE BADDIE as published, before the opposition of 2022-11-16 (91281805). */
const baddie = () =>
  makeRecord({
    application_number: '90795850',
    mark_text: 'REAL ESTATE BADDIE',
    source_date: '2022-10-01',
    status: { primary: 'pending', stage: 'published', challenges: [] },
  });

describe('proceeding ingest', () => {
  it('stores each proceeding once, and a second run writes nothing', async () => {
    const first = await ingestFiles(t.ctx, [FILE]);
    expect(first.failed_files).toEqual([]);
    expect(first).toMatchObject({ records: 6, proceedings: 6, inserted: 6 });
    expect(await ingestFiles(t.ctx, [FILE])).toMatchObject({ inserted: 0, updated: 0, unchanged: 6, events: 0 });
  });

  it('an opposition filed against a stored mark raises its status, with a diff and a status_changed event', async () => {
    await t.ctx.store.trademarks.upsert([baddie()], '2026-01-01T00:00:00.000Z');
    const summary = await ingestFiles(t.ctx, [FILE]);
    expect(summary.events).toBe(1);
    const mark = await call(getTrademark, { id: 'US:90795850' });
    expect(mark.status).toMatchObject({ primary: 'pending', stage: 'opposition_pending', challenges: ['opposition'] });
    const [event] = await t.ctx.store.events.forTrademark(mark.id, 0, 10);
    expect(event).toMatchObject({ type: 'trademark.status_changed' });
    expect(event!.diff).toEqual(
      expect.arrayContaining([
        { path: 'status_stage', from: 'published', to: 'opposition_pending' },
        { path: 'status_challenges', from: [], to: ['opposition'] },
      ]),
    );
    expect((await ingestFiles(t.ctx, [FILE])).events).toBe(0);
  });

  it('applies proceedings ingested before the mark when the mark arrives', async () => {
    await ingestFiles(t.ctx, [FILE]);
    const path = `${t.dir}/mark.ndjson`;
    writeFileSync(path, `${JSON.stringify({ ...baddie(), owners: [{ name: 'That Realtor Chic LLC' }] })}\n`);
    expect(await ingestFiles(t.ctx, [path])).toMatchObject({ inserted: 1, events: 1 });
    expect((await call(getTrademark, { id: 'US:90795850' })).status.challenges).toEqual(['opposition']);
  });

  it('an office record newer than the proceeding is left as the office states it', async () => {
    await t.ctx.store.trademarks.upsert([{ ...baddie(), source_date: '2023-03-01' }], '2026-01-01T00:00:00.000Z');
    expect((await ingestFiles(t.ctx, [FILE])).events).toBe(0);
    expect((await call(getTrademark, { id: 'US:90795850' })).status.challenges).toEqual([]);
  });
});

describe('proceeding operations', () => {
  beforeEach(async () => {
    await t.ctx.store.trademarks.upsert([baddie()], '2026-01-01T00:00:00.000Z');
    await ingestFiles(t.ctx, [FILE]);
  });

  it('reads one proceeding by its number (application_number), US:number or prc_ id', async () => {
    const opp = await call(getProceeding, { id: '91281805' });
    expect(opp).toMatchObject({
      object: 'proceeding',
      application_number: '91281805',
      kind: 'opposition',
      type: { code: 'OPP', label: 'Opposition' },
      filing_date: '2022-11-16',
      status: { open: true, code: '8', label: null, updated_date: '2022-12-27' },
      trademark_ids: [trademarkId('US', '90795850'), trademarkId('US', '97054065')],
    });
    expect(opp.parties.map((p) => [p.role, p.name])).toEqual([
      ['defendant', 'That Realtor Chic LLC'],
      ['plaintiff', 'Sky City Acquisitions, LLC'],
    ]);
    expect(await call(getProceeding, { id: 'US:91281805' })).toEqual(opp);
    expect(await call(getProceeding, { id: opp.id })).toEqual(opp);
    const ended = await call(getProceeding, { id: '97006280' });
    expect(ended.status).toMatchObject({ open: false, code: '9', label: 'TERMINATED' });
    expect((await errorOf(call(getProceeding, { id: 'asg_abc' }))).type).toBe('id_type_mismatch');
    expect((await errorOf(call(getProceeding, { id: '91000001' }))).type).toBe('not_found');
  });

  it('lists proceedings by kind, party and mark, newest filing first, with paging', async () => {
    const all = await call(listProceedings, { include_total: true });
    expect(all.pagination.total_count).toBe(6);
    expect(all.data.slice(0, 2).map((p) => p.application_number)).toEqual(['92081284', '90395896']);
    const inter = await call(listProceedings, { kinds: ['opposition', 'cancellation'] });
    expect(inter.data.map((p) => p.application_number)).toEqual(['92081284', '91281805', '91264142']);
    expect((await call(listProceedings, { party: 'pocketwatch' })).data.map((p) => p.application_number)).toEqual(['91264142']);
    expect((await call(listProceedings, { trademark: 'US:97054065' })).data.map((p) => p.application_number)).toEqual(['91281805']);
    const page1 = await call(listProceedings, { limit: 4 });
    const page2 = await call(listProceedings, { limit: 4, cursor: page1.pagination.cursor });
    expect([...page1.data, ...page2.data].map((p) => p.id)).toEqual(all.data.map((p) => p.id));
    await expect(call(listProceedings, { kinds: ['duel'] })).rejects.toThrow(/Invalid option/);
  });

  it('lists the proceedings of a stored mark with its role in each', async () => {
    const out = await call(listTrademarkProceedings, { id: 'US:90795850' });
    expect(out.data.map((p) => [p.application_number, p.mark_role])).toEqual([['91281805', 'defendant']]);
    expect((await errorOf(call(listTrademarkProceedings, { id: 'US:1' }))).type).toBe('not_found');
  });
});

// Change detection on real office files: the same mark read at two dates.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ingestFiles } from '../../src/ingest/pipeline.js';
import { tempContext, type TempContext } from '../helpers/factory.js';

const TSDR = 'fixtures/uspto/tsdr';
const DAILY = 'fixtures/uspto/daily-xml/records';

describe('ingest change detection on real pairs', () => {
  let t: TempContext;
  beforeEach(() => {
    t = tempContext();
  });
  afterEach(async () => {
    await t.cleanup();
  });

  it('PYTHON sn76044902: ST.66 (702) then ST.96 (800, renewed) is one status_changed event', async () => {
    const first = await ingestFiles(t.ctx, [`${TSDR}/sn76044902-ST66.xml`]);
    expect(first).toMatchObject({ records: 1, inserted: 1, events: 0 });
    const second = await ingestFiles(t.ctx, [`${TSDR}/sn76044902-ST96.xml`]);
    expect(second).toMatchObject({ records: 1, updated: 1, events: 1 });
    const id = await t.ctx.store.trademarks.findId('US', '76044902');
    const [event] = await t.ctx.store.events.forTrademark(id!, 0, 10);
    expect(event?.type).toBe('trademark.status_changed');
    expect(event?.diff).toContainEqual({ path: 'status_raw_code', from: '702', to: '800' });
    expect(event?.changes.last_renewal_date).toBe('2014-03-23');
  });

  it('re-ingesting the same file is a no-op: no write, no event', async () => {
    await ingestFiles(t.ctx, [`${TSDR}/sn76044902-ST96.xml`]);
    const again = await ingestFiles(t.ctx, [`${TSDR}/sn76044902-ST96.xml`]);
    expect(again).toMatchObject({ records: 1, inserted: 0, updated: 0, unchanged: 1, events: 0 });
    expect(await t.ctx.store.trademarks.changedSince(1, 10)).toEqual([]);
  });

  it.each([
    ['revival', '98186103', '602', '616'],
    ['publication', '79366581', '774', '686'],
  ])('daily XML %s pair (serial %s): status %s → %s', async (kind, serial, from, to) => {
    await ingestFiles(t.ctx, [`${DAILY}/${kind}-before-${serial}.xml`]);
    const after = await ingestFiles(t.ctx, [`${DAILY}/${kind}-after-${serial}.xml`]);
    expect(after).toMatchObject({ updated: 1, events: 1 });
    const id = await t.ctx.store.trademarks.findId('US', serial);
    const [event] = await t.ctx.store.events.forTrademark(id!, 0, 10);
    expect(event?.type).toBe('trademark.status_changed');
    expect(event?.diff).toContainEqual({ path: 'status_raw_code', from, to });
    expect(event?.changed_fields).toContain('classifications');
  });

  it('daily XML goods pair (Q*BERT 75932504): goods rewritten and a renewal recorded', async () => {
    await ingestFiles(t.ctx, [`${DAILY}/goods-before-replacement-75932504.xml`]);
    const after = await ingestFiles(t.ctx, [`${DAILY}/goods-after-replacement-75932504.xml`]);
    expect(after.events).toBe(1);
    const id = await t.ctx.store.trademarks.findId('US', '75932504');
    const [event] = await t.ctx.store.events.forTrademark(id!, 0, 10);
    expect(event?.changed_fields).toEqual(expect.arrayContaining(['classifications', 'events']));
  });

  it('an older file read after a newer one changes nothing', async () => {
    await ingestFiles(t.ctx, [`${DAILY}/revival-after-98186103.xml`]);
    const older = await ingestFiles(t.ctx, [`${DAILY}/revival-before-98186103.xml`]);
    expect(older).toMatchObject({ stale: 1, updated: 0, events: 0 });
    const id = await t.ctx.store.trademarks.findId('US', '98186103');
    const stored = (await t.ctx.store.trademarks.get([id!])).get(id!);
    expect(stored?.status.raw?.code).toBe('616');
  });
});

// The USPTO trademark assignment bulk XML (two real 1955 entries of the historical package):
// detection, parsing, bad files, and ingest into the assignment tables with the owner move.
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { trademarkId } from '../../src/core/ids.js';
import type { AssignmentRecord } from '../../src/core/schemas/assignment.js';
import { usptoAssignmentXml } from '../../src/ingest/adapters/uspto-assignment-xml.js';
import { detectAdapter } from '../../src/ingest/formats.js';
import { ingestFiles } from '../../src/ingest/pipeline.js';
import { getTrademark } from '../../src/ops/get-trademark.js';
import { listTrademarkAssignments } from '../../src/ops/list-trademark-assignments.js';
import { conveyanceKind } from '../../src/parties/chain.js';
import { makeRecord, tempContext, type TempContext } from '../helpers/factory.js';
import { callOp } from '../helpers/ops.js';
import { fixture, parseFixture, parseString } from './ingest-helpers.js';

const FILE = 'uspto/assignment-xml/asb-historical-sample.xml';
const text = readFileSync(fixture(FILE), 'utf8');

const parse = async (): Promise<AssignmentRecord[]> =>
  (await parseFixture(usptoAssignmentXml, FILE)).map((item) => {
    if (!item.ok) throw new Error(item.reason);
    return item.record;
  });

describe('uspto-assignment-xml', () => {
  it('is detected by its document element', () => {
    expect(detectAdapter(text, undefined, FILE).name).toBe('uspto-assignment-xml');
  });

  it('reads reel/frame, recorded date, conveyance, parties and properties', async () => {
    const [first, second] = await parse();
    expect(first).toMatchObject({
      id: expect.stringMatching(/^asg_/),
      reel_frame: '1/0058',
      recorded_date: '1955-01-05',
      execution_date: null,
      conveyance: 'ASSIGNS THE ENTIRE INTEREST AND THE GOODWILL',
      assignors: [{ name: 'JENSEN, PETER A/S', execution_date: null, country_code: null }],
      assignees: [{ name: 'MERCHANTS TRADING CO.INC.' }],
      source_format: 'uspto-assignment-xml',
    });
    expect(first!.properties).toEqual([
      { trademark_id: trademarkId('US', '71614627'), serial_number: '71614627', registration_number: '563392', ir_number: null, mark_text: null, filing_date: null, registration_date: null, current_owner: null },
    ]);
    expect(second).toMatchObject({ reel_frame: '1/0438', assignors: [{ name: 'SALSBURY, H.I.' }], assignees: [{ name: 'HANDY ROLL CO.' }] });
  });

  it('reads the name change of reel 1 frame 1, which has no version header and an empty correspondent', async () => {
    const items = await parseFixture(usptoAssignmentXml, 'uspto/assignment-xml/asb-historical-reel1-frame1.xml');
    expect(items).toHaveLength(1);
    const only = items[0]!.ok ? items[0]!.record : null;
    expect(only).toMatchObject({ reel_frame: '1/0001', conveyance: 'CHANGE OF NAME 19530513', execution_date: '1953-05-13', recorded_date: '1955-01-03', correspondent: null });
    expect(conveyanceKind(only!.conveyance)).toBe('name_change');
  });

  it('a truncated file is an input error naming the file; an entry without reel/frame is skipped', async () => {
    await expect(parseString(usptoAssignmentXml, text.slice(0, text.indexOf('<frame-no>0438')), 'asb.xml')).rejects.toThrow(
      /asb\.xml: not well-formed USPTO trademark assignment XML/,
    );
    const items = await parseString(usptoAssignmentXml, text.replace('<reel-no>1</reel-no><frame-no>0058</frame-no>', ''));
    expect(items.map((i) => (i.ok ? i.record.reel_frame : i.reason))).toEqual(['assignment-entry has no reel-no/frame-no', '1/0438']);
  });

  it('a day without data (data-available-code) reads as no records', async () => {
    const empty = '<trademark-assignments><assignment-information><data-available-code>N</data-available-code></assignment-information></trademark-assignments>';
    expect(detectAdapter(empty, undefined, 'asb.xml').name).toBe('uspto-assignment-xml');
    expect(await parseString(usptoAssignmentXml, empty)).toEqual([]);
  });

  it('an entry the office marks purged is reported, not stored', async () => {
    const items = await parseString(usptoAssignmentXml, text.replace('<purge-indicator>N</purge-indicator><date-recorded>19550105', '<purge-indicator>Y</purge-indicator><date-recorded>19550105'));
    expect(items[0]).toEqual({ ok: false, recordNumber: 1, reason: 'assignment 1/0058 is marked purged from the USPTO assignment database' });
  });
});

describe('assignment XML ingest', () => {
  let t: TempContext;
  beforeEach(() => {
    t = tempContext();
  });
  afterEach(async () => {
    await t.cleanup();
  });

  it('stores the documents and moves the owner of a stored mark, with a diff and an event', async () => {
    const mark = makeRecord({
      application_number: '71614627',
      registration_number: '563392',
      source_date: '1952-08-26',
      status: { primary: 'active', stage: 'registered' },
      owners: [{ owner_id: 'own_jensen', entity_id: null, name: 'JENSEN, PETER A/S', entity_type: null, nationality: null, role: 'owner', address: null }],
    });
    await t.ctx.store.trademarks.upsert([mark], '2026-01-01T00:00:00.000Z');
    const summary = await ingestFiles(t.ctx, [fixture(FILE)]);
    expect(summary).toMatchObject({ records: 2, assignments: 2, inserted: 2, events: 1, failed_files: [] });
    const after = await callOp(t.ctx, getTrademark, { id: 'US:71614627' });
    expect(after.owners.map((o) => [o.name, o.role])).toEqual([['MERCHANTS TRADING CO.INC.', 'assignee']]);
    const [event] = await t.ctx.store.events.forTrademark(after.id, 0, 10);
    expect(event).toMatchObject({ type: 'trademark.updated', changed_fields: ['owners'] });
    const list = await callOp(t.ctx, listTrademarkAssignments, { id: 'US:71614627' });
    expect(list.chain_of_title).toMatchObject([{ reel_frame: '1/0058', conveyance_kind: 'transfer', date: '1955-01-05', to: ['MERCHANTS TRADING CO.INC.'] }]);
    expect(await ingestFiles(t.ctx, [fixture(FILE)])).toMatchObject({ inserted: 0, unchanged: 2, events: 0 });
  });
});

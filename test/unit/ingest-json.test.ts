// The streaming JSON reader and the JSON adapters (USPTO TSDR JSON, EUIPO search API) on the real
// fixtures, field by field, with truncated and non-JSON inputs.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { TrademarkRecord } from '../../src/core/schemas/trademark.js';
import { euipoJson } from '../../src/ingest/adapters/euipo-json.js';
import { streamJsonElements } from '../../src/ingest/adapters/json-stream.js';
import { tsdrJson } from '../../src/ingest/adapters/tsdr-json.js';
import { TmError } from '../../src/errors.js';
import { only, parseFixture, parseString, records } from './ingest-helpers.js';

const elements = async (chunks: string[], paths: string[][]) => {
  const out: unknown[] = [];
  for await (const e of streamJsonElements(Readable.from(chunks.map((c) => Buffer.from(c))), 'x.json', paths, 'test JSON')) {
    out.push(e.ok ? e.value : { error: e.reason });
  }
  return out;
};

describe('streaming JSON reader', () => {
  it('yields the elements of the array at a key path, across chunk boundaries and escapes', async () => {
    const doc = '{"meta": {"trademarks": [1]}, "x\\"y": "a]b}", "trademarks": [{"a": "}\\"]"}, {"b": [1, {"c": 2}]}], "tail": 1}';
    for (const size of [1, 3, 7, doc.length]) {
      const chunks: string[] = [];
      for (let i = 0; i < doc.length; i += size) chunks.push(doc.slice(i, i + size));
      expect(await elements(chunks, [['trademarks']])).toEqual([{ a: '}"]' }, { b: [1, { c: 2 }] }]);
    }
  });

  it('reads a nested path and a single object at a path', async () => {
    expect(await elements(['{"x": {"list": [{"n": 1}]}}'], [['x', 'list']])).toEqual([{ n: 1 }]);
    expect(await elements(['{"result": {"data": {"n": 2}}}'], [['result', 'data']])).toEqual([{ n: 2 }]);
  });

  it('throws input_error for truncated JSON and for content that is not JSON', async () => {
    await expect(elements(['{"trademarks": [{"a": 1}, {"b"'], [['trademarks']])).rejects.toSatisfy(
      (e: unknown) => e instanceof TmError && e.type === 'input_error' && /^x\.json: .*truncated/.test(e.message),
    );
    await expect(elements(['<xml/>'], [['trademarks']])).rejects.toThrow(/x\.json: not test JSON: the file is not JSON/);
    await expect(elements(['{"a": 1}}'], [['trademarks']])).rejects.toThrow(/x\.json: /);
  });
});

describe('USPTO TSDR JSON adapter', () => {
  it('reads sn78787878 field by field', async () => {
    const r = await only(tsdrJson, 'uspto/tsdr/casestatus_sn78787878_info.json');
    expect(() => TrademarkRecord.parse(r)).not.toThrow();
    expect(r).toMatchObject({
      office_code: 'US',
      application_number: '78787878',
      mark_text: 'MAC MEMPHIS ATHLETIC CAMPUS',
      mark_type: 'combined',
      disclaimer: '"MEMPHIS ATHLETIC CAMPUS"',
      filing_date: '2006-01-09',
      source_format: 'tsdr-json',
      status: { primary: 'inactive', stage: 'abandoned', effective_date: '2007-09-25', raw: { code: '602', label: 'ABANDONED-FAILURE TO RESPOND OR LATE RESPONSE' } },
    });
    expect(r.design_codes).toHaveLength(13);
    expect(r.design_codes[0]).toEqual({ system: 'us_design_search', code: '01.01.09', edition: null });
    expect(r.owners[0]).toMatchObject({ name: 'MEMPHIS ATHLETIC CAMPUS FOUNDATION', entity_type: 'corporation', nationality: 'US' });
    expect(r.attorneys[0]).toMatchObject({ role: 'attorney', name: 'MICHAEL T EVANGELISTI' });
    expect(r.classifications[0]).toMatchObject({ nice_class: null, office_classes: ['200'], class_status: '6' });
    expect(r.events).toHaveLength(16);
    expect(r.events[0]).toMatchObject({ date: '2020-10-14', raw: { code: 'MAIL', label: 'PAPER RECEIVED' } });
    expect(r.source_date).toBe('2020-10-14');
  });
});

describe('USPTO TSDR JSON adapter, registered-mark keys', () => {
  it('reads the registration date, publication date and numeric first-use dates', async () => {
    const doc = {
      trademarks: [
        {
          status: { serialNumber: 88326251, usRegistrationNumber: '5845537', usRegistrationDate: '2019-08-27', status: 700, statusDate: '2019-08-27', markElement: '88 HEAD IN THE CLOUDS', markDrawingCd: '3' },
          gsList: [{ internationalClasses: [{ code: '041' }], usClasses: [{ code: '100' }, { code: '107' }], statusCode: '6', firstUseDate: 20180922, firstUseInCommerceDate: 20180922, description: 'Entertainment services', primeClassCode: '041' }],
          prosecutionHistory: [{ entryCode: 'R.PR', entryType: 'A', entryDate: '2019-08-27T04:00:00.000+0000', entryDesc: 'REGISTERED-PRINCIPAL REGISTER' }],
          publication: { serialNumber: 88326251, datePublished: '2019-06-11', officialGazettes: [] },
        },
      ],
    };
    const [item] = await parseString(tsdrJson, JSON.stringify(doc));
    if (!item!.ok) throw new Error(item!.reason);
    expect(item!.record).toMatchObject({
      application_number: '88326251',
      registration_number: '5845537',
      registration_date: '2019-08-27',
      publication_date: '2019-06-11',
      status: { primary: 'active', stage: 'registered' },
      classifications: [{ nice_class: 41, office_classes: ['100', '107'], first_use_date: '2018-09-22', first_use_in_commerce_date: '2018-09-22' }],
    });
  });
});

describe('EUIPO search-API JSON adapter', () => {
  it('reads the ten "apple" records with status, dates, classes and parties', async () => {
    const list = records(await parseFixture(euipoJson, 'euipo/tm_apple_size10.json'));
    expect(list).toHaveLength(10);
    for (const r of list) expect(() => TrademarkRecord.parse(r)).not.toThrow();
    const golden = list[0]!;
    expect(golden).toMatchObject({
      office_code: 'EM',
      application_number: '000428557',
      mark_text: 'Golden Apple',
      mark_type: 'word',
      filing_date: '1996-12-02',
      registration_date: '1998-10-30',
      expiry_date: '2026-12-02',
      publication_date: '1998-04-27',
      status: { primary: 'active', stage: 'registered', raw: { code: 'REGISTERED', label: null } },
    });
    expect(golden.classifications.map((c) => c.nice_class)).toEqual([30, 32, 33]);
    expect(golden.owners[0]).toMatchObject({ name: 'Berentzen-Gruppe Aktiengesellschaft', role: 'owner', entity_id: null });
    const appleTv = list.find((r) => r.mark_text === 'APPLE TV')!;
    expect(appleTv).toMatchObject({ application_number: 'W00928475', ir_number: '928475', status: { primary: 'active', stage: 'protected' } });
    expect(appleTv.attorneys).toEqual([{ name: 'LOCKE LORD LLP', firm: null, role: 'representative', address: null }]);
    const stages = new Set(list.map((r) => `${r.status.raw?.code}:${r.status.primary}`));
    expect(stages).toEqual(new Set(['REGISTERED:active', 'EXPIRED:inactive', 'REFUSED:inactive', 'ACCEPTED:active', 'REMOVED_FROM_REGISTER:inactive']));
    // Line breaks inside a party name are the API's wrapping, not part of the name.
    expect(list.find((r) => r.mark_text === 'Appletiser')!.owners[0]!.name).toBe('SABMILLER INTERNATIONAL BRANDS LIMITED');
  });

  it('reports an element without an application number and goes on', async () => {
    const items = await parseString(euipoJson, '{"trademarks": [{"status": "REGISTERED"}, {"applicationNumber": "018000001", "status": "RECEIVED"}]}');
    expect(items[0]).toMatchObject({ ok: false, recordNumber: 1, reason: expect.stringMatching(/applicationNumber/) });
    expect(items[1]).toMatchObject({ ok: true, record: { status: { primary: 'pending', stage: 'filed' } } });
  });
});

describe('streaming JSON reader, non-object elements', () => {
  it('reports each scalar element once and keeps the objects', async () => {
    expect(await elements(['{"t": [12', '345, "s", {"a": 1}, true]}'], [['t']])).toEqual([
      { error: 'expected an object in the array, found "1…"' },
      { error: 'expected an object in the array, found a string' },
      { a: 1 },
      { error: 'expected an object in the array, found "t…"' },
    ]);
  });
});

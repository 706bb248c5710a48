// The Finland (PRH), Sweden (PRV), Japan (JPO) and Korea (KIPRIS) adapters on their real samples.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TrademarkRecord } from '../../src/core/schemas/trademark.js';
import { jpoJson } from '../../src/ingest/adapters/jpo-json.js';
import { kiprisXml } from '../../src/ingest/adapters/kipris-xml.js';
import { prhJson } from '../../src/ingest/adapters/prh-json.js';
import { prvJson } from '../../src/ingest/adapters/prv-json.js';
import { detectAdapter } from '../../src/ingest/formats.js';
import { fixture, only, parseFixture, parseString, records } from './ingest-helpers.js';

const valid = (list: TrademarkRecord[]) => {
  for (const r of list) expect(() => TrademarkRecord.parse(r)).not.toThrow();
  return list;
};

describe('office adapters', () => {
  it.each([
    ['offices/fi/trademark_search_AUDI.json', 'prh-json'],
    ['offices/se/tmsimplesearch_IKEA_page0.json', 'prv-json'],
    ['offices/jp/trademark_app_progress_2024123456.json', 'jpo-json'],
    ['offices/kr/TradeMarkInfo.xml', 'kipris-xml'],
    ['offices/kr/tradeMarkInfo_success.xml', 'kipris-xml'],
  ])('detects %s as %s', (file, format) => {
    expect(detectAdapter(readFileSync(fixture(file), 'utf8')).name).toBe(format);
  });

  it('Finland (PRH): ten AUDI records with statuses, expiry, classes and the IR designation', async () => {
    const list = valid(records(await parseFixture(prhJson, 'offices/fi/trademark_search_AUDI.json')));
    expect(list).toHaveLength(10);
    expect(list[0]).toMatchObject({
      office_code: 'FI',
      application_number: 'T196503880',
      registration_number: '49497',
      mark_text: 'Audi',
      mark_type: 'combined',
      filing_date: '1965-11-17',
      registration_date: '1967-02-06',
      expiry_date: '2007-02-06',
      status: { primary: 'inactive', stage: 'expired', raw: { code: 'Expired', label: 'Expired' } },
    });
    expect(list[0]!.owners[0]).toMatchObject({ name: 'AUDI AG', role: 'owner' });
    expect(list[0]!.attorneys[0]).toMatchObject({ name: 'Oy Kolster Ab', role: 'representative' });
    expect(list[8]!.classifications.map((c) => c.nice_class)).toEqual([1, 2, 4, 6, 7, 9, 11, 12, 16, 37]);
    const bank = list.find((r) => r.mark_text === 'Audi-Bank')!;
    expect(bank.status).toMatchObject({ primary: 'active', stage: 'registered' });
    const ir = list.find((r) => r.application_number === 'W200200793')!;
    expect(ir).toMatchObject({ ir_number: '773197', priority_date: '2001-10-04', status: { primary: 'inactive', raw: { code: 'IR_not_valid_in_Finland_not_renewed' } } });
  });

  it('Sweden (PRV): registered and dismissed IKEA records, addresses with their country', async () => {
    const [reg, dismissed] = valid(records(await parseFixture(prvJson, 'offices/se/tmsimplesearch_IKEA_page0.json')));
    expect(reg).toMatchObject({
      office_code: 'SE',
      application_number: '2025-05038',
      registration_number: '639377',
      mark_text: 'form hult',
      mark_type: 'figurative',
      filing_date: '2025-10-01',
      expiry_date: '2035-10-01',
      status: { primary: 'active', stage: 'registered', raw: { code: null, label: 'Registered' } },
    });
    expect(reg!.owners[0]).toMatchObject({ name: 'IKEA Älmhult AB', address: { country_code: 'SE', formatted: 'c/o IKEA of Sweden AB 343 81 Älmhult, SE, 559070-5058' } });
    expect(reg!.attorneys[0]).toMatchObject({ name: 'Advokatfirman Lindahl KB', role: 'representative' });
    expect(reg!.classifications.map((c) => c.nice_class)).toEqual([35, 36, 41]);
    expect(dismissed).toMatchObject({ mark_text: 'ÄLV SHOPPING', registration_number: null, status: { primary: 'inactive', raw: { label: 'Dismissed' } } });
    expect(dismissed!.owners[0]!.address?.country_code).toBe('DK');
  });

  it('Japan (JPO): status follows the latest file-history document, similar-group codes kept', async () => {
    const r = await only(jpoJson, 'offices/jp/trademark_app_progress_2024123456.json');
    valid([r]);
    expect(r).toMatchObject({
      office_code: 'JP',
      application_number: '2024123456',
      mark_text: 'メタンレス和牛',
      filing_date: '2024-11-18',
      publication_date: '2024-11-26',
      registration_number: null,
      status: { primary: 'pending', stage: 'final_refusal', basis: 'event_derived', effective_date: '2026-01-13', raw: { code: 'A02', label: '拒絶査定' } },
    });
    expect(r.owners.map((o) => o.name)).toEqual(['ＭＴＪグループ株式会社']);
    expect(r.attorneys.map((a) => a.name)).toEqual(['平井　安雄']);
    expect(r.classifications[1]).toMatchObject({ nice_class: 35, office_classes: ['32A01', '35A01', '35K03'] });
    expect(r.events.map((e) => e.raw.code)).toEqual(['A63', 'A131', 'A02']);
  });

  it('Korea (KIPRIS): registered and filed records with the Korean status word', async () => {
    const registered = await only(kiprisXml, 'offices/kr/TradeMarkInfo.xml');
    const filed = await only(kiprisXml, 'offices/kr/tradeMarkInfo_success.xml');
    valid([registered, filed]);
    expect(registered).toMatchObject({
      office_code: 'KR',
      application_number: '4020190000011',
      registration_number: '4015569910000',
      mark_text: '돈퍼',
      filing_date: '2019-01-01',
      publication_date: '2019-07-31',
      registration_date: '2019-12-23',
      status: { primary: 'active', stage: 'registered', raw: { code: '등록', label: '등록' } },
    });
    expect(registered.owners.map((o) => [o.name, o.role])).toEqual([
      ['김현호 kimHyunHo', 'owner'],
      ['김현호', 'applicant'],
    ]);
    expect(filed).toMatchObject({ mark_text: '홍쓴TV', status: { primary: 'pending', stage: 'filed' }, attorneys: [{ name: '서평강' }] });
    expect(filed.classifications.map((c) => c.nice_class)).toEqual([38]);
  });

  it('reports a KIPRIS item without an application number and keeps the rest', async () => {
    const xml =
      '<response><body><items><TradeMarkInfo><Title>NONE</Title></TradeMarkInfo>' +
      '<TradeMarkInfo><ApplicationNumber>4020200000001</ApplicationNumber><ApplicationStatus>알수없음</ApplicationStatus></TradeMarkInfo></items></body></response>';
    const items = await parseString(kiprisXml, xml);
    expect(items[0]).toMatchObject({ ok: false, recordNumber: 1 });
    // A status word missing from the table stays unknown and keeps its raw value.
    expect(items[1]).toMatchObject({ ok: true, record: { status: { primary: 'unknown', raw: { code: '알수없음' } } } });
  });
});

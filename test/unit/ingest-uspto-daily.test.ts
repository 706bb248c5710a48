// The USPTO daily XML adapter on the real daily sample and record fixtures (IB, TX, NA groups),
// field by field, plus malformed records and truncated or non-XML files.
import { describe, expect, it } from 'vitest';
import { trademarkId } from '../../src/core/ids.js';
import { TrademarkRecord } from '../../src/core/schemas/trademark.js';
import { usptoDailyXml } from '../../src/ingest/adapters/uspto-daily-xml.js';
import { TmError } from '../../src/errors.js';
import { only, parseFixture, parseString, records } from './ingest-helpers.js';

const envelope = (body: string) =>
  `<?xml version="1.0"?><trademark-applications-daily><version><version-no>2.0</version-no></version>` +
  `<application-information><file-segments><action-keys><action-key>TX</action-key>${body}` +
  `</action-keys></file-segments></application-information></trademark-applications-daily>`;

describe('USPTO daily XML adapter', () => {
  it('reads every case-file of the 2018-02-18 daily sample (DTD prolog included)', async () => {
    const list = records(await parseFixture(usptoDailyXml, 'uspto/daily-xml/apc180218-sample.xml'));
    expect(list.map((r) => r.application_number)).toEqual([
      '87310367', '87703889', '87703896', '87796079', '71112081', '71522974',
      '72029003', '72045204', '72243407', '72244388', '72244547',
    ]);
    for (const r of list) expect(() => TrademarkRecord.parse(r)).not.toThrow();
    const tusimple = list[0]!;
    expect(tusimple.id).toBe(trademarkId('US', '87310367'));
    expect(tusimple.mark_text).toBe('TUSIMPLE');
    expect(tusimple.mark_type).toBe('word');
    expect(tusimple.status).toMatchObject({
      primary: 'pending',
      stage: 'allowed',
      effective_date: '2018-01-23',
      raw: { code: '688', label: 'NOTICE OF ALLOWANCE - ISSUED' },
    });
    expect(tusimple.filing_date).toBe('2017-01-23');
    expect(tusimple.publication_date).toBe('2017-11-28');
    expect(tusimple.source_date).toBe('2018-02-18');
    expect(tusimple.register?.standard_characters_claimed).toBe(true);
    expect(tusimple.classifications.map((c) => c.nice_class)).toEqual([9, 12, 39, 42]);
    expect(tusimple.classifications[1]!.goods_services).toMatch(/^Autonomous land vehicles/);
    expect(tusimple.classifications[0]!.office_classes).toEqual(['021', '023', '026', '036', '038']);
    expect(tusimple.owners[0]).toMatchObject({
      name: 'TuSimple',
      entity_type: 'corporation',
      nationality: 'US',
      role: 'owner',
      entity_id: null,
      address: { city: 'San Diego', region: 'CA', postal_code: '92122' },
    });
    expect(tusimple.owners[0]!.owner_id).toMatch(/^own_/);
    expect(tusimple.attorneys.map((a) => [a.role, a.name])).toEqual([
      ['attorney', 'Jim H. Salter'],
      ['correspondent', 'JIM H. SALTER'],
    ]);
    expect(tusimple.events).toHaveLength(15);
    expect(tusimple.events[0]).toEqual({
      date: '2018-01-23',
      office_code: 'US',
      raw: { code: 'NOAM', label: 'NOA E-MAILED - SOU REQUIRED FROM APPLICANT' },
      description: 'NOA E-MAILED - SOU REQUIRED FROM APPLICANT',
    });
    const cutex = list[4]!;
    expect(cutex.mark_text).toBe('CUTEX');
    expect(cutex.status).toMatchObject({ primary: 'active', stage: 'renewed', raw: { code: '800' } });
  });

  it('maps a Madrid (IB) record with its ownership chain, renewal and first-use dates', async () => {
    const r = await only(usptoDailyXml, 'uspto/daily-xml/records/daily-ib-72269147.xml');
    expect(r.mark_text).toBe('MADISON SQUARE GARDEN');
    expect(r.registration_number).toBe('0835284');
    expect(r.registration_date).toBe('1967-09-12');
    expect(r.last_renewal_date).toBe('2017-09-12');
    expect(r.owners).toHaveLength(7);
    expect(r.owners[0]).toMatchObject({ name: 'MSG ENTERTAINMENT HOLDINGS, LLC', role: 'owner', entity_type: 'limited_liability_company' });
    expect(r.owners.slice(1).every((o) => o.role === 'previous_owner')).toBe(true);
    const [services] = r.classifications;
    expect(services).toMatchObject({ nice_class: 41, office_classes: ['107'], first_use_in_commerce_date: '1960-01-01' });
    // "18790000" names only a year, which a calendar date cannot hold.
    expect(services!.first_use_date).toBeNull();
    expect(services!.goods_services).toMatch(/^OPERATION OF A SPORTS, ENTERTAINMENT/);
  });

  it('reads design search codes in dotted form', async () => {
    const r = await only(usptoDailyXml, 'uspto/daily-xml/records/daily-ib-sparse-85127660.xml');
    expect(r.design_codes.map((d) => d.code)).toEqual(['03.07.01', '03.07.03', '03.07.21', '03.07.24', '03.13.03', '14.05.11']);
    expect(r.design_codes.every((d) => d.system === 'us_design_search')).toBe(true);
    expect(r.media[0]).toMatchObject({ kind: 'drawing', drawing_code: '2' });
    expect(r.mark_type).toBe('figurative');
  });

  it('reads an NA (new application) record with a foreign owner', async () => {
    const r = await only(usptoDailyXml, 'uspto/daily-xml/records/daily-na-98763166.xml');
    expect(r.mark_text).toBe('SUVENEER');
    expect(r.status).toMatchObject({ primary: 'pending', stage: 'filed', raw: { code: '630' } });
    expect(r.owners[0]).toMatchObject({ name: 'Nguyen Quang Huy', nationality: 'VN', entity_type: 'individual' });
    expect(r.classifications[0]).toMatchObject({ nice_class: 16, first_use_date: '2024-06-12' });
  });

  it('reads international-registration data and pending challenges (§66(a) before/after pair)', async () => {
    const before = await only(usptoDailyXml, 'uspto/daily-xml/records/publication-before-79366581.xml');
    const after = await only(usptoDailyXml, 'uspto/daily-xml/records/publication-after-79366581.xml');
    expect(after.ir_number).toBe('1722108');
    expect(after.ir_date).toBe('2022-12-27');
    expect(after.priority_date).toBe('2022-11-18');
    expect(after.renewal_due_date).toBe('2032-12-27');
    expect(before.status).toMatchObject({ stage: 'opposition_pending', challenges: ['opposition'] });
    expect(after.status).toMatchObject({ primary: 'pending', stage: 'published', raw: { code: '686' } });
    expect(before.classifications.map((c) => c.nice_class)).toContain(25);
    expect(after.classifications.map((c) => c.nice_class)).not.toContain(25);
  });

  it('splits one classification with two international codes into two rows', async () => {
    const r = await only(usptoDailyXml, 'uspto/daily-xml/records/annual-2025-repeated-international-codes-tx-71060608.xml');
    expect(r.classifications.map((c) => [c.nice_class, c.office_classes])).toEqual([
      [6, ['025']],
      [20, ['025']],
    ]);
    expect(r.classifications[0]!.goods_services).toMatch(/^LOCKS, LATCHES/);
  });

  it('maps cancelled, registered and revived statuses through the table', async () => {
    const cancelled = await only(usptoDailyXml, 'uspto/daily-xml/records/cancellation-evidence-85017257.xml');
    expect(cancelled.status).toMatchObject({ primary: 'inactive', stage: 'cancelled', raw: { code: '710', label: 'CANCELLED - SECTION 8' } });
    const registered = await only(usptoDailyXml, 'uspto/daily-xml/records/registration-evidence-98423838.xml');
    expect(registered.status).toMatchObject({ primary: 'active', stage: 'registered' });
    const revived = await only(usptoDailyXml, 'uspto/daily-xml/records/revival-after-98186103.xml');
    expect(revived.status).toMatchObject({ primary: 'pending', stage: 'revived', raw: { code: '616' } });
    const abandoned = await only(usptoDailyXml, 'uspto/daily-xml/records/revival-before-98186103.xml');
    expect(abandoned.status.primary).toBe('inactive');
  });

  it('keeps every real record file parseable, including the sparse and malformed-date ones', async () => {
    for (const name of [
      'annual-2025-malformed-class-date-tx-74800000.xml',
      'annual-2025-status-only-tx-60000001.xml',
      'annual-2025-sparse-tx-70165419.xml',
      'annual-2025-post-metadata-to-date-tx-67341029.xml',
    ]) {
      const r = await only(usptoDailyXml, `uspto/daily-xml/records/${name}`);
      expect(() => TrademarkRecord.parse(r)).not.toThrow();
    }
    const header = await only(usptoDailyXml, 'uspto/daily-xml/header-only-60000001.xml');
    expect(header).toMatchObject({ mark_text: null, registration_number: '0000001', registration_date: '1870-10-25' });
  });

  it('reports a case-file without a serial number and goes on with the next', async () => {
    const items = await parseString(
      usptoDailyXml,
      envelope('<case-file><transaction-date>20240101</transaction-date></case-file>' +
        '<case-file><serial-number>97000001</serial-number><case-file-header><mark-identification>NEXT</mark-identification></case-file-header></case-file>'),
    );
    expect(items[0]).toMatchObject({ ok: false, recordNumber: 1 });
    expect(items[0]!.ok ? '' : items[0]!.reason).toMatch(/serial-number/);
    expect(items[1]).toMatchObject({ ok: true, recordNumber: 2, record: { mark_text: 'NEXT' } });
  });

  it('throws input_error naming the file for truncated XML and for non-XML', async () => {
    const truncated = envelope('<case-file><serial-number>97000001</serial-number></case-file>').slice(0, -60);
    await expect(parseString(usptoDailyXml, truncated, 'cut.xml')).rejects.toSatisfy(
      (e: unknown) => e instanceof TmError && e.type === 'input_error' && e.message.startsWith('cut.xml: '),
    );
    await expect(parseString(usptoDailyXml, '{"not": "xml"}', 'data.json')).rejects.toSatisfy(
      (e: unknown) => e instanceof TmError && e.type === 'input_error' && e.message.startsWith('data.json: '),
    );
    await expect(parseString(usptoDailyXml, '<other-root/>', 'other.xml')).rejects.toThrow(/other.xml: not USPTO daily XML/);
  });
});

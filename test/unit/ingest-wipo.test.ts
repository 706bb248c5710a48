// The ST.66 and ST.96 adapters: every ST.66/ST.96 pair of TSDR fixtures normalises to the same
// record, field-level checks, the 2019 status files, and the ST.66 bulk layout.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { trademarkId } from '../../src/core/ids.js';
import { TrademarkRecord } from '../../src/core/schemas/trademark.js';
import { st66 } from '../../src/ingest/adapters/st66.js';
import { st96 } from '../../src/ingest/adapters/st96.js';
import { fixture, only, parseString } from './ingest-helpers.js';

const TSDR = 'uspto/tsdr';
const files = readdirSync(fixture(TSDR));
const pairs = files
  .filter((f) => f.endsWith('-ST66.xml'))
  .flatMap((f) => {
    const base = f.replace('-ST66.xml', '');
    return files.filter((g) => g.startsWith(`${base}-ST`) && g !== f).map((g) => [f, g] as const);
  });

/** Fields one format lacks: ST.66 from TSDR carries no design search codes. */
const comparable = (r: TrademarkRecord) => ({
  ...r,
  source_format: null,
  design_codes: [],
  media: r.media.map((m) => ({ ...m, design_codes: [] })),
});

describe('WIPO ST.66 and ST.96 adapters', () => {
  it('finds every ST.66/ST.96 pair among the TSDR fixtures', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(10);
    expect(pairs.map(([, b]) => b)).toEqual(
      expect.arrayContaining(['rn2178784-ST-961_D3.xml', 'rn2178784-ST96-old.xml', 'sn87881347-ST96.xml']),
    );
  });

  it.each(pairs)('%s and %s normalise to the same record', async (a, b) => {
    const left = await only(st66, `${TSDR}/${a}`);
    const right = await only(st96, `${TSDR}/${b}`);
    expect(() => TrademarkRecord.parse(left)).not.toThrow();
    expect(() => TrademarkRecord.parse(right)).not.toThrow();
    expect(left.source_format).toBe('st66');
    expect(right.source_format).toBe('st96');
    if (left.source_date === right.source_date) {
      expect(comparable(right)).toEqual(comparable(left));
      return;
    }
    // Same mark pulled on different days: identity holds, and the later file extends the history
    // (the USPTO reworded some event labels in between, so events compare by date and code).
    expect(right.source_date! > left.source_date!).toBe(true);
    for (const key of ['id', 'application_number', 'registration_number', 'mark_text', 'mark_type', 'filing_date', 'registration_date'] as const) {
      expect(right[key]).toEqual(left[key]);
    }
    expect(right.classifications.map((c) => c.nice_class)).toEqual(left.classifications.map((c) => c.nice_class));
    const key = (e: TrademarkRecord['events'][number]) => `${e.date} ${e.raw.code}`;
    const later = new Set(right.events.map(key));
    expect(left.events.map(key).filter((k) => !later.has(k))).toEqual([]);
    expect(right.events.length).toBeGreaterThan(left.events.length);
  });

  it('reads BURGER ADDICT field by field from ST.96', async () => {
    const r = await only(st96, `${TSDR}/sn87881347-ST96.xml`);
    expect(r.id).toBe(trademarkId('US', '87881347'));
    expect(r).toMatchObject({
      mark_text: 'BURGER ADDICT',
      mark_type: 'word',
      disclaimer: '"BURGER"',
      filing_date: '2018-04-17',
      registration_number: null,
      register: { type: 'principal', standard_characters_claimed: true },
      status: { primary: 'pending', stage: 'approved_for_publication', effective_date: '2018-08-27', raw: { code: '680', label: 'APPROVED FOR PUBLICATION' } },
    });
    expect(r.classifications).toEqual([
      {
        nice_class: 43,
        goods_services: expect.stringMatching(/^Restaurant; Restaurant and bar services/),
        class_status: '6',
        first_use_date: '2015-05-25',
        first_use_in_commerce_date: '2015-05-25',
        office_classes: ['100', '101'],
      },
    ]);
    expect(r.owners).toEqual([
      expect.objectContaining({
        name: 'Burger Addict Renton LLC',
        entity_type: 'limited_liability_company',
        nationality: 'US',
        role: 'owner',
        address: expect.objectContaining({ lines: ['12016 NE 85th St'], city: 'Kirkland', region: 'WASHINGTON', postal_code: '98033', country_code: 'US' }),
      }),
    ]);
    expect(r.attorneys.map((a) => [a.role, a.name, a.firm])).toEqual([
      ['attorney', 'Stuart A. Heller', null],
      ['correspondent', 'Stuart A. Heller', 'Law Office of Stuart A. Heller'],
    ]);
    // ST.96 appends the event type to the code (CNSAO); the record keeps the USPTO code.
    expect(r.events[0]).toEqual({
      date: '2018-08-27',
      office_code: 'US',
      raw: { code: 'CNSA', label: 'APPROVED FOR PUB - PRINCIPAL REGISTER' },
      description: 'APPROVED FOR PUB - PRINCIPAL REGISTER',
    });
    expect(r.events.at(-1)!.raw.code).toBe('NWAP');
  });

  it('reads design codes and renewal data that only ST.96 carries', async () => {
    const design = await only(st96, `${TSDR}/sn77478018-ST96.xml`);
    expect(design.mark_text).toBeNull();
    expect(design.mark_type).toBe('figurative');
    expect(design.design_codes.map((d) => d.code)).toEqual(['03.01.08', '03.01.24', '17.03.02', '26.11.21']);
    const python = await only(st96, `${TSDR}/sn76044902-ST96.xml`);
    expect(python.status).toMatchObject({ primary: 'active', stage: 'renewed', raw: { code: '800' } });
    expect(python.last_renewal_date).toBe('2014-03-23');
    const before = await only(st66, `${TSDR}/sn76044902-ST66.xml`);
    expect(before.status.raw?.code).toBe('702');
  });

  it('reads the 2019 TSDR status files (606, 700 and 710)', async () => {
    const statuses = new Map<string, string>();
    for (const f of files.filter((name) => name.endsWith('_status_st96.xml'))) {
      const r = await only(st96, `${TSDR}/${f}`);
      expect(r.application_number).toBe(f.slice(0, 8));
      statuses.set(r.status.raw!.code!, `${r.status.primary}/${r.status.stage}`);
    }
    expect(Object.fromEntries(statuses)).toEqual({
      '606': 'inactive/abandoned',
      '700': 'active/registered',
      '710': 'inactive/cancelled',
    });
    const cancelled = await only(st96, `${TSDR}/73119597_status_st96.xml`);
    expect(cancelled.design_codes.map((d) => d.code)).toContain('03.09.06');
  });

  it('reports a Trademark without an application number as a skipped record', async () => {
    const xml =
      '<ns2:TrademarkTransaction xmlns:ns1="c" xmlns:ns2="t"><ns2:TrademarkBag>' +
      '<ns2:Trademark><ns2:MarkCurrentStatusCode>700</ns2:MarkCurrentStatusCode></ns2:Trademark>' +
      '<ns2:Trademark><ns1:ApplicationNumber><ns1:ApplicationNumberText>97000002</ns1:ApplicationNumberText></ns1:ApplicationNumber></ns2:Trademark>' +
      '</ns2:TrademarkBag></ns2:TrademarkTransaction>';
    const items = await parseString(st96, xml);
    expect(items[0]).toMatchObject({ ok: false, recordNumber: 1, reason: expect.stringMatching(/ApplicationNumber/) });
    expect(items[1]).toMatchObject({ ok: true, recordNumber: 2, record: { application_number: '97000002', office_code: 'US' } });
  });
});

describe('ST.66 bulk layout', () => {
  it('emits each TradeMark of one transaction on its own, with applicants nested or following', async () => {
    const mark = (n: string, applicant: string) =>
      `<TradeMark><RegistrationOfficeCode>EM</RegistrationOfficeCode><ApplicationNumber>${n}</ApplicationNumber>` +
      `<MarkCurrentStatusCode>Registered</MarkCurrentStatusCode><WordMarkSpecification><MarkVerbalElementText>M${n}</MarkVerbalElementText></WordMarkSpecification>` +
      (applicant
        ? `<ApplicantDetails><Applicant><ApplicantAddressBook><FormattedNameAddress><Name><FreeFormatName><FreeFormatNameDetails>` +
          `<FreeFormatNameLine>${applicant}</FreeFormatNameLine></FreeFormatNameDetails></FreeFormatName></Name></FormattedNameAddress></ApplicantAddressBook></Applicant></ApplicantDetails>`
        : '') +
      `</TradeMark>`;
    const xml =
      `<Transaction xmlns="http://www.wipo.int/standards/XMLSchema/trademarks"><TradeMarkTransactionBody><TransactionContentDetails>` +
      `<TransactionData><TradeMarkDetails>${mark('001', 'Alpha AG')}${mark('002', 'Beta SA')}${mark('003', '')}</TradeMarkDetails>` +
      `<ApplicantDetails><Applicant><ApplicantAddressBook><FormattedNameAddress><Name><FreeFormatName><FreeFormatNameDetails>` +
      `<FreeFormatNameLine>Gamma Ltd</FreeFormatNameLine></FreeFormatNameDetails></FreeFormatName></Name></FormattedNameAddress></ApplicantAddressBook></Applicant></ApplicantDetails>` +
      `</TransactionData></TransactionContentDetails></TradeMarkTransactionBody></Transaction>`;
    const list = (await parseString(st66, xml)).map((i) => (i.ok ? [i.recordNumber, i.record.mark_text, i.record.owners.map((o) => o.name)] : i.reason));
    expect(list).toEqual([
      [1, 'M001', ['Alpha AG']],
      [2, 'M002', ['Beta SA']],
      [3, 'M003', ['Gamma Ltd']],
    ]);
  });
});

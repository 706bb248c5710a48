// USPTO TTAB proceedings XML (real daily file tt230101, trimmed to six whole entries): detection
// past the internal DTD, parsing, bad files, and the status a proceeding gives a mark.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { trademarkId } from '../../src/core/ids.js';
import type { ProceedingRecord } from '../../src/core/schemas/proceeding.js';
import { ttabXml } from '../../src/ingest/adapters/ttab-xml.js';
import { detectAdapter } from '../../src/ingest/formats.js';
import { statusAfterProceedings } from '../../src/parties/proceedings.js';
import { makeRecord } from '../helpers/factory.js';
import { fixture, parseFixture, parseString } from './ingest-helpers.js';

const FILE = 'uspto/ttab/tt230101-sample.xml';
const text = readFileSync(fixture(FILE), 'utf8');

const parse = async (): Promise<ProceedingRecord[]> =>
  (await parseFixture(ttabXml, FILE)).map((item) => {
    if (!item.ok) throw new Error(item.reason);
    return item.record;
  });

describe('ttab-xml', () => {
  it('is detected from the document element after the internal DTD, and no other adapter claims it', () => {
    expect(text.indexOf('<ttab-proceedings>')).toBeGreaterThan(4000);
    expect(detectAdapter(text.slice(0, 65536), undefined, FILE).name).toBe('ttab-xml');
    const dtdOnly = text.slice(0, text.indexOf(']>') + 2);
    expect(() => detectAdapter(dtdOnly, undefined, 'dtd.xml')).toThrow(/unknown layout/);
  });

  it('reads number, type, dates, status, parties with their marks, and the prosecution history', async () => {
    const list = await parse();
    expect(list.map((p) => [p.number, p.type_code, p.status_code])).toEqual([
      ['88425659', 'EXA', '2'],
      ['90395896', 'EXT', '1'],
      ['91264142', 'OPP', '2'],
      ['91281805', 'OPP', '8'],
      ['92081284', 'CAN', '2'],
      ['97006280', 'EXT', '9'],
    ]);
    const opp = list.find((p) => p.number === '91264142')!;
    expect(opp).toMatchObject({ filing_date: '2020-07-30', status_update_date: '2022-10-05', interlocutory_attorney: 'YONG OH (RICHARD) KIM' });
    expect(opp.parties.map((p) => [p.role, p.name])).toEqual([
      ['defendant', 'MarMar Copenhagen ApS'],
      ['plaintiff', 'PocketWatch, Inc.'],
    ]);
    // The board's "0" registration number is no number.
    expect(opp.parties[0]!.properties).toEqual([
      { trademark_id: trademarkId('US', '79268185'), application_number: '79268185', registration_number: null, mark_text: 'MARMAR COPENHAGEN' },
    ]);
    expect(opp.parties[1]!.addresses[0]).toMatchObject({ organization: 'LAW OFFICE OF VICTOR SAPPHIRE', city: 'LOS ANGELES', country_code: 'US' });
    expect(opp.prosecution_history.at(-1)).toEqual({ code: '142', type_code: 'N', date: '2022-12-31', due_date: null, text: 'W/DRAW OF OPPOSITION' });
    const can = list.find((p) => p.number === '92081284')!;
    expect(can.parties.find((p) => p.role === 'defendant')!.properties[0]).toMatchObject({ application_number: '90777661', registration_number: '6785626', mark_text: 'PIN ZONE' });
  });

  it('a day without data (data-available-code) reads as no records, not as an error', async () => {
    const empty = `${text.slice(0, text.indexOf('<proceeding-information>'))}<proceeding-information><data-available-code>N</data-available-code></proceeding-information></ttab-proceedings>`;
    expect(await parseString(ttabXml, empty, 'empty.xml')).toEqual([]);
  });

  it('a truncated file is an input error naming the file', async () => {
    const cut = text.slice(0, text.indexOf('<number>91281805'));
    await expect(parseString(ttabXml, cut, 'cut.xml')).rejects.toThrow(/cut\.xml: not well-formed USPTO TTAB proceedings XML/);
  });

  it('an entry without a number is reported and skipped, the rest read', async () => {
    const broken = text.replace('<number>91264142</number>', '');
    const items = await parseString(ttabXml, broken, 'x.xml');
    expect(items.filter((i) => !i.ok)).toEqual([{ ok: false, recordNumber: 3, reason: 'proceeding-entry has no number' }]);
    expect(items.filter((i) => i.ok)).toHaveLength(5);
  });
});

describe('status from proceedings', () => {
  const proceedings = async () => parse();
  const baddie = () =>
    makeRecord({ application_number: '90795850', mark_text: 'REAL ESTATE BADDIE', source_date: '2022-11-01', status: { primary: 'pending', stage: 'published', challenges: [] } });

  it('an open opposition against the mark adds the opposition challenge and stage', async () => {
    const next = statusAfterProceedings(baddie(), await proceedings());
    expect(next?.status).toMatchObject({ challenges: ['opposition'], stage: 'opposition_pending', effective_date: '2022-11-16', basis: 'event_derived' });
    expect(next?.source_date).toBe('2022-12-27');
  });

  it('the plaintiff\'s pleaded mark is not challenged, and an office record as new as the proceeding wins', async () => {
    const pleaded = makeRecord({ application_number: '97054065', source_date: '2022-01-01', status: { primary: 'pending', stage: 'published' } });
    expect(statusAfterProceedings(pleaded, await proceedings())).toBeNull();
    expect(statusAfterProceedings({ ...baddie(), source_date: '2022-12-27' }, await proceedings())).toBeNull();
  });

  it('a terminated opposition drops the challenge', async () => {
    const all = await proceedings();
    const ended = all.map((p) => (p.number === '91281805' ? { ...p, status_code: '9', status_update_date: '2023-02-01' } : p));
    const opposed = { ...baddie(), source_date: '2022-12-28', status: { ...baddie().status, stage: 'opposition_pending', challenges: ['opposition'] } };
    expect(statusAfterProceedings(opposed, ended)?.status).toMatchObject({ challenges: [], stage: 'opposition_terminated' });
  });

  it('a pending cancellation marks a registration', async () => {
    const pin = makeRecord({ application_number: '90777661', registration_number: '6785626', source_date: '2022-06-01', status: { primary: 'active', stage: 'registered' } });
    expect(statusAfterProceedings(pin, await proceedings())?.status).toMatchObject({ challenges: ['cancellation'], stage: 'cancellation_pending' });
  });
});

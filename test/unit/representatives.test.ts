// Attorney and firm resolution from a record's attorney, correspondent and representative entries,
// on the entries real office files carry (USPTO daily XML and TSDR ST.96, EUIPO, PRH): one person
// in several roles is one attorney, the firm is found wherever the office wrote it, a firm named
// as representative is only a firm, and spellings of one name share one id.
import { describe, expect, it } from 'vitest';
import { makeAddress } from '../../src/ingest/adapters/common.js';
import { attorneyId, firmId, isFirmName, resolveRepresentatives } from '../../src/core/representatives.js';
import type { Attorney } from '../../src/core/schemas/parts.js';

const attorney = (name: string, firm: string | null = null): Attorney => ({ name, firm, role: 'attorney', address: null });
const corr = (name: string, lines: string[] = [], firm: string | null = null): Attorney => ({
  name,
  firm,
  role: 'correspondent',
  address: makeAddress({ lines, formatted: [name, ...lines].join(', ') }),
});
const rep = (name: string): Attorney => ({ name, firm: null, role: 'representative', address: null });
const summary = (entries: Attorney[]) => resolveRepresentatives(entries).map((l) => [l.kind, l.name, l.firm_id]);

describe('resolveRepresentatives', () => {
  it('takes the firm after the attorney on the correspondent line (USPTO daily XML 75932504)', () => {
    expect(summary([attorney('Deborah K. Squiers'), corr('Deborah K. Squiers COWAN LIEBOWITZ & LATMAN PC', ['114 West 47th Street'])])).toEqual([
      ['attorney', 'Deborah K. Squiers', firmId('COWAN LIEBOWITZ & LATMAN PC')],
      ['firm', 'COWAN LIEBOWITZ & LATMAN PC', null],
    ]);
    // "Esq." between name and firm is neither (98186103).
    expect(summary([attorney('Joshua Noffke, Esq.'), corr('Joshua Noffke, Esq. Noffke Law', ['975 E. Maple Road'])])).toEqual([
      ['attorney', 'Joshua Noffke, Esq.', firmId('Noffke Law')],
      ['firm', 'Noffke Law', null],
    ]);
  });

  it('takes the firm from the first address line when the correspondent is the attorney alone (87310367)', () => {
    const links = resolveRepresentatives([attorney('Jim H. Salter'), corr('JIM H. SALTER', ['INVENTIVE PATENT LAW P.C.', '2280 EAST BIDWELL ST. #214'])]);
    expect(links.map((l) => [l.kind, l.name])).toEqual([['attorney', 'Jim H. Salter'], ['firm', 'INVENTIVE PATENT LAW P.C.']]);
    expect(links[0]!.party_id).toBe(attorneyId('JIM H. SALTER'));
    // A street is not a firm (60146682).
    expect(summary([corr('Marcellus H. Thompson', ['501 FIFTH AVENUE', 'NEW YORK, NY 90015'])])).toEqual([['attorney', 'Marcellus H. Thompson', null]]);
  });

  it('uses the firm field of ST.96 and places each attorney at their own firm when a record names two (78002299)', () => {
    const links = resolveRepresentatives([attorney('Andrew Roppel'), corr('Andrew Roppel', [], 'Holland & Hart LLP'), rep('WHITEFORD, TAYLOR & PRESTON, L.L.P.')]);
    expect(links.map((l) => [l.kind, l.name, l.firm_id])).toEqual([
      ['attorney', 'Andrew Roppel', firmId('Holland & Hart LLP')],
      ['firm', 'Holland & Hart LLP', null],
      ['firm', 'WHITEFORD, TAYLOR & PRESTON, L.L.P.', null],
    ]);
  });

  it('reads a representative as a firm or a person by its name (EUIPO, PRH)', () => {
    expect(summary([rep('MARKS & CLERK LLP')])).toEqual([['firm', 'MARKS & CLERK LLP', null]]);
    expect(summary([rep('ELZABURU')])).toEqual([['firm', 'ELZABURU', null]]);
    expect(summary([rep('Alessandro Biraghi')])).toEqual([['attorney', 'Alessandro Biraghi', null]]);
    expect(firmId('Kolster Oy Ab')).toBe(firmId('Oy Kolster Ab'));
    expect(attorneyId('Joshua Noffke, Esq.')).toBe(attorneyId('JOSHUA NOFFKE'));
    expect(attorneyId('Jim H. Salter')).not.toBe(attorneyId('Jim Salter'));
  });

  it('tells firm names from people and streets', () => {
    for (const firm of ['Advokatbyrån Gulliksson AB', 'PRINZ & PARTNER MBB PATENT- UND RECHTSANWÄLTE', 'Law Office of Stuart A. Heller', 'RatnerPrestia', 'HAYNES AND BOONE, LLP']) {
      expect(isFirmName(firm), firm).toBe(true);
    }
    for (const other of ['Mary Catherine Merz', 'RUPERT J. BRADY', '300 Constitution Dr', 'One New York Plaza', '平井　安雄']) {
      expect(isFirmName(other), other).toBe(false);
    }
  });
});

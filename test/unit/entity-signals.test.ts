// Entity-resolution signals beside the name: country for generic names, address keys, near names,
// and their incremental use on ingest (a near name at the same address or on the same mark joins
// the entity seen first, recorded as a merge). Names and addresses are the real ones of the USPTO
// and TSDR fixtures; the misspelt variants are made up, since the real data holds none.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { entityId } from '../../src/core/entity-key.js';
import { addressKey, baseEntityId, isGenericName, nearNames } from '../../src/core/entity-signals.js';
import type { Address, Owner } from '../../src/core/schemas/parts.js';
import { makeRecord, tempContext, type TempContext } from '../helpers/factory.js';
import { sqliteDb } from '../../src/store/sqlite/store.js';

const addr = (lines: string[], city: string, postal: string | null, country = 'US'): Address => ({ lines, city, region: null, postal_code: postal, country_code: country, formatted: null });

describe('signals', () => {
  it('a name of trade words only, or an initialism, is generic', () => {
    expect(isGenericName('global trading')).toBe(true);
    expect(isGenericName('itt')).toBe(true);
    expect(isGenericName('international brands')).toBe(true);
    expect(isGenericName('carboline international')).toBe(false);
    expect(isGenericName('apple')).toBe(false);
  });

  it('country splits a generic name and leaves any other name to its key', () => {
    expect(baseEntityId('GLOBAL TRADING LTD', 'GB')).not.toBe(baseEntityId('Global Trading, Inc.', 'US'));
    expect(baseEntityId('GLOBAL TRADING LTD', 'GB')).toBe(baseEntityId('Global Trading Limited', 'GB'));
    expect(baseEntityId('GLOBAL TRADING LTD', null)).toBe(entityId('GLOBAL TRADING LTD'));
    expect(baseEntityId('Apple Inc.', 'US')).toBe(entityId('APPLE INC.'));
    expect(baseEntityId('MySQL AB', 'SE')).toBe(baseEntityId('MySQL AB', 'US'));
  });

  it('address keys fold street spellings and need a numbered street and a postal code or city', () => {
    // ITT CORPORATION and ITT INDUSTRIES, INC. (daily XML, B & G): one address.
    expect(addressKey(addr(['4 WEST RED OAK LANE'], 'WHITE PLAINS', '10604'), 'US')).toBe(addressKey(addr(['4 West Red Oak Ln.'], 'White Plains', '10604'), 'US'));
    // BELL & GOSSETT COMPANY and FLUID HANDLING LLC: same street, postal codes differ.
    const bg = addressKey(addr(['8200 N. AUSTIN AVE.'], 'MORTON GROVE', '10003'), 'US');
    expect(bg).not.toBe(addressKey(addr(['8200 N. AUSTIN AVENUE'], 'MORTON GROVE', '60053'), 'US'));
    expect(bg).toBe('8200 n austin ave|10003|US');
    // MEMPHIS ATHLETIC CAMPUS FOUNDATION's placeholder address identifies nothing.
    expect(addressKey(addr(['xxx', 'xxx'], 'xxxxx', '11111'), 'US')).toBeNull();
    expect(addressKey(null, 'US')).toBeNull();
  });

  it('near names differ by a slip of spelling, not by a word', () => {
    expect(nearNames('sun microsystem', 'sun microsystems')).toBe(true);
    expect(nearNames('itt', 'itt industries')).toBe(false);
    expect(nearNames('carboline', 'carboline international')).toBe(false);
    expect(nearNames('meadwestvaco', 'westvaco')).toBe(false);
    expect(nearNames('carboline international', 'celanese international')).toBe(false);
  });
});

describe('signals on ingest', () => {
  let t: TempContext;
  beforeEach(() => {
    t = tempContext();
  });
  afterEach(async () => {
    await t.cleanup();
  });

  const owner = (name: string, address: Address | null, role = 'owner'): Owner => ({
    owner_id: `own_${name.toLowerCase().replace(/[^a-z]/g, '')}`, entity_id: null, name, entity_type: null, nationality: null, role, address,
  });
  const put = async (number: string, ...owners: Owner[]) => t.ctx.store.trademarks.upsert([makeRecord({ application_number: number, owners })], '2026-01-01T00:00:00.000Z');
  const entityOf = (name: string): string[] =>
    sqliteDb(t.ctx.store).prepare('SELECT DISTINCT entity_id FROM trademark_owners WHERE name = ?').pluck().all(name) as string[];

  it('a near name at the same address joins the entity seen first, which the other id redirects to', async () => {
    const sun = addr(['4150 NETWORK CIRCLE'], 'SANTA CLARA', '95054');
    await put('75000001', owner('Sun Microsystems, Inc.', sun));
    await put('75000002', owner('Sun Microsystem Inc', addr(['4150 Network Circle'], 'Santa Clara', '95054')));
    await put('75000003', owner('Sun Microsystem Inc', addr(['2550 Garcia Avenue'], 'Mountain View', '94043')));
    expect(entityOf('Sun Microsystem Inc')).toEqual([entityId('Sun Microsystems, Inc.')]);
    expect(await t.ctx.store.entities.mergedInto(entityId('Sun Microsystem Inc'))).toBe(entityId('Sun Microsystems, Inc.'));
    expect(sqliteDb(t.ctx.store).prepare('SELECT reason FROM entity_merges').pluck().all()).toEqual(['address']);
  });

  it('a near name on the same mark joins; names a word apart stay apart even at one address', async () => {
    await put('75000004', owner('Luxcel Biosciences Limited', null), owner('Luxcell Biosciences Limited', null, 'previous_owner'));
    expect(entityOf('Luxcell Biosciences Limited')).toEqual(entityOf('Luxcel Biosciences Limited'));
    const itt = addr(['4 WEST RED OAK LANE'], 'WHITE PLAINS', '10604');
    await put('75000005', owner('ITT CORPORATION', itt), owner('ITT INDUSTRIES, INC.', itt, 'previous_owner'));
    expect(entityOf('ITT CORPORATION')).not.toEqual(entityOf('ITT INDUSTRIES, INC.'));
  });

  it('a generic name filed from two countries is two entities', async () => {
    await put('75000006', owner('GLOBAL TRADING LTD', addr(['1 High Street'], 'London', 'EC1A 1AA', 'GB')));
    await put('75000007', owner('Global Trading, Inc.', addr(['100 Main St'], 'Austin', '78701', 'US')));
    expect(entityOf('GLOBAL TRADING LTD')).not.toEqual(entityOf('Global Trading, Inc.'));
  });
});

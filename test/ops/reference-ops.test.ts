import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { TmError } from '../../src/errors.js';
import { ADAPTER_LIST } from '../../src/ingest/adapters/index.js';
import type { OpDefinition } from '../../src/ops/define-op.js';
import { getStats } from '../../src/ops/get-stats.js';
import { listDesignCodes } from '../../src/ops/list-design-codes.js';
import { listEventTypes } from '../../src/ops/list-event-types.js';
import { listJurisdictions } from '../../src/ops/list-jurisdictions.js';
import { listNiceClasses } from '../../src/ops/list-nice-classes.js';
import { listOffices } from '../../src/ops/list-offices.js';
import { listStatusCodes } from '../../src/ops/list-status-codes.js';
import { statusCodeTables } from '../../src/ops/reference/data.js';
import { searchClassifications } from '../../src/ops/search-classifications.js';
import { findOperation } from '../../src/ops/registry.js';
import { makeRecord, tempContext, type TempContext } from '../helpers/factory.js';

let t: TempContext;
beforeEach(() => {
  t = tempContext();
});
afterEach(async () => {
  await t.cleanup();
});

/** Runs an op as a surface would: input parsed by its schema, output checked against its schema. */
const call = async <I extends z.ZodTypeAny, O extends z.ZodTypeAny>(op: OpDefinition<I, O>, raw: unknown = {}): Promise<z.infer<O>> => {
  const output = await op.run(t.ctx, op.input.parse(raw));
  return op.output.parse(output);
};

const errorOf = async (promise: Promise<unknown>): Promise<TmError> => {
  try {
    await promise;
  } catch (err) {
    if (err instanceof TmError) return err;
    throw err;
  }
  throw new Error('expected a TmError');
};

describe('reference operations are registered as read-only reference calls', () => {
  it.each(['list_offices', 'list_status_codes', 'list_event_types', 'list_nice_classes', 'search_classifications', 'list_design_codes', 'list_jurisdictions'])(
    '%s',
    (name) => {
      const op = findOperation(name);
      expect(op).toMatchObject({ scope: 'trademarks:read', meter: 'reference', readOnly: true });
      expect(op?.input.safeParse({ no_such_param: 1 }).success).toBe(false);
    },
  );

  it('serves the office catalog at both spec paths', () => {
    expect(listOffices.http).toEqual({ method: 'GET', path: '/v1/reference/offices', aliases: ['/v1/offices'] });
  });
});

describe('list_offices', () => {
  it('lists the 11 production offices, none synced on a new store', async () => {
    const out = await call(listOffices);
    expect(out).toMatchObject({ object: 'list', has_more: false, pagination: { cursor: null } });
    expect(out.data).toHaveLength(11);
    expect(out.data.every((o) => o.production && o.last_successful_sync === null && o.records_synced === 0)).toBe(true);
  });

  it('reports only formats an ingest adapter reads, and NDJSON for every office', async () => {
    const readable = new Set(ADAPTER_LIST.map((a) => a.name));
    for (const office of (await call(listOffices)).data) {
      expect(office.formats).toContain('ndjson');
      expect(office.formats.every((f) => readable.has(f))).toBe(true);
    }
  });

  it('carries last_successful_sync from the store, and lists an office seen only in data', async () => {
    await t.ctx.store.offices.recordSync(new Map([['US', 11], ['FI', 10]]), '2026-11-22T06:00:00.000Z');
    await t.ctx.store.offices.recordSync(new Map([['US', 4]]), '2026-11-22T07:30:00.000Z');
    const out = await call(listOffices);
    expect(out.data.find((o) => o.code === 'US')).toMatchObject({
      last_successful_sync: '2026-11-22T07:30:00.000Z',
      records_synced: 15,
      production: true,
    });
    expect(out.data.find((o) => o.code === 'EM')?.last_successful_sync).toBeNull();
    expect(out.data.at(-1)).toMatchObject({ code: 'FI', name: 'FINLAND', production: false, kind: null, formats: [] });
  });

  it('filters by kind', async () => {
    const regional = await call(listOffices, { kind: 'regional' });
    expect(regional.data.map((o) => o.code).sort()).toEqual(['BX', 'EM']);
    expect((await call(listOffices, { kind: 'international' })).data.map((o) => o.code)).toEqual(['WO']);
  });
});

describe('list_status_codes', () => {
  it('lists every code of every office table, page by page, with verbatim labels and mapped status', async () => {
    const first = await call(listStatusCodes);
    expect(first.data).toHaveLength(100);
    expect(first.has_more).toBe(true);
    const rest = await call(listStatusCodes, { cursor: first.pagination.cursor!, limit: 500 });
    expect(rest.has_more).toBe(false);
    const expected = [...statusCodeTables().values()].reduce((n, table) => n + table.codes.length, 0);
    const all = [...first.data, ...rest.data];
    expect(all).toHaveLength(expected);
    expect(new Set(all.map((r) => `${r.office_code}:${r.code}`)).size).toBe(expected);
    for (const row of all) {
      expect(row.raw.code).toBe(row.code);
      expect(row.raw.label === null || row.raw.label.length > 0).toBe(true);
    }
  });

  it('decodes the USPTO table: all 169 codes, 800 registered and renewed', async () => {
    const us = await call(listStatusCodes, { office_code: 'us', limit: 500 });
    expect(us.data).toHaveLength(169);
    expect(us.data.every((r) => r.office_code === 'US')).toBe(true);
    expect(us.data.find((r) => r.code === '800')).toMatchObject({
      raw: { code: '800', label: expect.stringMatching(/REGISTERED AND RENEWED/) },
      status: { primary: 'active' },
    });
  });

  it('filters by mapped primary status', async () => {
    const dead = await call(listStatusCodes, { office_code: 'US', primary: 'inactive', limit: 500 });
    expect(dead.data.length).toBeGreaterThan(0);
    expect(dead.data.every((r) => r.status.primary === 'inactive')).toBe(true);
  });

  it('gives an empty list for a real office without a table, and a 400 for an unknown code', async () => {
    expect((await call(listStatusCodes, { office_code: 'FR' })).data).toEqual([]);
    const err = await errorOf(call(listStatusCodes, { office_code: 'XQ' }));
    expect(err).toMatchObject({ type: 'validation_error', param: 'office_code', status: 400 });
    expect((await errorOf(call(listStatusCodes, { office_code: 'USA' }))).type).toBe('validation_error');
  });
});

describe('list_event_types', () => {
  it('lists the USPTO event codes, filtered by office and code', async () => {
    const all = await call(listEventTypes, { office_code: 'US' });
    expect(all.data.length).toBe(901);
    const pubo = await call(listEventTypes, { office_code: 'US', code: 'pubo' });
    expect(pubo.data).toEqual([
      { object: 'event_type', office_code: 'US', code: 'PUBO', label: 'PUBLISHED FOR OPPOSITION', office_category: expect.any(String) },
    ]);
  });

  it('answers an unknown office with a 400 and a known one without codes with an empty list', async () => {
    expect((await errorOf(call(listEventTypes, { office_code: 'ZZ' }))).type).toBe('validation_error');
    expect((await call(listEventTypes, { office_code: 'fr' })).data).toEqual([]);
  });
});

describe('Nice classification', () => {
  it('lists the 45 classes and one class on request', async () => {
    expect((await call(listNiceClasses)).data).toHaveLength(45);
    const nine = await call(listNiceClasses, { class: 9 });
    expect(nine.data).toHaveLength(1);
    expect(nine.data[0]).toMatchObject({ object: 'nice_class', number: 9, kind: 'goods', edition: '13-2026' });
    expect((await call(listNiceClasses, { kind: 'services' })).data.map((c) => c.number)).toEqual([35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45]);
  });

  it('searches terms in the earlier shape, with class, term and basic number', async () => {
    const out = await call(searchClassifications, { q: 'acetone' });
    expect(out.success).toBe(true);
    expect(out.results[0]).toMatchObject({ class: 1, term: 'acetone', basic_number: '010011', match: 'exact' });
    expect(out.results[0]?.class_heading).toMatch(/^Chemicals/);
  });

  it('pages with a cursor that belongs to its query', async () => {
    const first = await call(searchClassifications, { q: 'software', limit: 3 });
    expect(first.results).toHaveLength(3);
    expect(first.pagination.has_more).toBe(true);
    const cursor = first.pagination.next_cursor ?? '';
    const second = await call(searchClassifications, { q: 'software', limit: 3, cursor });
    expect(second.results[0]?.basic_number).not.toBe(first.results[0]?.basic_number);
    const all = await call(searchClassifications, { q: 'software', limit: 100 });
    expect([...first.results, ...second.results].map((r) => r.basic_number)).toEqual(all.results.slice(0, 6).map((r) => r.basic_number));
    expect((await errorOf(call(searchClassifications, { q: 'beer', cursor }))).type).toBe('cursor_invalid');
  });

  it('restricts to a class and rejects a one-character query', async () => {
    const out = await call(searchClassifications, { q: 'cases', class: 18, limit: 100 });
    expect(out.results.length).toBeGreaterThan(0);
    expect(out.results.every((r) => r.class === 18)).toBe(true);
    expect(searchClassifications.input.safeParse({ q: 'a' }).success).toBe(false);
  });
});

describe('list_design_codes', () => {
  it('lists a code and its subdivisions in either notation', async () => {
    const dotted = await call(listDesignCodes, { code: '01.01' });
    expect(dotted.data[0]).toMatchObject({ object: 'design_code', system: 'vienna', code: '01.01', label: 'STARS; COMETS' });
    expect(dotted.data.every((c) => c.code === '01.01' || c.code.startsWith('01.01.'))).toBe(true);
    expect((await call(listDesignCodes, { code: '0101' })).data).toEqual(dotted.data);
  });

  it('pages through all 2,028 codes and finds labels by word', async () => {
    let cursor: string | undefined;
    let seen = 0;
    do {
      const page = await call(listDesignCodes, { limit: 500, ...(cursor ? { cursor } : {}) });
      seen += page.data.length;
      cursor = page.pagination.cursor ?? undefined;
      expect(page.has_more).toBe(cursor !== undefined);
    } while (cursor);
    expect(seen).toBe(2028);
    const stars = await call(listDesignCodes, { q: 'star', level: 'section' });
    expect(stars.data.some((c) => c.code === '01.01.01')).toBe(true);
    expect(stars.data.every((c) => c.level === 'section' && /star/i.test(c.label))).toBe(true);
  });

  it('rejects a malformed code', async () => {
    expect((await errorOf(call(listDesignCodes, { code: '26-01' }))).type).toBe('validation_error');
  });
});

describe('list_jurisdictions', () => {
  it('returns the earlier-shape jurisdiction objects in a success/data envelope', async () => {
    const out = await call(listJurisdictions);
    expect(out.success).toBe(true);
    expect(out.data.jurisdictions).toHaveLength(11);
    expect(out.data.jurisdictions.find((j) => j.code === 'EM')).toMatchObject({ abbreviation: 'EUIPO', type: 'regional' });
    expect(Object.keys(out.data.jurisdictions[0] ?? {}).sort()).toEqual(
      ['abbreviation', 'code', 'name', 'search_tool', 'supported_features', 'type', 'website'],
    );
  });
});

describe('get_stats', () => {
  it('counts trademarks by office and status', async () => {
    expect(await call(getStats)).toEqual({ object: 'stats', total: 0, by_status: {}, by_office: [] });
    await t.ctx.store.trademarks.upsert(
      [
        makeRecord({ office_code: 'US', application_number: '1', status: { primary: 'active', stage: 'registered' } }),
        makeRecord({ office_code: 'US', application_number: '2', status: { primary: 'active', stage: 'registered' } }),
        makeRecord({ office_code: 'US', application_number: '3' }),
        makeRecord({ office_code: 'EM', application_number: '4', status: { primary: 'inactive', stage: 'expired' } }),
      ],
      '2026-11-22T12:00:00.000Z',
    );
    await t.ctx.store.offices.recordSync(new Map([['US', 3]]), '2026-11-22T12:00:00.000Z');
    const out = await call(getStats);
    expect(out.total).toBe(4);
    expect(out.by_status).toEqual({ active: 2, pending: 1, inactive: 1 });
    expect(out.by_office).toEqual([
      { office_code: 'US', name: 'United States Patent and Trademark Office', total: 3, by_status: { active: 2, pending: 1 }, last_successful_sync: '2026-11-22T12:00:00.000Z' },
      { office_code: 'EM', name: 'European Union Intellectual Property Office', total: 1, by_status: { inactive: 1 }, last_successful_sync: null },
    ]);
  });
});

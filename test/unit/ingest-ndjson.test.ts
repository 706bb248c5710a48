// The NDJSON adapter: defaults for minimal rows, full current-shape rows, per-line errors, and the
// fast path agreeing with the zod schema on every variant.
import { describe, expect, it } from 'vitest';
import { ownerId, trademarkId } from '../../src/core/ids.js';
import { TrademarkRecord } from '../../src/core/schemas/trademark.js';
import { ndjson } from '../../src/ingest/adapters/ndjson.js';
import { TmError } from '../../src/errors.js';
import { parseString } from './ingest-helpers.js';

const line = (value: unknown) => JSON.stringify(value);

describe('NDJSON adapter', () => {
  it('fills defaults for a minimal row and computes the id', async () => {
    const [item] = await parseString(ndjson, line({ office_code: 'GB', application_number: 'UK00003456789', mark_text: 'ACME' }));
    expect(item!.ok).toBe(true);
    if (!item!.ok) return;
    const r = item!.record;
    expect(() => TrademarkRecord.parse(r)).not.toThrow();
    expect(r.id).toBe(trademarkId('GB', 'UK00003456789'));
    expect(r).toMatchObject({
      object: 'trademark',
      mark_text: 'ACME',
      registration_number: null,
      owners: [],
      classifications: [],
      events: [],
      source_format: 'ndjson',
      status: { primary: 'unknown', stage: 'unknown', challenges: [], basis: 'office', raw: null },
    });
  });

  it('keeps a full current-shape row, ignoring derived keys and recomputing the id', async () => {
    const row = {
      id: 'tm_wrong',
      office_code: 'US',
      application_number: '97123456',
      mark_text: 'LEXUS',
      status: { primary: 'active', stage: 'registered', raw: { code: '700', label: 'REGISTERED' } },
      registration_date: '2020-01-07',
      owners: [{ name: 'Toyota Jidosha Kabushiki Kaisha', nationality: 'JP' }],
      classifications: [{ nice_class: 12, goods_services: 'Automobiles' }],
      events: [{ date: '2020-01-07', raw: { code: 'R.PR', label: 'REGISTERED-PRINCIPAL REGISTER' }, description: null }],
      derived: { expiry_date: '2030-01-07' },
      relevance_score: 99,
    };
    const [item] = await parseString(ndjson, line(row));
    if (!item!.ok) throw new Error(item!.reason);
    const r = item!.record;
    expect(r.id).toBe(trademarkId('US', '97123456'));
    expect(r.status).toMatchObject({ primary: 'active', stage: 'registered', raw: { code: '700' }, challenges: [] });
    expect(r.owners[0]).toMatchObject({
      owner_id: ownerId('US', 'Toyota Jidosha Kabushiki Kaisha', 'JP'),
      entity_id: null,
      entity_type: null,
      address: null,
    });
    expect(r.classifications[0]).toEqual({
      nice_class: 12,
      goods_services: 'Automobiles',
      class_status: null,
      first_use_date: null,
      first_use_in_commerce_date: null,
      office_classes: [],
    });
    expect(r.events[0]!.office_code).toBe('US');
    expect(r).not.toHaveProperty('derived');
    expect(r).not.toHaveProperty('relevance_score');
  });

  it('reports bad lines with their line number and reason, and goes on', async () => {
    const text = [
      line({ office_code: 'US', application_number: '1', mark_text: 'ONE' }),
      '',
      line({ office_code: 'us', application_number: '2', mark_text: 'TWO' }),
      '{"office_code": "US", "application_number": "3", "mark_text": ',
      line({ office_code: 'US', application_number: '4' }),
      line({ office_code: 'US', application_number: '5', mark_text: 'FIVE', filing_date: '2020-13-45x' }),
      line({ office_code: 'US', application_number: '6', mark_text: null }),
    ].join('\n');
    const items = await parseString(ndjson, text);
    expect(items.map((i) => [i.recordNumber, i.ok])).toEqual([
      [1, true],
      [3, false],
      [4, false],
      [5, false],
      [6, false],
      [7, true],
    ]);
    const reasons = items.filter((i) => !i.ok).map((i) => (i.ok ? '' : i.reason));
    expect(reasons[0]).toMatch(/office_code/);
    expect(reasons[1]).toMatch(/not JSON/);
    expect(reasons[2]).toMatch(/mark_text/);
    expect(reasons[3]).toMatch(/filing_date/);
  });

  it('throws input_error when the file is not NDJSON at all', async () => {
    await expect(parseString(ndjson, '<?xml version="1.0"?><a/>', 'x.xml')).rejects.toSatisfy(
      (e: unknown) => e instanceof TmError && e.type === 'input_error' && e.message.startsWith('x.xml: not NDJSON'),
    );
  });
});

describe('NDJSON fast path', () => {
  const full = {
    id: 'tm_x',
    object: 'trademark',
    office_code: 'EM',
    application_number: '018104729',
    registration_number: '018104729',
    mark_text: 'Encastre',
    mark_type: 'word',
    disclaimer: null,
    status: { primary: 'active', stage: 'registered', reason: null, challenges: [], effective_date: '2024-08-12', basis: 'office', raw: { code: 'REGISTERED', label: 'Registered' } },
    register: { type: 'principal', acquired_distinctiveness: 'partial', is_incontestable: null, standard_characters_claimed: true },
    filing_date: '2024-02-14',
    expiry_date: '2034-02-14',
    designations: ['DE', 'FR'],
    territory_count: 2,
    owners: [
      { owner_id: 'own_522e872b4523c2cfe349', entity_id: null, name: 'Owt S.r.l.', entity_type: 'corporation', nationality: 'IT', role: 'registrant', address: { lines: ['8168 Market Street'], city: 'Rome', region: null, postal_code: '00184', country_code: 'IT', formatted: null } },
      { name: 'Second Owner', address: { city: 'Milan', country_code: 'IT' } },
    ],
    attorneys: [{ name: 'Studio X', role: 'representative', address: { lines: [], city: null, region: null, postal_code: null, country_code: null, formatted: 'Via Roma 1' } }],
    classifications: [{ nice_class: 21, goods_services: 'Basting brushes', office_classes: [] }, { goods_services: 'x' }],
    design_codes: [{ system: 'vienna', code: '26.04.02' }],
    media: [{ kind: 'image', url: null, drawing_code: null, design_codes: [{ system: 'vienna', code: '26.04.02', edition: '9' }] }],
    events: [{ date: '2024-08-12', raw: { code: 'REG', label: null }, description: 'Registered', extra: 1 }],
    source_date: '2026-10-31',
    derived: { anything: true },
  };
  const variants: Record<string, unknown> = {
    full,
    minimal: { office_code: 'US', application_number: '1', mark_text: null },
    badOffice: { ...full, office_code: 'EMX' },
    badDate: { ...full, filing_date: '2024-2-14' },
    badNice: { ...full, classifications: [{ nice_class: 46 }] },
    badRole: { ...full, attorneys: [{ name: 'A', role: 'agent' }] },
    rawWithoutLabel: { ...full, status: { raw: { code: '700' } } },
    nullStatus: { ...full, status: null },
    mediaWithoutEdition: { ...full, media: [{ kind: 'image', url: null, drawing_code: null, design_codes: [{ system: 'vienna', code: '1' }] }] },
    missingMarkText: { office_code: 'US', application_number: '1' },
    fractionalTerritories: { ...full, territory_count: 1.5 },
    entityWrongPrefix: { ...full, owners: [{ name: 'A', entity_id: 'own_1' }] },
    registerMissingKey: { ...full, register: { type: 'principal' } },
  };

  it.each(Object.keys(variants))('%s: the fast path agrees with the zod schema', async (name) => {
    const { fastRecord } = await import('../../src/ingest/adapters/ndjson-fast.js');
    const { zodRecord } = await import('../../src/ingest/adapters/ndjson.js');
    const value = variants[name];
    const fast = fastRecord(value);
    const reference = zodRecord(value);
    if (typeof reference === 'string') expect(fast).toBeNull();
    else expect(fast).toEqual(reference);
  });

  it('takes the fast path for well-formed rows', async () => {
    const { fastRecord } = await import('../../src/ingest/adapters/ndjson-fast.js');
    expect(fastRecord(full)).not.toBeNull();
    expect(fastRecord(variants['minimal'])).not.toBeNull();
  });
});

// Builds valid TrademarkRecords and temporary stores/contexts for tests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createContext, type Context } from '../../src/context.js';
import { trademarkId } from '../../src/core/ids.js';
import { TrademarkRecord } from '../../src/core/schemas/trademark.js';

type Overrides = Partial<Omit<TrademarkRecord, 'status'>> & { status?: Partial<TrademarkRecord['status']> };

export const makeRecord = (overrides: Overrides = {}): TrademarkRecord => {
  const office = overrides.office_code ?? 'US';
  const number = overrides.application_number ?? '90000001';
  const { status, ...rest } = overrides;
  return TrademarkRecord.parse({
    id: trademarkId(office, number),
    object: 'trademark',
    office_code: office,
    application_number: number,
    registration_number: null,
    mark_text: 'EXAMPLE',
    mark_type: 'word',
    disclaimer: null,
    register: null,
    filing_date: '2020-01-15',
    registration_date: null,
    publication_date: null,
    expiry_date: null,
    renewal_due_date: null,
    last_renewal_date: null,
    priority_date: null,
    protection_effective_date: null,
    ir_number: null,
    ir_date: null,
    designations: [],
    territory_count: null,
    owners: [],
    attorneys: [],
    classifications: [],
    design_codes: [],
    media: [],
    events: [],
    source_format: 'test',
    source_date: '2024-01-01',
    ...rest,
    status: {
      primary: 'pending',
      stage: 'filed',
      reason: null,
      challenges: [],
      effective_date: null,
      basis: 'office',
      raw: null,
      ...status,
    },
  });
};

export interface TempContext {
  ctx: Context;
  dir: string;
  cleanup: () => Promise<void>;
}

/** A context on a fresh SQLite file in a temporary folder, with the clock fixed. */
export const tempContext = (now = '2026-11-22T12:00:00.000Z'): TempContext => {
  const dir = mkdtempSync(join(tmpdir(), 'tm-test-'));
  const ctx = createContext({ db: join(dir, 'tm.db'), now });
  return {
    ctx,
    dir,
    cleanup: async () => {
      await ctx.store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

// Builds valid TrademarkRecords and temporary stores/contexts for tests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createContext, type Context } from '../../src/context.js';
import { TrademarkRecord } from '../../src/core/schemas/trademark.js';
import { emptyRecord } from '../../src/core/empty-record.js';
import { releaseLocation, storeLocation } from './test-backend.js';

type Overrides = Partial<Omit<TrademarkRecord, 'status'>> & { status?: Partial<TrademarkRecord['status']> };

export const makeRecord = (overrides: Overrides = {}): TrademarkRecord => {
  const office = overrides.office_code ?? 'US';
  const number = overrides.application_number ?? '90000001';
  const { status, ...rest } = overrides;
  const blank = emptyRecord(office, number, 'test');
  return TrademarkRecord.parse({
    ...blank,
    mark_text: 'EXAMPLE',
    mark_type: 'word',
    filing_date: '2020-01-15',
    source_date: '2024-01-01',
    ...rest,
    status: { ...blank.status, primary: 'pending', stage: 'filed', ...status },
  });
};

export interface TempContext {
  ctx: Context;
  dir: string;
  cleanup: () => Promise<void>;
}

/** A context on a fresh store of the backend under test (test-backend.ts), with the clock fixed, and a temporary folder. */
export const tempContext = (now = '2026-11-22T12:00:00.000Z'): TempContext => {
  const dir = mkdtempSync(join(tmpdir(), 'tm-test-'));
  const db = storeLocation(dir);
  const ctx = createContext({ db, now });
  return {
    ctx,
    dir,
    cleanup: async () => {
      await ctx.store.close();
      await releaseLocation(db);
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

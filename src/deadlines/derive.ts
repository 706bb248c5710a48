// The derived block for one record as of a date (spec §2.6–§2.8). Owned by the deadline engine.
import type { Derived } from '../core/schemas/derived.js';
import type { TrademarkRecord } from '../core/schemas/trademark.js';

export const computeDerived = (record: TrademarkRecord, asOfDate: string): Derived => {
  void record;
  return {
    as_of_date: asOfDate,
    expiry_date: null,
    term: { state: 'not_applicable', grace_expiry_date: null, restoration_expiry_date: null, renewed: false },
    deadlines: { items: [], unsupported: [] },
    opposition_window: { supported: false, reason: 'unsupported_office' },
  };
};

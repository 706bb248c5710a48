// The derived block for one stored record as of a date (spec §2.6–§2.8): maps the record to the
// engine's subject (events become filings through the office's evidence codes) and derives it.
import type { Derived } from '../core/schemas/derived.js';
import type { TrademarkRecord } from '../core/schemas/trademark.js';
import { getCatalog } from './catalog.js';
import { deriveSubject, type DeriveOptions } from './engine.js';
import { subjectFromRecord } from './subject.js';

export const computeDerived = (record: TrademarkRecord, asOfDate: string, options: DeriveOptions = {}): Derived => {
  const catalog = options.catalog ?? getCatalog();
  const subject = subjectFromRecord(record, catalog.offices.get(record.office_code));
  return deriveSubject(subject, asOfDate, { ...options, catalog });
};

// The blank normalised record: every field the office did not publish is null or empty. Parsers,
// generators and tests start from it and fill in what they know.
import { trademarkId } from './ids.js';
import type { TrademarkRecord } from './schemas/trademark.js';

/** The status of a record whose office published none (a fresh object each call). */
export const unknownStatus = (): TrademarkRecord['status'] => ({
  primary: 'unknown',
  stage: 'unknown',
  reason: null,
  challenges: [],
  effective_date: null,
  basis: 'office',
  raw: null,
});

export const emptyRecord = (
  officeCode: string,
  applicationNumber: string,
  sourceFormat: string,
): TrademarkRecord => ({
  id: trademarkId(officeCode, applicationNumber),
  object: 'trademark',
  office_code: officeCode,
  application_number: applicationNumber,
  registration_number: null,
  mark_text: null,
  mark_type: null,
  disclaimer: null,
  status: unknownStatus(),
  register: null,
  filing_date: null,
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
  source_format: sourceFormat,
  source_date: null,
});

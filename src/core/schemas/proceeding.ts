// A Trademark Trial and Appeal Board proceeding (USPTO TTAB proceedings XML, DTD v1.0): an
// opposition, cancellation, ex parte appeal, extension of time to oppose or other board case, with
// its parties, the marks each party is on record with, and its prosecution history. Ingest produces
// it; the store keeps it; the current-shape `proceeding` resource (spec §4.5) is built from it.
import { z } from 'zod';
import { IsoDate } from './parts.js';

const date = IsoDate.nullable();

export const ProceedingProperty = z.object({
  /** The stored-mark id the application (serial) number maps to, whether or not the mark is stored. */
  trademark_id: z.string().nullable(),
  application_number: z.string().nullable(),
  registration_number: z.string().nullable(),
  mark_text: z.string().nullable(),
});
export type ProceedingProperty = z.infer<typeof ProceedingProperty>;

export const ProceedingAddress = z.object({
  /** The board's address type code, verbatim (C: correspondence). */
  type_code: z.string().nullable(),
  name: z.string().nullable(),
  organization: z.string().nullable(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country_code: z.string().nullable(),
  postal_code: z.string().nullable(),
});

export const ProceedingParty = z.object({
  role: z.enum(['plaintiff', 'defendant', 'other']),
  /** The board's role code, verbatim (P, D, …). */
  role_code: z.string().nullable(),
  name: z.string(),
  properties: z.array(ProceedingProperty),
  addresses: z.array(ProceedingAddress),
});
export type ProceedingParty = z.infer<typeof ProceedingParty>;

export const ProsecutionEntry = z.object({
  code: z.string().nullable(),
  type_code: z.string().nullable(),
  date,
  due_date: date,
  text: z.string().nullable(),
});

export const ProceedingRecord = z.object({
  id: z.string().regex(/^prc_[0-9a-f]+$/),
  object: z.literal('proceeding'),
  office_code: z.string().regex(/^[A-Z]{2}$/),
  /** The board's number: 91… oppositions, 92… cancellations; an appeal or extension carries the application's own number. */
  number: z.string(),
  type_code: z.string().nullable(),
  filing_date: date,
  status_code: z.string().nullable(),
  status_update_date: date,
  interlocutory_attorney: z.string().nullable(),
  parties: z.array(ProceedingParty),
  prosecution_history: z.array(ProsecutionEntry),
  source_format: z.string(),
});
export type ProceedingRecord = z.infer<typeof ProceedingRecord>;

// A recorded assignment (USPTO Assignment Center / assignment bulk data): one conveyance document
// with its reel/frame, parties and the marks it touches. Ingest produces it; the store keeps it;
// the current-shape `assignment` resource (spec §4.2, §4.5) is built from it.
import { z } from 'zod';
import { IsoDate } from './parts.js';

const date = IsoDate.nullable();

export const AssignmentParty = z.object({
  name: z.string(),
  execution_date: date.describe('Date this party signed, where the office gives one per party'),
  country_code: z.string().nullable(),
});
export type AssignmentParty = z.infer<typeof AssignmentParty>;

export const AssignmentProperty = z.object({
  /** The stored-mark id the serial number maps to (deterministic, whether or not the mark is stored). */
  trademark_id: z.string().nullable(),
  serial_number: z.string().nullable(),
  registration_number: z.string().nullable(),
  ir_number: z.string().nullable(),
  mark_text: z.string().nullable(),
  filing_date: date,
  registration_date: date,
  /** The owner the office listed for the mark when the document was exported, verbatim. */
  current_owner: z.string().nullable(),
});
export type AssignmentProperty = z.infer<typeof AssignmentProperty>;

export const AssignmentRecord = z.object({
  id: z.string().regex(/^asg_[0-9a-f]+$/),
  object: z.literal('assignment'),
  office_code: z.string().regex(/^[A-Z]{2}$/),
  reel_frame: z.string().describe('Reel and frame where the office recorded the document, e.g. 9006/0093'),
  conveyance: z.string().nullable().describe("The office's conveyance text, e.g. ASSIGNS THE ENTIRE INTEREST; null when the source omits it"),
  execution_date: date,
  recorded_date: date,
  assignors: z.array(AssignmentParty),
  assignees: z.array(AssignmentParty),
  correspondent: z.string().nullable(),
  properties: z.array(AssignmentProperty),
  source_format: z.string(),
});
export type AssignmentRecord = z.infer<typeof AssignmentRecord>;

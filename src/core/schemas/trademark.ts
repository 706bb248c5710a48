// The normalised trademark record (what ingest produces and the store keeps) and the current
// row shape of spec §2.6 (the record plus `derived`, and `match`/`relevance_score` on hits).
import { z } from 'zod';
import { TrademarkStatus } from './status.js';
import { Derived } from './derived.js';
import {
  Attorney,
  Classification,
  DesignCode,
  IsoDate,
  Media,
  Owner,
  PriorRegistration,
  ProsecutionEvent,
  TrademarkRegister,
} from './parts.js';

const date = IsoDate.nullable();

export const TrademarkRecord = z.object({
  id: z.string().regex(/^tm_[0-9a-z]+$/),
  object: z.literal('trademark'),
  office_code: z.string().regex(/^[A-Z]{2}$/),
  application_number: z.string().min(1),
  registration_number: z.string().nullable(),
  mark_text: z.string().nullable(),
  mark_type: z.string().nullable(),
  disclaimer: z.string().nullable(),
  status: TrademarkStatus,
  register: TrademarkRegister.nullable(),
  filing_date: date,
  registration_date: date,
  publication_date: date,
  expiry_date: date,
  renewal_due_date: date,
  last_renewal_date: date,
  priority_date: date,
  protection_effective_date: date,
  ir_number: z.string().nullable(),
  ir_date: date,
  designations: z.array(z.string()),
  territory_count: z.number().int().nullable().describe('On an international registration and each of its designations: how many territories the IR designates (a WO record is no territory); null outside any IR'),
  owners: z.array(Owner),
  attorneys: z.array(Attorney),
  classifications: z.array(Classification),
  design_codes: z.array(DesignCode),
  media: z.array(Media),
  events: z.array(ProsecutionEvent),
  /** Only where the office data carries a claim; absent otherwise, so older stored records keep their hash. */
  prior_registrations: z.array(PriorRegistration).optional().describe('Registrations the applicant claims as its own (cited as prior registrations)'),
  source_format: z.string(),
  source_date: date,
  /**
   * Only where the office's data says whether it withdrew the published record; absent otherwise, so
   * older stored records keep their hash (absent reads as false).
   */
  is_retracted: z.boolean().optional().describe('The office retracted (withdrew) its published record; present only where the office publishes it'),
});
export type TrademarkRecord = z.infer<typeof TrademarkRecord>;

export const MatchTier = z.enum(['identical', 'near_identical', 'similar', 'related']);
export type MatchTier = z.infer<typeof MatchTier>;

export const Match = z.object({
  via: z.array(z.string()),
  tier: MatchTier,
  terms: z.array(z.string()),
  /** Extension: the family that made the marks alike and why, in plain words (docs/search.md). */
  family: z.string().nullable().optional().describe('The way of copying a mark the pair shows (same_text, split_join, plural, one_edit, transposition, two_edits, homophone, letter_name, lookalike, contains), null for a looser resemblance'),
  reason: z.string().optional().describe('Why the marks are alike, in plain words: "sounds the same: PH and F", "one letter changed: I and Y"'),
  details: z.object({ lanes: z.record(z.string(), z.number()) }).optional(),
});
export type Match = z.infer<typeof Match>;

export const TrademarkRow = TrademarkRecord.omit({ events: true }).extend({
  derived: Derived,
  relevance_score: z.number().min(0).max(100).nullable().optional(),
  match: Match.optional(),
});
export type TrademarkRow = z.infer<typeof TrademarkRow>;

export const TrademarkDetail = TrademarkRecord.extend({ derived: Derived });
export type TrademarkDetail = z.infer<typeof TrademarkDetail>;

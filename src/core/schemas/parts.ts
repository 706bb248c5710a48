// The parts of a trademark row (spec §2.3–§2.6): register, design codes, addresses, parties,
// classifications, media and prosecution events.
import { z } from 'zod';
import { isIsoDate } from '../dates.js';

/** A real calendar date as YYYY-MM-DD: 2027-02-30 is refused, never rolled over to March. */
export const IsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD')
  .refine((s) => !/^\d{4}-\d{2}-\d{2}$/.test(s) || isIsoDate(s), { error: (issue) => `${String(issue.input)} is not a calendar date` });

export const TrademarkRegister = z.object({
  type: z.string().nullable(),
  acquired_distinctiveness: z.enum(['full', 'partial']).nullable(),
  is_incontestable: z.boolean().nullable(),
  standard_characters_claimed: z.boolean().nullable(),
});
export type TrademarkRegister = z.infer<typeof TrademarkRegister>;

export const DesignCode = z.object({
  system: z.enum(['vienna', 'us_design_search', 'other']),
  code: z.string(),
  edition: z.string().nullable(),
});
export type DesignCode = z.infer<typeof DesignCode>;

export const Address = z.object({
  lines: z.array(z.string()),
  city: z.string().nullable(),
  region: z.string().nullable(),
  postal_code: z.string().nullable(),
  country_code: z.string().nullable(),
  formatted: z.string().nullable(),
});
export type Address = z.infer<typeof Address>;

export const Owner = z.object({
  owner_id: z.string().regex(/^own_/),
  entity_id: z.string().regex(/^ent_/).nullable(),
  name: z.string(),
  entity_type: z.string().nullable(),
  nationality: z.string().nullable(),
  role: z.string().nullable(),
  address: Address.nullable(),
});
export type Owner = z.infer<typeof Owner>;

export const Attorney = z.object({
  name: z.string(),
  firm: z.string().nullable(),
  role: z.enum(['attorney', 'representative', 'correspondent']),
  address: Address.nullable(),
});
export type Attorney = z.infer<typeof Attorney>;

export const Classification = z.object({
  nice_class: z.number().int().min(1).max(45).nullable(),
  goods_services: z.string().nullable(),
  class_status: z.string().nullable(),
  first_use_date: IsoDate.nullable(),
  first_use_in_commerce_date: IsoDate.nullable(),
  office_classes: z.array(z.string()),
});
export type Classification = z.infer<typeof Classification>;

export const Media = z.object({
  kind: z.string(),
  url: z.string().nullable(),
  drawing_code: z.string().nullable(),
  design_codes: z.array(DesignCode),
});
export type Media = z.infer<typeof Media>;

export const ProsecutionEvent = z.object({
  date: IsoDate.nullable(),
  office_code: z.string(),
  raw: z.object({ code: z.string().nullable(), label: z.string().nullable() }),
  description: z.string().nullable(),
});
export type ProsecutionEvent = z.infer<typeof ProsecutionEvent>;

/** A registration the applicant claims to own already (USPTO "prior registrations"), as the office wrote its number. */
export const PriorRegistration = z.object({
  office_code: z.string().regex(/^[A-Z]{2}$/),
  registration_number: z.string().min(1),
});
export type PriorRegistration = z.infer<typeof PriorRegistration>;

// Status object of spec §2.2: the normalised status with the office's verbatim code and label.
import { z } from 'zod';

export const StatusPrimary = z.enum(['pending', 'active', 'inactive', 'unknown', 'mixed']);
export type StatusPrimary = z.infer<typeof StatusPrimary>;

export const StatusBasis = z.enum(['office', 'event_derived', 'dispatch_derived', 'computed']);

export const OfficeRawValue = z.object({
  code: z.string().nullable(),
  label: z.string().nullable(),
});
export type OfficeRawValue = z.infer<typeof OfficeRawValue>;

export const TrademarkStatus = z.object({
  primary: StatusPrimary,
  stage: z.string(),
  reason: z.string().nullable(),
  challenges: z.array(z.string()),
  effective_date: z.string().nullable(),
  basis: StatusBasis,
  raw: OfficeRawValue.nullable(),
});
export type TrademarkStatus = z.infer<typeof TrademarkStatus>;

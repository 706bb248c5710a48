// The current-shape `proceeding` resource (spec §4.5 `/v1/proceedings/{id}`, keyed by
// `application_number` in place of the board's serial/proceeding number) built from a stored
// TTAB proceeding record.
import { z } from 'zod';
import { ProceedingAddress, ProceedingProperty, type ProceedingRecord } from '../../core/schemas/proceeding.js';
import { IsoDate } from '../../core/schemas/parts.js';
import { isOpen, proceedingKind, statusLabel, TTAB_TYPES } from '../../parties/proceedings.js';

export const Proceeding = z.object({
  id: z.string().describe('prc_ id, one per board proceeding'),
  object: z.literal('proceeding'),
  office_code: z.string(),
  application_number: z
    .string()
    .describe("The board's number for the proceeding: 91… oppositions, 92… cancellations; an appeal or extension of time carries the application's own number"),
  kind: z.string().describe('opposition, cancellation, ex_parte_appeal, extension_of_time, concurrent_use, interference, or other'),
  type: z.object({ code: z.string().nullable(), label: z.string().nullable() }).describe("The board's type code verbatim (OPP, CAN, EXA, EXT …) and its meaning"),
  filing_date: IsoDate.nullable(),
  status: z.object({
    open: z.boolean().describe('False once the board marks it terminated (status code 9)'),
    code: z.string().nullable().describe("The board's status code, verbatim"),
    label: z.string().nullable().describe('Meaning of the code where the USPTO documents it (2 pending, 9 terminated), else null'),
    updated_date: IsoDate.nullable(),
  }),
  interlocutory_attorney: z.string().nullable(),
  parties: z.array(
    z.object({
      role: z.enum(['plaintiff', 'defendant', 'other']),
      role_code: z.string().nullable(),
      name: z.string(),
      properties: z.array(ProceedingProperty).describe('Marks this party is on record with: the challenged application of a defendant, the pleaded marks of a plaintiff'),
      addresses: z.array(ProceedingAddress),
    }),
  ),
  prosecution_history: z.array(
    z.object({ code: z.string().nullable(), type_code: z.string().nullable(), date: IsoDate.nullable(), due_date: IsoDate.nullable(), text: z.string().nullable() }),
  ),
  trademark_ids: z.array(z.string()).describe('Every mark the proceeding names, whether or not it is stored'),
});
export type Proceeding = z.infer<typeof Proceeding>;

export const toProceeding = (p: ProceedingRecord): Proceeding => ({
  id: p.id,
  object: 'proceeding',
  office_code: p.office_code,
  application_number: p.number,
  kind: proceedingKind(p),
  type: { code: p.type_code, label: (p.type_code && TTAB_TYPES[p.type_code]?.label) || null },
  filing_date: p.filing_date,
  status: { open: isOpen(p), code: p.status_code, label: statusLabel(p), updated_date: p.status_update_date },
  interlocutory_attorney: p.interlocutory_attorney,
  parties: p.parties,
  prosecution_history: p.prosecution_history,
  trademark_ids: [...new Set(p.parties.flatMap((x) => x.properties.flatMap((m) => (m.trademark_id ? [m.trademark_id] : []))))],
});

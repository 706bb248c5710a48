// The current-shape `assignment` resource (spec §4.2 `/v1/trademarks/{id}/assignments`, §4.5
// `/v1/assignments`) built from a stored assignment record, and a link of a mark's chain of title.
import { z } from 'zod';
import { AssignmentProperty, type AssignmentRecord } from '../../core/schemas/assignment.js';
import { IsoDate } from '../../core/schemas/parts.js';
import { conveyanceKind } from '../../parties/chain.js';

const KINDS = ['transfer', 'name_change', 'security', 'release', 'license', 'other', 'unknown'] as const;

export const Assignment = z.object({
  id: z.string().describe('asg_ id, one per recorded document (office and reel/frame)'),
  object: z.literal('assignment'),
  office_code: z.string(),
  trademark_id: z.string().nullable().describe('The mark this row is listed for; on /v1/assignments, the first property'),
  reel_frame: z.string(),
  conveyance: z.string().nullable().describe("The office's conveyance text, e.g. ASSIGNS THE ENTIRE INTEREST; null when the source omits it"),
  conveyance_kind: z.enum(KINDS).describe('What the conveyance does to title; `unknown` when the source gives no conveyance text'),
  execution_date: IsoDate.nullable(),
  recorded_date: IsoDate.nullable(),
  assignors: z.array(z.string()),
  assignees: z.array(z.string()),
  correspondent: z.string().nullable(),
  properties: z.array(AssignmentProperty),
});
export type Assignment = z.infer<typeof Assignment>;

export const ChainLink = z.object({
  assignment_id: z.string(),
  reel_frame: z.string(),
  conveyance_kind: z.enum(KINDS),
  date: IsoDate.nullable().describe('Recorded date, else execution date'),
  from: z.array(z.string()),
  to: z.array(z.string()),
  linked: z.boolean().describe('False where no assignor is the owner the previous link left: a gap in the record'),
});

export const toAssignment = (a: AssignmentRecord, trademarkId: string | null = null): Assignment => ({
  id: a.id,
  object: 'assignment',
  office_code: a.office_code,
  trademark_id: trademarkId ?? a.properties.find((p) => p.trademark_id)?.trademark_id ?? null,
  reel_frame: a.reel_frame,
  conveyance: a.conveyance,
  conveyance_kind: conveyanceKind(a.conveyance),
  execution_date: a.execution_date,
  recorded_date: a.recorded_date,
  assignors: a.assignors.map((p) => p.name),
  assignees: a.assignees.map((p) => p.name),
  correspondent: a.correspondent,
  properties: a.properties,
});

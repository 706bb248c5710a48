// Public shapes of portfolios (spec §4.5 "not shown beyond the names"; docs/monitoring.md): the
// portfolio object, a member mark with its `external_ref`, and the add/remove result.
import { z } from 'zod';
import type { TrademarkRecord } from '../core/schemas/trademark.js';
import type { MemberRow, PortfolioRow } from '../store/portfolio-repo.js';

export const Metadata = z.record(z.string(), z.unknown()).describe('Free-form JSON object, at most 8 KB serialised');

export const Portfolio = z.object({
  id: z.string(),
  object: z.literal('portfolio'),
  name: z.string(),
  description: z.string().nullable(),
  metadata: Metadata,
  mark_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Portfolio = z.infer<typeof Portfolio>;

export const PortfolioMark = z.object({
  trademark_id: z.string(),
  office_code: z.string().nullable(),
  application_number: z.string().nullable(),
  registration_number: z.string().nullable(),
  mark_text: z.string().nullable(),
  status: z.string().nullable(),
  external_ref: z.string().nullable(),
  added_at: z.string(),
});

export const PortfolioDetail = Portfolio.extend({
  marks: z.array(PortfolioMark),
  marks_has_more: z.boolean(),
  marks_cursor: z.string().nullable().describe('Pass as marks_after to read the next marks'),
  request_id: z.string().nullable(),
});

export const MemberError = z.object({ ref: z.string(), type: z.string(), detail: z.string() });

export const MembershipResult = z.object({
  object: z.literal('portfolio_membership'),
  portfolio_id: z.string(),
  changed: z.array(z.string()).describe('Trademark ids added (or removed)'),
  unchanged: z.array(z.string()).describe('Ids already in (or not in) the portfolio'),
  errors: z.array(MemberError).describe('Items that could not be resolved, one entry each; the others were applied'),
  mark_count: z.number().int(),
  request_id: z.string().nullable(),
});

export const toPortfolio = (row: PortfolioRow): Portfolio => ({
  id: row.id,
  object: 'portfolio',
  name: row.name,
  description: row.description,
  metadata: JSON.parse(row.metadata) as Record<string, unknown>,
  mark_count: row.mark_count,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

export const toPortfolioMark = (m: MemberRow, r: TrademarkRecord | undefined): z.infer<typeof PortfolioMark> => ({
  trademark_id: m.trademark_id,
  office_code: r?.office_code ?? null,
  application_number: r?.application_number ?? null,
  registration_number: r?.registration_number ?? null,
  mark_text: r?.mark_text ?? null,
  status: r?.status.primary ?? null,
  external_ref: m.external_ref,
  added_at: m.added_at,
});

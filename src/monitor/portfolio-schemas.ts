// Public shapes of portfolios (spec §4.5 "not shown beyond the names"; docs/monitoring.md): the
// portfolio object, a member mark with its `external_ref`, and the add/remove result.
import { z } from 'zod';
import { TrademarkRow } from '../core/schemas/trademark.js';
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

/** A member mark: the current trademark row (spec §2.6, as search and lists serve it) with the
 *  membership's `external_ref` and `added_at`; `trademark_id` repeats `id` for older clients. */
export const PortfolioMark = TrademarkRow.extend({
  trademark_id: z.string(),
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

export const toPortfolioMark = (m: MemberRow, row: TrademarkRow): z.infer<typeof PortfolioMark> => ({
  ...row,
  trademark_id: m.trademark_id,
  external_ref: m.external_ref,
  added_at: m.added_at,
});

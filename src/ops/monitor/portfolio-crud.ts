// Portfolio operations: create, list, get (with its marks), update and delete. Every portfolio
// belongs to the caller's organization; another organization's id reads as 404.
import { z } from 'zod';
import { listEnvelope } from '../../core/schemas/envelope.js';
import { randomId } from '../../core/ids.js';
import type { Context } from '../../context.js';
import { checkMetadata, checkPrefix, notFound, ownerOrg } from '../../monitor/org.js';
import { Metadata, Portfolio, PortfolioDetail, toPortfolio, toPortfolioMark } from '../../monitor/portfolio-schemas.js';
import type { PortfolioRow } from '../../store/portfolio-repo.js';
import { defineOp } from '../define-op.js';
import { cursorPosition, listPage, pagingInput } from '../paging.js';
import { toRow } from '../rows.js';
import { recordsWithIrFamilies } from '../trademarks/ir-family.js';

const PortfolioId = z.string().min(1).describe('Portfolio id (ptf_…)');
const Name = z.string().trim().min(1).max(200);
const Description = z.string().max(2000).nullable();

/** The caller's portfolio, or 404 (also for another organization's id). */
export const requirePortfolio = async (ctx: Context, id: string, param = 'id'): Promise<PortfolioRow> => {
  checkPrefix(id, 'ptf_', 'portfolio', param);
  const row = await ctx.store.portfolios.get(ownerOrg(ctx), id);
  if (!row) throw notFound('portfolio', id, param);
  return row;
};

const withRequest = (ctx: Context, row: PortfolioRow) => ({ ...toPortfolio(row), request_id: ctx.requestId });
const PortfolioResponse = Portfolio.extend({ request_id: z.string().nullable() });

export const createPortfolio = defineOp({
  name: 'create_portfolio',
  summary: 'Create a portfolio',
  description: 'Creates an empty portfolio of marks (a client, a brand family). Add marks with add_portfolio_marks.',
  scope: 'portfolios:manage',
  meter: 'monitoring',
  readOnly: false,
  http: { method: 'POST', path: '/v1/portfolios' },
  cli: { command: 'portfolios create <name>' },
  input: z.strictObject({ name: Name, description: Description.optional(), metadata: Metadata.optional() }),
  output: PortfolioResponse,
  run: async (ctx, input) => {
    const at = ctx.clock.now().toISOString();
    const row = { id: randomId('ptf_'), org_id: ownerOrg(ctx), name: input.name, description: input.description ?? null, metadata: checkMetadata(input.metadata), created_at: at, updated_at: at };
    await ctx.store.portfolios.create(row);
    return withRequest(ctx, { ...row, mark_count: 0 });
  },
});

export const listPortfolios = defineOp({
  name: 'list_portfolios',
  summary: "List the organization's portfolios",
  scope: 'trademarks:read',
  meter: 'monitoring',
  readOnly: true,
  http: { method: 'GET', path: '/v1/portfolios' },
  cli: { command: 'portfolios list' },
  input: z.strictObject({ ...pagingInput }),
  output: listEnvelope(Portfolio),
  run: async (ctx, input) => {
    const binding = { op: 'list_portfolios', org: ownerOrg(ctx) };
    const offset = await cursorPosition(ctx, input.cursor, binding);
    const rows = await ctx.store.portfolios.list(ownerOrg(ctx), offset, input.limit + 1);
    return listPage(ctx, rows.map(toPortfolio), input.limit, () => offset + input.limit, binding);
  },
});

export const getPortfolio = defineOp({
  name: 'get_portfolio',
  summary: 'Get a portfolio with its marks',
  description: 'Returns the portfolio, `mark_count`, and its marks in trademark-id order (`marks_limit` per call; page with `marks_after`): each a full trademark row (as search returns) with its `external_ref` and `added_at`.',
  scope: 'trademarks:read',
  meter: 'monitoring',
  readOnly: true,
  http: { method: 'GET', path: '/v1/portfolios/{id}' },
  cli: { command: 'portfolios show <id>' },
  input: z.strictObject({
    id: PortfolioId,
    marks_limit: z.number().int().min(0).max(1000).default(100).describe('Marks listed, 0 to 1000 (default 100)'),
    marks_after: z.string().optional().describe('List marks after this trademark id (marks_cursor of the previous call)'),
  }),
  output: PortfolioDetail,
  run: async (ctx, input) => {
    const row = await requirePortfolio(ctx, input.id);
    const members = await ctx.store.portfolios.members(row.id, input.marks_after ?? '', input.marks_limit + 1);
    const page = members.slice(0, input.marks_limit);
    const records = await recordsWithIrFamilies(ctx, page.map((m) => m.trademark_id));
    const more = members.length > input.marks_limit;
    return {
      ...toPortfolio(row),
      // Members are kept by id; a mark no longer in the store (never deleted by tm itself) is left out.
      marks: page.flatMap((m) => {
        const record = records.get(m.trademark_id);
        return record ? [toPortfolioMark(m, toRow(ctx, record))] : [];
      }),
      marks_has_more: more,
      marks_cursor: more ? page[page.length - 1]!.trademark_id : null,
      request_id: ctx.requestId,
    };
  },
});

export const updatePortfolio = defineOp({
  name: 'update_portfolio',
  summary: 'Update a portfolio (only the fields sent change)',
  scope: 'portfolios:manage',
  meter: 'monitoring',
  readOnly: false,
  http: { method: 'PATCH', path: '/v1/portfolios/{id}' },
  cli: { command: 'portfolios update <id>' },
  input: z.strictObject({ id: PortfolioId, name: Name.optional(), description: Description.optional(), metadata: Metadata.optional() }),
  output: PortfolioResponse,
  run: async (ctx, input) => {
    const row = await requirePortfolio(ctx, input.id);
    const at = ctx.clock.now().toISOString();
    const fields = {
      name: input.name ?? row.name,
      description: input.description === undefined ? row.description : input.description,
      metadata: input.metadata === undefined ? row.metadata : checkMetadata(input.metadata),
    };
    await ctx.store.portfolios.update(row.org_id, row.id, fields, at);
    return withRequest(ctx, { ...row, ...fields, updated_at: at });
  },
});

export const deletePortfolio = defineOp({
  name: 'delete_portfolio',
  summary: 'Delete a portfolio (its marks stay in the store)',
  scope: 'portfolios:manage',
  meter: 'monitoring',
  readOnly: false,
  http: { method: 'DELETE', path: '/v1/portfolios/{id}' },
  cli: { command: 'portfolios delete <id>' },
  input: z.strictObject({ id: PortfolioId }),
  output: z.object({ id: z.string(), object: z.literal('portfolio'), deleted: z.literal(true), request_id: z.string().nullable() }),
  run: async (ctx, input) => {
    const row = await requirePortfolio(ctx, input.id);
    await ctx.store.portfolios.delete(row.org_id, row.id, ctx.clock.now().toISOString());
    return { id: row.id, object: 'portfolio' as const, deleted: true as const, request_id: ctx.requestId };
  },
});

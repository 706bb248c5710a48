// Portfolio membership: add marks (with an optional `external_ref`, the client's docket number),
// remove marks, and `tm portfolios import clients.csv`. Unknown marks are reported one by one and
// the others are applied; marks already in are left alone.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Context } from '../../context.js';
import { TmError } from '../../errors.js';
import { randomId } from '../../core/ids.js';
import { ownerOrg } from '../../monitor/org.js';
import { MembershipResult } from '../../monitor/portfolio-schemas.js';
import { parseCsv } from '../../monitor/csv.js';
import { defineOp } from '../define-op.js';
import { resolveTrademark } from '../resolve-id.js';
import { requirePortfolio } from './portfolio-crud.js';

const MemberItem = z.union([
  z.string().min(1),
  z.strictObject({ id: z.string().min(1), external_ref: z.string().max(200).nullable().optional() }),
]);

type Resolved = { trademark_id: string; external_ref: string | null | undefined };

/** Resolves each reference (`tm_…` or `OFFICE:number`); failures become per-item errors. */
const resolveAll = async (ctx: Context, items: z.infer<typeof MemberItem>[]) => {
  const ok: Resolved[] = [];
  const errors: { ref: string; type: string; detail: string }[] = [];
  for (const item of items) {
    const ref = typeof item === 'string' ? item : item.id;
    try {
      const record = await resolveTrademark(ctx, ref, 'trademark_ids');
      ok.push({ trademark_id: record.id, external_ref: typeof item === 'string' ? undefined : item.external_ref });
    } catch (err) {
      if (!(err instanceof TmError)) throw err;
      errors.push({ ref, type: err.type, detail: err.message });
    }
  }
  return { ok, errors };
};

const addMarks = async (ctx: Context, portfolioId: string, items: Resolved[], errors: { ref: string; type: string; detail: string }[]) => {
  const row = await requirePortfolio(ctx, portfolioId);
  const added = new Set(await ctx.store.portfolios.addMembers(row.org_id, row.id, items, ctx.clock.now().toISOString()));
  const after = await requirePortfolio(ctx, portfolioId);
  return {
    object: 'portfolio_membership' as const,
    portfolio_id: row.id,
    changed: [...added],
    unchanged: [...new Set(items.map((i) => i.trademark_id))].filter((id) => !added.has(id)),
    errors,
    mark_count: after.mark_count,
    request_id: ctx.requestId,
  };
};

export const addPortfolioMarks = defineOp({
  name: 'add_portfolio_marks',
  summary: 'Add marks to a portfolio',
  description:
    'Adds 1 to 100 marks, each a `tm_` id or `OFFICE:number`, or an object `{id, external_ref}` carrying the client docket number. Marks already in are ignored (a new external_ref replaces the old); unknown marks are listed in `errors` and the others are added.',
  scope: 'portfolios:manage',
  meter: 'monitoring',
  readOnly: false,
  http: { method: 'POST', path: '/v1/portfolios/{id}/marks' },
  cli: { command: 'portfolios add <id> <trademark_ids...>' },
  input: z.strictObject({ id: z.string().min(1), trademark_ids: z.array(MemberItem).min(1).max(100) }),
  output: MembershipResult,
  run: async (ctx, input) => {
    await requirePortfolio(ctx, input.id);
    const { ok, errors } = await resolveAll(ctx, input.trademark_ids);
    return addMarks(ctx, input.id, ok, errors);
  },
});

export const removePortfolioMarks = defineOp({
  name: 'remove_portfolio_marks',
  summary: 'Remove marks from a portfolio',
  scope: 'portfolios:manage',
  meter: 'monitoring',
  readOnly: false,
  http: { method: 'POST', path: '/v1/portfolios/{id}/marks/remove' },
  cli: { command: 'portfolios remove <id> <trademark_ids...>' },
  input: z.strictObject({ id: z.string().min(1), trademark_ids: z.array(z.string().min(1)).min(1).max(100) }),
  output: MembershipResult,
  run: async (ctx, input) => {
    const row = await requirePortfolio(ctx, input.id);
    const { ok, errors } = await resolveAll(ctx, input.trademark_ids);
    const ids = [...new Set(ok.map((r) => r.trademark_id))];
    const removed = new Set(await ctx.store.portfolios.removeMembers(row.org_id, row.id, ids, ctx.clock.now().toISOString()));
    return {
      object: 'portfolio_membership' as const,
      portfolio_id: row.id,
      changed: [...removed],
      unchanged: ids.filter((id) => !removed.has(id)),
      errors,
      mark_count: (await requirePortfolio(ctx, input.id)).mark_count,
      request_id: ctx.requestId,
    };
  },
});

const columnOf = (header: string[], names: string[], file: string): number => {
  const i = header.findIndex((h) => names.includes(h.trim().toLowerCase()));
  if (i < 0) throw new TmError('input_error', `${file}: the header has no ${names[0]} column (found: ${header.join(', ')}).`, { param: 'file' });
  return i;
};

export const importPortfolio = defineOp({
  name: 'import_portfolio',
  summary: 'Import marks into a portfolio from a CSV of office, number and external_ref',
  description:
    'Reads a CSV with a header row naming `office`, `number` and optionally `external_ref` (the client docket number). Adds every mark found to the portfolio given first, as `portfolios add` takes it (`tm portfolios import ptf_… clients.csv`), or with the file alone to a new portfolio named `--name` (default: the file name). Rows naming unknown marks are listed in `errors`; the CLI names them on stderr and exits 3 after importing the rest.',
  scope: 'portfolios:manage',
  meter: 'monitoring',
  readOnly: false,
  local: true,
  // Both optional for commander: `import FILE` creates a portfolio, `import ID FILE` adds to one.
  cli: { command: 'portfolios import [id] [file]' },
  input: z.strictObject({
    id: z.string().min(1).optional().describe('The portfolio (ptf_…) to add to, as in portfolios add; with the file alone, the file'),
    file: z.string().min(1).optional().describe('The CSV file'),
    name: z.string().trim().min(1).max(200).optional().describe('Name of the new portfolio (default: the file name)'),
  }),
  output: MembershipResult.extend({ rows: z.number().int() }),
  run: async (ctx, given) => {
    const file = given.file ?? given.id;
    if (!file) throw new TmError('validation_error', 'Name the CSV file: tm portfolios import [PORTFOLIO_ID] FILE.', { param: 'file' });
    const input = { ...given, file, portfolio: given.file ? given.id : undefined };
    let text: string;
    try {
      text = readFileSync(input.file, 'utf8');
    } catch (err) {
      throw new TmError('input_error', `${input.file}: ${(err as Error).message}`, { param: 'file' });
    }
    const [header, ...rows] = parseCsv(text, input.file).filter((r) => r.some((c) => c.trim() !== ''));
    if (!header) throw new TmError('input_error', `${input.file}: the file is empty.`, { param: 'file' });
    const office = columnOf(header, ['office', 'office_code'], input.file);
    const number = columnOf(header, ['number', 'application_number', 'serial_number'], input.file);
    const ref = header.findIndex((h) => h.trim().toLowerCase() === 'external_ref');
    let portfolioId = input.portfolio;
    if (portfolioId) await requirePortfolio(ctx, portfolioId, 'id');
    else {
      const at = ctx.clock.now().toISOString();
      portfolioId = randomId('ptf_');
      const name = input.name ?? input.file.replace(/^.*[\\/]/, '').replace(/\.csv$/i, '');
      await ctx.store.portfolios.create({ id: portfolioId, org_id: ownerOrg(ctx), name, description: null, metadata: '{}', created_at: at, updated_at: at });
    }
    const ok: Resolved[] = [];
    const errors: { ref: string; type: string; detail: string }[] = [];
    rows.forEach((cells, i) => {
      const line = i + 2;
      const o = cells[office]?.trim() ?? '';
      const n = cells[number]?.trim() ?? '';
      if (!/^[A-Za-z]{2}$/.test(o) || !n) {
        errors.push({ ref: `line ${line}`, type: 'validation_error', detail: `line ${line}: expected a two-letter office and a number, got '${o}', '${n}'.` });
        return;
      }
      ok.push({ trademark_id: `${o.toUpperCase()}:${n}`, external_ref: ref >= 0 ? cells[ref]?.trim() || null : undefined });
    });
    const resolved: Resolved[] = [];
    for (const item of ok) {
      const id = await ctx.store.trademarks.findId(item.trademark_id.slice(0, 2), item.trademark_id.slice(3));
      if (id) resolved.push({ ...item, trademark_id: id });
      else errors.push({ ref: item.trademark_id, type: 'not_found', detail: `No trademark ${item.trademark_id}.` });
    }
    return { ...(await addMarks(ctx, portfolioId, resolved, errors)), rows: rows.length };
  },
});
